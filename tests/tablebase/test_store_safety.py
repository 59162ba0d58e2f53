"""The store refuses every corruption (with the modification time restored), validates its
manifest, writes only regular files through exclusive temporary files, and lets one build at a
time write a directory."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from zermelo.core.errors import DataError
from zermelo.tablebase.store import MANIFEST, DatabaseError, Store, write_atomically

HEADER = {"game": "test"}


def store_with_two_tables(root: Path) -> Store:
    store = Store(root, HEADER)
    store.write("a", np.arange(4096, dtype=np.uint8))
    store.write("b", np.arange(4096, dtype=np.uint8)[::-1].copy())
    return Store(root, HEADER)


def keep_mtime(path: Path, change: Callable[[], None]) -> None:
    """Apply ``change`` to ``path``'s bytes and restore its modification time."""
    stat = path.stat()
    change()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[1234] ^= 0x10
    path.write_bytes(bytes(data))


def zero_fill(path: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


@pytest.mark.parametrize("corrupt", ["flip", "zero-fill", "swap"])
def test_corruption_that_keeps_size_and_mtime_is_refused(tmp_path: Path, corrupt: str) -> None:
    store = store_with_two_tables(tmp_path)
    a, b = store.file("a"), store.file("b")
    if corrupt == "swap":
        data_a, data_b = a.read_bytes(), b.read_bytes()
        keep_mtime(a, lambda: a.write_bytes(data_b))
        keep_mtime(b, lambda: b.write_bytes(data_a))
    else:
        keep_mtime(a, lambda: (flip if corrupt == "flip" else zero_fill)(a))
    with pytest.raises(DatabaseError, match=re.escape(f"{a}: checksum mismatch")):
        Store(tmp_path, HEADER).read("a")
    assert f"{a}: checksum mismatch, the file is corrupt" in Store(tmp_path, HEADER).verify()


def test_a_truncated_table_is_refused(tmp_path: Path) -> None:
    store = store_with_two_tables(tmp_path)
    path = store.file("a")
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(DatabaseError, match="100 bytes, expected 4096"):
        Store(tmp_path, HEADER).read("a")


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t["a"].pop("mtime_ns"), "mtime_ns: a whole number expected"),
    (lambda t: t["a"].update(size="4096"), "size: a whole number expected"),
    (lambda t: t["a"].update(sha256=7), "sha256: 64 hexadecimal digits expected"),
    (lambda t: t.update({"../../etc/passwd": t["a"]}), "a name of letters, digits"),
    (lambda t: t.update(c=[1, 2]), "an object expected"),
])
def test_manifest_edits_are_refused_in_one_line(tmp_path: Path,
                                                edit: Callable[[dict[str, dict[str, object]]],
                                                               object],
                                                message: str) -> None:
    store_with_two_tables(tmp_path)
    manifest = tmp_path / MANIFEST
    data = json.loads(manifest.read_text())
    edit(data["tables"])
    manifest.write_text(json.dumps(data))
    with pytest.raises(DatabaseError, match=re.escape(message)) as caught:
        Store(tmp_path, HEADER)
    assert "\n" not in str(caught.value)


def test_a_deeply_nested_manifest_is_refused(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DatabaseError, match="JSON nested deeper than"):
        Store(tmp_path, HEADER)


def test_writes_never_follow_a_planted_link_nor_replace_a_device(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    target = tmp_path / "book.npz"
    (tmp_path / "book.npz.tmp").symlink_to(victim)  # the old predictable temporary name
    write_atomically(target, b"new")
    assert victim.read_text() == "keep me" and target.read_bytes() == b"new"
    link = tmp_path / "link"
    link.symlink_to(victim)
    with pytest.raises(DataError, match="not a regular file"):
        write_atomically(link, b"x")
    with pytest.raises(DataError, match="not a regular file"):
        write_atomically(Path("/dev/null"), b"x")
    assert victim.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.npz", "book.npz.tmp", "link",
                                                          "victim"]


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    class Broken(np.ndarray):  # type: ignore[type-arg]
        def tofile(self, *args: object) -> None:
            raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        write_atomically(tmp_path / "t.bin", np.zeros(3, np.uint8).view(Broken))
    assert list(tmp_path.iterdir()) == []


def test_one_build_at_a_time_writes_a_directory(tmp_path: Path) -> None:
    first, second = Store(tmp_path, HEADER), Store(tmp_path, HEADER)
    with first.building():
        with pytest.raises(DatabaseError, match="another build is writing here"), \
                second.building():
            pass
        first.write("a", np.zeros(8, np.uint8))
    with second.building():  # free again, and it sees what the first build finished
        assert second.has("a")


def test_a_database_root_is_created_but_never_its_missing_parents(tmp_path: Path) -> None:
    Store(tmp_path / "root" / "variant", HEADER).write("a", np.zeros(8, dtype=np.uint8))
    assert (tmp_path / "root" / "variant" / "a.bin").exists()
    deep = tmp_path / "missing" / "root" / "variant"
    with pytest.raises(DataError, match=r"/missing: no such directory \(create it first\)$"):
        Store(deep, HEADER).write("a", np.zeros(8, dtype=np.uint8))
    assert not (tmp_path / "missing").exists()
