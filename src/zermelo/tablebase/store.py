"""A directory of value tables with a manifest: atomic, checksummed per block, resumable.

Each table is one flat file of bytes. A table appears only by atomic rename of a fully written
and flushed temporary file, and the manifest (format version, what the database covers, each
table's size, SHA-256, the SHA-256 of each :data:`BLOCK` bytes, and a *seal*) is replaced
atomically after it, so a build killed at any moment leaves either a finished table or none. A
finished table is never rewritten.

Opening validates the manifest: its shape, table names that stay inside the directory, and each
entry's seal, a SHA-256 over the database's header (game and variant), the table's name and the
entry's figures, so that an entry moved to another table's name (two tables swapped with their
entries) or to another variant's manifest, or a checksum edited by hand, is refused. Reading
checks each block of a table the first time a process serves a byte of it, and again whenever
the file's identity (device, inode, size, modification and change times) is not the one it was
checked under, so a table replaced or edited under a running process is checked again before
it is served; :meth:`Store.verify` checks every byte, and that every table the variant implies
is listed. This guards against accidents and mistakes, not against someone who owns the files:
anyone with write access who knows this scheme can write a table and a manifest that agree.

Temporary files have unique names, are created exclusively (never through a planted link) and
removed when a write fails, or by the next build when a process was killed; only regular files
are replaced. A build holds the directory's lock, so a second build refuses at once, and checks
the disk has room for its plan before it starts.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
import threading
from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs

from zermelo.core.errors import DataError
from zermelo.core.nesting import MAX_NESTING, too_deep
from zermelo.search.base import BudgetExhausted, remaining_budget

FORMAT_VERSION = 2
"""Format 2 adds per-block checksums and seals. Format 1 manifests (a whole-file SHA-256 per
table, no seals) are refused, also by a build: without seals two tables swapped with their
entries would be served, so such a database is removed and built again."""
MAX_MANIFEST = 64 << 20
"""The largest manifest or derived-data file read (a manifest of the standard Morris database,
its largest, is a few MB)."""
MANIFEST = "manifest.json"
LOCK = ".lock"
PARTS = ".parts"
"""The directory, inside a database's, of the blocks of tables a distributed build joins."""
BLOCK = 1 << 20
"""Bytes a block checksum covers: reading one position of a table checks 1 MiB."""
CHECK_EVERY = 64
"""Blocks checked between two looks at the search budget (a whole standard Morris database is
9,000 blocks, about 20 s: a request with less time goes on at its next ask)."""
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_BLOCK_SUM = re.compile(r"[0-9a-f]{32}")
_TABLE_TMP = re.compile(r"\.(?:[A-Za-z0-9_.-]+\.bin|manifest\.json)\.[^/]+\.tmp")

U8 = npt.NDArray[np.uint8]
Identity = tuple[int, int, int, int, int]
"""A file as it is now: device, inode, size, modification and change times (ns). Any write,
rename over it or ``touch`` changes it."""


def default_root() -> Path:
    """Where databases and books live: ``$ZERMELO_DATA``, else the user data directory."""
    env = os.environ.get("ZERMELO_DATA")
    return Path(env) if env else Path(platformdirs.user_data_dir("zermelo"))


def make_directory(path: Path) -> None:
    """Create the data directory ``path`` and its root (``--db``) but no missing parent of
    that root, so a mistyped ``--db`` never grows a tree somewhere unexpected; the default data
    root is created whole."""
    root = default_root()
    if path == root or path.parent == root:
        root.mkdir(parents=True, exist_ok=True)
    for folder in (path.parent, path):
        try:
            folder.mkdir(exist_ok=True)
        except FileNotFoundError:
            raise DataError(f"{folder.parent}: no such directory (create it first)") from None
        except OSError as error:
            raise DataError(f"{folder}: cannot create ({error.strerror})") from None


class DatabaseError(DataError):
    """A database that is missing, incomplete, corrupt or of another variant."""

    kind = "database"


