"""A directory of value tables with a manifest: atomic, checksummed, resumable.

Each table is one flat file of bytes. A table appears only by atomic rename of a fully written
and flushed temporary file, and the manifest (format version, what the database covers, each
table's size and SHA-256) is replaced atomically after it, so a build killed at any moment leaves
either a finished table or none. A finished table is never rewritten.

Opening checks the manifest and the sizes; a table whose file changed since it was recorded
(modification time) has its checksum recomputed before use. :meth:`Store.verify` checks every
checksum.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs

from zermelo.core.errors import DataError

FORMAT_VERSION = 1
MANIFEST = "manifest.json"

U8 = npt.NDArray[np.uint8]


def default_root() -> Path:
    """Where databases and books live: ``$ZERMELO_DATA``, else the user data directory."""
    env = os.environ.get("ZERMELO_DATA")
    return Path(env) if env else Path(platformdirs.user_data_dir("zermelo"))


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


def write_atomically(path: Path, data: bytes | U8) -> None:
    """Write ``data`` to ``path`` through a flushed temporary file and a rename, so that an
    interrupted write never leaves half a file."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as handle:
        if isinstance(data, bytes):
            handle.write(data)
        else:
            data.tofile(handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
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
        except (ValueError, KeyError, TypeError) as error:
            raise DatabaseError(f"{manifest}: unreadable manifest ({error})") from None
        if version != FORMAT_VERSION:
            raise DatabaseError(f"{manifest}: format {version}, expected {FORMAT_VERSION}")
        if header != self.header:
            raise DatabaseError(f"{manifest}: built for {header}, not {self.header}")
        if not isinstance(tables, dict):
            raise DatabaseError(f"{manifest}: unreadable manifest (tables)")
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

    def write(self, name: str, values: U8) -> None:
        """Store a finished table and record it in the manifest; never overwrite one."""
        if self.has(name):
            raise DatabaseError(f"{self.file(name)}: already finished, not rewritten")
        self.path.mkdir(parents=True, exist_ok=True)
        path = self.file(name)
        write_atomically(path, values)
        stat = path.stat()
        self.tables[name] = {
            "size": int(values.size),
            "sha256": sha256_of(path),
            "mtime_ns": stat.st_mtime_ns,
        }
        self._checked.add(name)
        manifest = {"format": FORMAT_VERSION, "header": self.header, "tables": self.tables}
        write_atomically(self.path / MANIFEST, json.dumps(manifest, indent=1).encode())

    def check(self, name: str) -> None:
        """Raise :class:`DatabaseError` naming the file unless table ``name`` is intact: present,
        of the recorded size, and of the recorded checksum if the file changed since."""
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
        if stat.st_mtime_ns != entry["mtime_ns"] and sha256_of(path) != entry["sha256"]:
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
        self.path.mkdir(parents=True, exist_ok=True)
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
