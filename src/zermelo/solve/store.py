"""A directory of value tables with a manifest: atomic, checksummed, resumable.

Each table is one flat file of bytes. A table appears only by atomic rename of a fully written
and flushed temporary file, and the manifest (format version, what the database covers, each
table's size and SHA-256) is replaced atomically after it, so a build killed at any moment leaves
either a finished table or none. A finished table is never rewritten.

Opening validates the manifest (its shape, and table names that stay inside the directory) and
the sizes; every table's checksum is recomputed the first time a process reads it, so a flipped
byte, a zero-filled or swapped table is refused naming the file even with its modification time
restored. :meth:`Store.verify` checks every checksum. Temporary files have unique names, are
created exclusively (never through a planted link) and removed when a write fails; only regular
files are replaced. A build holds the directory's lock, so a second build refuses at once.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs

from zermelo.core.errors import DataError

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
LOCK = ".lock"
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SHA256 = re.compile(r"[0-9a-f]{64}")

U8 = npt.NDArray[np.uint8]


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


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, read in large blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 22):
            digest.update(block)
    return digest.hexdigest()


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
    umask), not ``mkstemp``'s 0600, so other users of a shared directory can read it."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise DataError(f"{path}: not a regular file, not replaced")
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
        self._checked: set[str] = set()
        manifest = path / MANIFEST
        if manifest.exists():
            self._load_manifest(manifest)

    def _load_manifest(self, manifest: Path) -> None:
        try:
            data = json.loads(manifest.read_text())
            version, header, tables = data["format"], data["header"], data["tables"]
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            raise DatabaseError(f"{manifest}: unreadable manifest ({type(error).__name__})"
                                ) from None
        if version != FORMAT_VERSION:
            raise DatabaseError(f"{manifest}: format {str(version)[:20]}, expected "
                                f"{FORMAT_VERSION}")
        if header != self.header:
            raise DatabaseError(f"{manifest}: built for {str(header)[:80]}, not {self.header}")
        if not isinstance(tables, dict):
            raise DatabaseError(f"{manifest}: unreadable manifest (tables)")
        for name, entry in tables.items():
            problem = _entry_problem(name, entry)
            if problem:
                raise DatabaseError(f"{manifest}: table {str(name)[:40]!r}: {problem}")
        self.tables = tables

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
        another process) refuses at once with one line."""
        make_directory(self.path)
        fd = os.open(self.path / LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DatabaseError(f"{self.path}: another build is writing here") from None
            if (self.path / MANIFEST).exists():  # what a build before this one finished
                self._load_manifest(self.path / MANIFEST)
            yield
        finally:
            os.close(fd)

    def write(self, name: str, values: U8) -> None:
        """Store a finished table and record it in the manifest; never overwrite one."""
        if not _NAME.fullmatch(name):
            raise DatabaseError(f"table name {name[:40]!r}: letters, digits, - and _ only")
        if self.has(name):
            raise DatabaseError(f"{self.file(name)}: already finished, not rewritten")
        make_directory(self.path)
        path = self.file(name)
        write_atomically(path, values)
        self.record(name, int(values.size), sha256_of(path), path.stat().st_mtime_ns)

    def record(self, name: str, size: int, sha256: str, mtime_ns: int) -> None:
        """Enter table ``name`` in the manifest as its writer saw it once written (atomically):
        by :meth:`write`, or by a worker of a distributed build (whose file this process may
        not see at once on a network file system)."""
        self.tables[name] = {"size": size, "sha256": sha256, "mtime_ns": mtime_ns}
        self._checked.add(name)
        manifest = {"format": FORMAT_VERSION, "header": self.header, "tables": self.tables}
        write_atomically(self.path / MANIFEST, json.dumps(manifest, indent=1).encode())

    def check(self, name: str) -> None:
        """Raise :class:`DatabaseError` naming the file unless table ``name`` is intact: present,
        of the recorded size and checksum (recomputed once per process)."""
        if name in self._checked:
            return
        entry = self.tables.get(name)
        path = self.file(name)
        if entry is None:
            raise DatabaseError(f"{path}: table not built")
        try:
            stat = path.stat()
        except OSError:
            raise DatabaseError(f"{path}: missing (listed in the manifest)") from None
        if stat.st_size != entry["size"]:
            raise DatabaseError(f"{path}: {stat.st_size} bytes, expected {entry['size']}")
        if sha256_of(path) != entry["sha256"]:
            raise DatabaseError(f"{path}: checksum mismatch, the file is corrupt")
        self._checked.add(name)

    def read(self, name: str) -> np.memmap[Any, np.dtype[np.uint8]]:
        """Table ``name`` as a read-only memory map, after :meth:`check`."""
        self.check(name)
        return np.memmap(self.file(name), dtype=np.uint8, mode="r")

    def load(self, name: str) -> U8:
        """Table ``name`` read fully into memory (for builds that read it at random)."""
        self.check(name)
        return np.fromfile(self.file(name), dtype=np.uint8)

    def save_json(self, name: str, data: Any) -> None:
        """Keep derived data (e.g. statistics) beside the tables, written atomically."""
        make_directory(self.path)
        write_atomically(self.path / f"{name}.json", json.dumps(data, indent=1).encode())

    def load_json(self, name: str) -> Any:
        """Derived data saved by :meth:`save_json`, or None if absent or unreadable."""
        try:
            return json.loads((self.path / f"{name}.json").read_text())
        except (OSError, ValueError):
            return None

    def verify(self) -> list[str]:
        """Every problem found, one line each, checking every table's size and checksum."""
        problems = []
        for name, entry in sorted(self.tables.items()):
            path = self.file(name)
            if not path.exists():
                problems.append(f"{path}: missing (listed in the manifest)")
            elif path.stat().st_size != entry["size"]:
                problems.append(f"{path}: {path.stat().st_size} bytes, expected {entry['size']}")
            elif sha256_of(path) != entry["sha256"]:
                problems.append(f"{path}: checksum mismatch, the file is corrupt")
        return problems


def _entry_problem(name: Any, entry: Any) -> str | None:
    """What is wrong with one manifest entry, or None: a name that names a file inside the
    directory, a size, a SHA-256 and a modification time."""
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
    return None