class BuildInProgress(DatabaseError):
    """Another build (in this or another process) holds the directory's lock."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, which must be a regular file (not a symbolic link, a FIFO or a
    device, which could hang a reader or feed it without end) of at most ``limit`` bytes;
    :class:`DataError` naming it otherwise, ``FileNotFoundError`` when it is absent."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise DataError(f"{path}: a symbolic link, not a regular file") from None
        raise DataError(f"{path}: cannot read ({error.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{path}: not a regular file")
        if info.st_size > limit:
            raise DataError(f"{path}: {info.st_size:,} bytes, at most {limit:,} expected")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise DataError(f"{path}: more than {limit:,} bytes")
        return data
    finally:
        os.close(fd)


def regular_identity(path: Path) -> Identity:
    """The :data:`Identity` of ``path`` itself (a link is not followed); :class:`DataError`
    unless it is a regular file, ``OSError`` when it cannot be looked at."""
    info = path.lstat()
    if not stat.S_ISREG(info.st_mode):
        raise DataError(f"{path}: not a regular file")
    return identity(info)


def identity(stat: os.stat_result) -> Identity:
    """The :data:`Identity` of a file from its ``stat``."""
    return stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns


def database_identity(directory: Path) -> Hashable | None:
    """The identity of a database: of its manifest and of every table file beside it (None
    without a manifest), for caches of opened databases to notice any change."""
    try:
        found = [(MANIFEST, identity((directory / MANIFEST).stat()))]
        with os.scandir(directory) as entries:
            found += sorted((e.name, identity(e.stat())) for e in entries
                            if e.name.endswith(".bin"))
    except OSError:
        return None
    return tuple(found)


class Digest:
    """The SHA-256 of a stream of bytes and a checksum of each :data:`BLOCK` of it (the first
    128 bits of the block's SHA-256), computed in one pass."""

    def __init__(self) -> None:
        self.whole = hashlib.sha256()
        self.blocks: list[str] = []
        self.part = hashlib.sha256()
        self.filled = 0

    def update(self, data: bytes | U8) -> None:
        """Add the next bytes."""
        view = _bytes_of(data)
        self.whole.update(view)
        at = 0
        while at < len(view):
            take = min(BLOCK - self.filled, len(view) - at)
            self.part.update(view[at:at + take])
            self.filled += take
            at += take
            if self.filled == BLOCK:
                self.blocks.append(self.part.hexdigest()[:32])
                self.part, self.filled = hashlib.sha256(), 0

    def result(self) -> tuple[str, list[str]]:
        """(SHA-256 of everything, the checksum of each block)."""
        tail = [self.part.hexdigest()[:32]] if self.filled else []
        return self.whole.hexdigest(), self.blocks + tail


def digest_of(path: Path) -> tuple[str, list[str]]:
    """The SHA-256 of a file and the checksum of each of its blocks."""
    digest = Digest()
    with path.open("rb") as handle:
        while block := handle.read(4 * BLOCK):
            digest.update(block)
    return digest.result()


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, read in large blocks."""
    return digest_of(path)[0]


def _still_in_time(path: Path, done: int, total: int) -> None:
    """Raise :class:`BudgetExhausted` if the current budget's time is up while the blocks of
    ``path`` are being checked (the blocks checked so far stay checked for this process)."""
    seconds = remaining_budget()[1]
    if seconds is not None and seconds <= 0:
        raise BudgetExhausted(f"checking {path.name} ({100 * done // total} % of its blocks, "
                              "once a process): ask again shortly")


def block_sum(data: bytes | U8) -> str:
    """The checksum of one block."""
    return hashlib.sha256(_bytes_of(data)).hexdigest()[:32]


def _bytes_of(data: bytes | U8) -> memoryview:
    """The bytes of ``data`` without a copy (an array's, made contiguous first if need be)."""
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).data.cast("B")
    return memoryview(data)


def seal(header: dict[str, Any], name: str, size: int, sha256: str, blocks: list[str]) -> str:
    """What binds a manifest entry to its database and table: the SHA-256 of them all."""
    text = json.dumps([header, name, size, sha256, blocks], sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def umask() -> int:
    """This process's file mode creation mask, read without changing it (which would race
    with other threads) where Linux shows it, else set and restored at once."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path: Path, data: bytes | U8 | Iterable[bytes | U8]) -> None:
    """Write ``data`` (or its blocks, one after the other) to ``path`` through a flushed
    temporary file and a rename, so that an interrupted write never leaves half a file. The
    temporary file has a unique name and is created exclusively beside ``path`` (a planted
    link is never followed) and removed if the write fails; ``path`` itself is replaced only if
    it is a regular file or absent. The file gets the mode ``open`` gives (0666 less the
    umask), not ``mkstemp``'s 0600, so other users of a shared directory can read it. A full
    disk or another system error is a :class:`DataError` naming ``path``."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise DataError(f"{path}: not a regular file, not replaced")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise DataError(f"{path}: cannot write ({error.strerror})") from None
    tmp = Path(name)
    try:
        os.fchmod(fd, 0o666 & ~umask())  # as open() would make it: readable by the workers' user
        with os.fdopen(fd, "wb") as handle:
            for block in [data] if isinstance(data, bytes | np.ndarray) else data:
                if isinstance(block, bytes):
                    handle.write(block)
                else:
                    block.tofile(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        if error.errno is None:
            raise
        raise DataError(f"{path}: cannot write ({error.strerror})") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class Store:
    """The tables of one database directory, described by ``header`` (game and variant)."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self.tables: dict[str, dict[str, Any]] = {}
        self.format = FORMAT_VERSION
        self._maps: dict[str, tuple[Identity, np.memmap[Any, np.dtype[np.uint8]], set[int]]] = {}
        """Per table: the identity its map was made under, the map, its blocks checked."""
        self._lock = threading.Lock()
        manifest = path / MANIFEST
        if manifest.exists():
            self._load_manifest(manifest)

    def _load_manifest(self, manifest: Path) -> None:
        try:
            data = shallow_json(read_regular(manifest, MAX_MANIFEST).decode())
            version, header, tables = data["format"], data["header"], data["tables"]
        except DataError as error:
            raise DatabaseError(error.args[0]) from None
        except (ValueError, KeyError, TypeError, RecursionError, OSError) as error:
            raise DatabaseError(f"{manifest}: unreadable manifest ({type(error).__name__})"
                                ) from None
        if version == 1 and not isinstance(version, bool):
            raise DatabaseError(f"{manifest}: format 1, without seals, is no longer read (a "
                                "swapped table would pass): remove the database and build it "
                                "again")
        if version != FORMAT_VERSION or isinstance(version, bool):
            raise DatabaseError(f"{manifest}: format {str(version)[:20]}, expected "
                                f"{FORMAT_VERSION}")
        if header != self.header:
            raise DatabaseError(f"{manifest}: built for {str(header)[:80]}, not {self.header}")
        if not isinstance(tables, dict):
            raise DatabaseError(f"{manifest}: unreadable manifest (tables)")
        for name, entry in tables.items():
            problem = _entry_problem(name, entry, version) or self._seal_problem(name, entry)
            if problem:
                raise DatabaseError(f"{manifest}: table {str(name)[:40]!r}: {problem}")
        self.format = version
        self.tables = tables

    def _seal_problem(self, name: str, entry: dict[str, Any]) -> str | None:
        expected = seal(self.header, name, entry["size"], entry["sha256"], entry["blocks"])
        if entry["seal"] != expected:
            return "its entry does not match its seal (edited, or moved from another table)"
        return None

    @property
    def exists(self) -> bool:
        """Whether a manifest is there."""
        return (self.path / MANIFEST).exists()

    def has(self, name: str) -> bool:
        """Whether table ``name`` is finished."""
        return name in self.tables

    def file(self, name: str) -> Path:
        """The file of table ``name``."""
        return self.path / f"{name}.bin"

    @contextmanager
    def building(self) -> Iterator[None]:
        """Hold the directory's lock while a build writes to it; a second build (in this or
        another process) refuses at once with one line. The temporary files of a killed build
        are removed; a manifest it cannot read (format 1 among them) is refused."""
        make_directory(self.path)
        fd = os.open(self.path / LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise BuildInProgress(f"{self.path}: another build is writing here") from None
            self._remove_stale()
            if (self.path / MANIFEST).exists():  # what a build before this one finished
                self._load_manifest(self.path / MANIFEST)
            yield
        finally:
            os.close(fd)

    def _remove_stale(self) -> None:
        """Remove what a killed build left: temporary tables and manifests (lock held)."""
        for folder in (self.path, self.path / PARTS):
            if folder.is_dir():
                for path in folder.iterdir():
                    if path.name.endswith(".tmp") and (folder.name == PARTS
                                                       or _TABLE_TMP.fullmatch(path.name)):
                        path.unlink(missing_ok=True)

    def room(self, needed: int) -> None:
        """Refuse in one line a build that needs ``needed`` more bytes than the disk of the
        database has free."""
        folder = self.path
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        free = shutil.disk_usage(folder).free
        if needed > free:
            raise DatabaseError(f"{self.path}: the build needs {needed / 2**30:,.2f} GiB of "
                                f"disk, {free / 2**30:,.2f} GiB are free")

    def write(self, name: str, values: U8) -> None:
        """Store a finished table and record it in the manifest; never overwrite one."""
        if not _NAME.fullmatch(name):
            raise DatabaseError(f"table name {name[:40]!r}: letters, digits, - and _ only")
        if self.has(name):
            raise DatabaseError(f"{self.file(name)}: already finished, not rewritten")
        make_directory(self.path)
        path = self.file(name)
        digest = Digest()
        digest.update(values)
        write_atomically(path, values)
        whole, blocks = digest.result()
        self.record(name, int(values.size), whole, path.stat().st_mtime_ns, blocks)

    def record(self, name: str, size: int, sha256: str, mtime_ns: int, blocks: list[str]
               ) -> None:
        """Enter table ``name`` in the manifest as its writer saw it once written (atomically):
        by :meth:`write`, or by a worker of a distributed build (whose file this process may
        not see at once on a network file system)."""
        self.tables[name] = {"size": size, "sha256": sha256, "mtime_ns": mtime_ns,
                             "blocks": blocks,
                             "seal": seal(self.header, name, size, sha256, blocks)}
        self._write_manifest()

    def _write_manifest(self) -> None:
        manifest = {"format": self.format, "header": self.header, "block": BLOCK,
                    "tables": self.tables}
        write_atomically(self.path / MANIFEST, json.dumps(manifest).encode())

    def _current(self, name: str) -> tuple[np.memmap[Any, np.dtype[np.uint8]], set[int]]:
        """Table ``name``'s map and the blocks checked, anew when its file's identity is not
        the one they were made under (a replaced or edited file is checked again)."""
        entry = self.tables.get(name)
        path = self.file(name)
        if entry is None:
            raise DatabaseError(f"{path}: table not built")
        try:
            now = regular_identity(path)
        except DataError as error:
            raise DatabaseError(error.args[0]) from None
        except OSError:
            raise DatabaseError(f"{path}: missing (listed in the manifest)") from None
        with self._lock:
            kept = self._maps.get(name)
            if kept is not None and kept[0] == now:
                return kept[1], kept[2]
            if now[2] != entry["size"]:
                raise DatabaseError(f"{path}: {now[2]} bytes, expected {entry['size']}")
            mapped = np.memmap(path, dtype=np.uint8, mode="r")
            self._maps[name] = (now, mapped, set())
            return mapped, self._maps[name][2]

    def _check_blocks(self, name: str, first: int, last: int
                      ) -> np.memmap[Any, np.dtype[np.uint8]]:
        """Table ``name``'s map with blocks ``first`` to ``last`` checked."""
        mapped, checked = self._current(name)
        blocks = self.tables[name]["blocks"]
        for index in range(first, last + 1):
            if index % CHECK_EVERY == 0 and index > first:
                _still_in_time(self.file(name), index - first, last + 1 - first)
            if index not in checked:
                lo, hi = index * BLOCK, min((index + 1) * BLOCK, mapped.size)
                if block_sum(mapped[lo:hi]) != blocks[index]:
                    raise DatabaseError(f"{self.file(name)}: checksum mismatch in bytes "
                                        f"{lo:,} to {hi:,}, the file is corrupt")
                checked.add(index)
        return mapped

    def value(self, name: str, offset: int) -> int:
        """The byte at ``offset`` of table ``name``, its block checked first (once per
        identity of the file)."""
        block = offset // BLOCK
        return int(self._check_blocks(name, block, block)[offset])

    def check(self, name: str) -> None:
        """Raise :class:`DatabaseError` naming the file unless table ``name`` is intact: present,
        of the recorded size, every block of the recorded checksum (checked once per process
        and identity of the file)."""
        self.read(name)

    def read(self, name: str) -> np.memmap[Any, np.dtype[np.uint8]]:
        """Table ``name`` as a read-only memory map, every block checked."""
        size = self.tables[name]["size"] if name in self.tables else 0
        return self._check_blocks(name, 0, (size - 1) // BLOCK)

    def load(self, name: str) -> U8:
        """Table ``name`` read fully into memory (for builds that read it at random)."""
        return np.array(self.read(name))

    def save_json(self, name: str, data: Any) -> None:
        """Keep derived data (e.g. statistics) beside the tables, written atomically with its
        seal (as a table's: bound to the database and the name)."""
        make_directory(self.path)
        sealed = {"data": data, "seal": _json_seal(self.header, name, data)}
        write_atomically(self.path / f"{name}.json", json.dumps(sealed, indent=1).encode())

    def load_json(self, name: str) -> Any:
        """Derived data saved by :meth:`save_json`, or None if absent or unreadable (it is
        then computed again); :class:`DatabaseError` if it does not match its seal."""
        path = self.path / f"{name}.json"
        try:
            saved = shallow_json(read_regular(path, MAX_MANIFEST).decode())
        except DataError as error:
            raise DatabaseError(error.args[0]) from None
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(saved, dict) or set(saved) != {"data", "seal"}:
            return None
        if saved["seal"] != _json_seal(self.header, name, saved["data"]):
            raise DatabaseError(f"{path}: does not match its seal (edited?): remove it to "
                                "compute it again")
        return saved["data"]

    def verify(self, expected: Iterable[str] = ()) -> list[str]:
        """Every problem found, one line each: every listed table's size and checksums, every
        ``expected`` table (those the variant implies) listed, no table file left unlisted."""
        problems = []
        for name, entry in sorted(self.tables.items()):
            path = self.file(name)
            try:
                size = regular_identity(path)[2]
            except DataError as error:
                problems.append(error.args[0])
                continue
            except OSError:
                problems.append(f"{path}: missing (listed in the manifest)")
                continue
            if size != entry["size"]:
                problems.append(f"{path}: {size} bytes, expected {entry['size']}")
                continue
            digest, blocks = digest_of(path)
            if digest != entry["sha256"] or blocks != entry.get("blocks", blocks):
                problems.append(f"{path}: checksum mismatch, the file is corrupt")
        for name in expected:
            if name not in self.tables:
                there = "its file is there" if self.file(name).exists() else "nor its file"
                problems.append(f"{self.file(name)}: not in the manifest ({there})")
        listed = set(self.tables) | set(expected)
        if self.path.is_dir():
            problems += [f"{path}: not in the manifest" for path in sorted(self.path.iterdir())
                         if path.suffix == ".bin" and path.stem not in listed]
        return problems


def _json_seal(header: dict[str, Any], name: str, data: Any) -> str:
    text = json.dumps([header, name, data], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def shallow_json(text: str) -> Any:
    """``json.loads`` of a file that nests at most :data:`MAX_NESTING` deep
    (:class:`DataError` if deeper; see :mod:`zermelo.core.nesting`)."""
    if too_deep(text):
        raise DataError(f"JSON nested deeper than {MAX_NESTING}")
    return json.loads(text)


def _entry_problem(name: Any, entry: Any, version: int) -> str | None:
    """What is wrong with one manifest entry, or None: a name that names a file inside the
    directory, a size, a SHA-256 and a modification time; from format 2, a checksum for each
    block and a seal."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        return "a name of letters, digits, - and _ expected"
    if not isinstance(entry, dict):
        return "an object expected"
    size, digest, mtime = entry.get("size"), entry.get("sha256"), entry.get("mtime_ns")
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        return "size: a whole number expected"
    if not isinstance(digest, str) or not _SHA256.fullmatch(digest):
        return "sha256: 64 hexadecimal digits expected"
    if not isinstance(mtime, int) or isinstance(mtime, bool):
        return "mtime_ns: a whole number expected"
    if version == 1:
        return None
    blocks, sealed = entry.get("blocks"), entry.get("seal")
    if (not isinstance(blocks, list) or len(blocks) != -(-size // BLOCK)
            or not all(isinstance(b, str) and _BLOCK_SUM.fullmatch(b) for b in blocks)):
        return f"blocks: {-(-size // BLOCK)} checksums of 32 hexadecimal digits expected"
    if not isinstance(sealed, str) or not _SHA256.fullmatch(sealed):
        return "seal: 64 hexadecimal digits expected"
    return None
