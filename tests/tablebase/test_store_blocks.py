"""Per-block checksums checked on read, again whenever a table's file changes under a running
process; sealed manifest entries (no consistent hand edit, no swap of tables with their
entries); ``verify`` against the tables a variant implies; builds that check the disk first and
clean what a killed build left."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import numpy as np
import pytest

from zermelo.core.errors import DataError
from zermelo.tablebase.cache import stamp
from zermelo.tablebase.store import (
    BLOCK,
    MANIFEST,
    MAX_MANIFEST,
    DatabaseError,
    Digest,
    Store,
    digest_of,
    write_atomically,
)

HEADER = {"game": "test"}


def table(seed: int, size: int = 3 * BLOCK + 100) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, size, dtype=np.uint8)


def built(root: Path) -> Store:
    store = Store(root, HEADER)
    store.write("a", table(1))
    store.write("b", table(2))
    return Store(root, HEADER)


def poke(path: Path, offset: int) -> None:
    """Change one byte of ``path`` in place (same inode), its modification time restored."""
    stat = path.stat()
    with path.open("r+b") as handle:
        handle.seek(offset)
        byte = handle.read(1)
        handle.seek(offset)
        handle.write(bytes([byte[0] ^ 0x40]))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_digest_blocks_equal_the_sha256_of_each_block(tmp_path: Path) -> None:
    data = table(3)
    digest = Digest()
    for piece in np.array_split(data, 7):  # fed in pieces that straddle blocks
        digest.update(piece)
    whole, blocks = digest.result()
    import hashlib
    assert whole == hashlib.sha256(data.tobytes()).hexdigest()
    assert blocks == [hashlib.sha256(data[i:i + BLOCK].tobytes()).hexdigest()[:32]
                      for i in range(0, data.size, BLOCK)]
    write_atomically(tmp_path / "t.bin", data)
    assert digest_of(tmp_path / "t.bin") == (whole, blocks)


def test_a_read_checks_only_the_block_it_serves(tmp_path: Path) -> None:
    store = built(tmp_path)
    poke(store.file("a"), 2 * BLOCK + 5)
    fresh = Store(tmp_path, HEADER)
    assert fresh.value("a", 10) == int(table(1)[10])  # block 0 is intact
    with pytest.raises(DatabaseError, match=r"a\.bin: checksum mismatch in bytes 2,097,152 to"):
        fresh.value("a", 2 * BLOCK + 7)


def test_a_table_edited_under_a_running_process_is_checked_again(tmp_path: Path) -> None:
    store = built(tmp_path)
    assert store.value("a", 5) == int(table(1)[5])
    store.read("b")  # every block checked once
    poke(store.file("a"), 6)
    with pytest.raises(DatabaseError, match="checksum mismatch"):
        store.value("a", 5)
    poke(store.file("b"), BLOCK + 1)
    with pytest.raises(DatabaseError, match="checksum mismatch"):
        store.read("b")


def test_a_table_replaced_under_a_running_process_is_checked_again(tmp_path: Path) -> None:
    store = built(tmp_path)
    assert store.value("a", 5) == int(table(1)[5])
    os.replace(store.file("b"), store.file("a"))  # a new file (inode) of the same size
    with pytest.raises(DatabaseError, match=r"a\.bin: checksum mismatch"):
        store.value("a", 5)


def rewrite_manifest(root: Path, edit: object) -> None:
    manifest = root / MANIFEST
    data = json.loads(manifest.read_text())
    edit(data["tables"])  # type: ignore[operator]
    manifest.write_text(json.dumps(data))


def test_a_consistent_edit_of_bytes_and_checksums_is_refused(tmp_path: Path) -> None:
    store = built(tmp_path)
    forged = table(9)
    store.file("a").write_bytes(forged.tobytes())
    whole, blocks = digest_of(store.file("a"))
    rewrite_manifest(tmp_path, lambda t: t["a"].update(sha256=whole, blocks=blocks))
    with pytest.raises(DatabaseError, match="'a': its entry does not match its seal"):
        Store(tmp_path, HEADER)


def test_two_tables_swapped_with_their_entries_are_refused(tmp_path: Path) -> None:
    store = built(tmp_path)
    a, b = store.file("a").read_bytes(), store.file("b").read_bytes()
    store.file("a").write_bytes(b)
    store.file("b").write_bytes(a)
    rewrite_manifest(tmp_path, lambda t: t.update(a=t["b"], b=t["a"]))
    with pytest.raises(DatabaseError, match="does not match its seal"):
        Store(tmp_path, HEADER)


def test_an_entry_moved_to_another_variant_is_refused(tmp_path: Path) -> None:
    built(tmp_path / "one")
    other = Store(tmp_path / "two", {"game": "other"})
    other.write("a", table(5))
    entries = json.loads((tmp_path / "one" / MANIFEST).read_text())["tables"]
    rewrite_manifest(tmp_path / "two", lambda t: t.update(a=entries["a"]))
    (tmp_path / "two" / "a.bin").write_bytes((tmp_path / "one" / "a.bin").read_bytes())
    with pytest.raises(DatabaseError, match="does not match its seal"):
        Store(tmp_path / "two", {"game": "other"})


def test_verify_finds_a_lost_entry_and_a_table_left_out(tmp_path: Path) -> None:
    built(tmp_path)
    rewrite_manifest(tmp_path, lambda t: t.pop("b"))
    store = Store(tmp_path, HEADER)
    assert store.verify(["a", "b"]) == [f"{tmp_path / 'b.bin'}: not in the manifest "
                                        "(its file is there)"]
    assert store.verify(["a"]) == [f"{tmp_path / 'b.bin'}: not in the manifest"]
    (tmp_path / "b.bin").unlink()
    assert store.verify(["a", "b"]) == [f"{tmp_path / 'b.bin'}: not in the manifest (nor its "
                                        "file)"]
    assert store.verify(["a"]) == []


def test_a_format_1_manifest_without_seals_is_refused_even_by_a_build(tmp_path: Path
                                                                        ) -> None:
    """A manifest rewritten in the old format would drop the seals and let two tables swapped
    with their entries be served: it is refused, and no build reseals it."""
    built(tmp_path)
    data = json.loads((tmp_path / MANIFEST).read_text())
    data["format"] = 1
    for entry in data["tables"].values():
        del entry["blocks"], entry["seal"]
    data["tables"]["a"], data["tables"]["b"] = data["tables"]["b"], data["tables"]["a"]
    (tmp_path / MANIFEST).write_text(json.dumps(data))
    expected = "format 1, without seals, is no longer read"
    with pytest.raises(DatabaseError, match=expected):
        Store(tmp_path, HEADER)  # as a build opens it too: nothing reseals it
    (tmp_path / MANIFEST).unlink()  # a build from nothing writes format 2 again
    fresh = Store(tmp_path, HEADER)
    with fresh.building():
        fresh.write("c", table(3))
    assert json.loads((tmp_path / MANIFEST).read_text())["format"] == 2


@pytest.mark.parametrize("kind", ["fifo", "symlink to /dev/zero", "directory", "huge"])
def test_a_manifest_or_table_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str
                                                                   ) -> None:
    """Read with O_NONBLOCK and checked before a byte is read: a FIFO never hangs the
    reader, a link to a device never feeds it without end."""
    import os

    store = built(tmp_path / "db")
    for target in (tmp_path / "db" / MANIFEST, store.file("b")):
        saved = target.read_bytes()
        target.unlink()
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "directory":
            target.mkdir()
        elif kind == "huge":
            with target.open("wb") as handle:
                handle.truncate(MAX_MANIFEST + 1 if target.name == MANIFEST else 5 * BLOCK)
        else:
            target.symlink_to("/dev/zero")
        with pytest.raises(DatabaseError) as refused:
            Store(tmp_path / "db", HEADER).check("b")
        assert "\n" not in str(refused.value) and target.name in str(refused.value)
        if kind != "huge":
            assert "regular file" in str(refused.value)
        if target.is_dir() and not target.is_symlink():
            target.rmdir()
        else:
            target.unlink()
        target.write_bytes(saved)


def test_a_build_removes_what_a_killed_build_left(tmp_path: Path) -> None:
    built(tmp_path)
    stale = [tmp_path / ".c.bin.x1y2.tmp", tmp_path / ".manifest.json.abc.tmp",
             tmp_path / ".parts" / ".c.00001.q.tmp"]
    (tmp_path / ".parts").mkdir()
    kept = [tmp_path / ".reachable-x.json.r.tmp", tmp_path / "notes.tmp"]
    for path in stale + kept:
        path.write_bytes(b"x" * 10)
    with Store(tmp_path, HEADER).building():
        pass
    assert [p.exists() for p in stale] == [False] * 3
    assert all(p.exists() for p in kept)


def test_a_build_that_cannot_fit_on_the_disk_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match=r"the build needs [\d,.]+ GiB of disk, [\d,.]+ GiB "
                       "are free"):
        Store(tmp_path / "db", HEADER).room(1 << 60)
    Store(tmp_path / "db", HEADER).room(1 << 10)


def test_a_full_disk_is_one_line_naming_the_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(DataError, match=r"t\.bin: cannot write \(No space left on device\)$"):
        write_atomically(tmp_path / "t.bin", b"abc")
    assert list(tmp_path.iterdir()) == []


def test_the_cache_version_of_a_database_changes_with_any_table(tmp_path: Path) -> None:
    store = built(tmp_path)
    before = stamp(tmp_path / MANIFEST)
    poke(store.file("b"), 0)
    assert stamp(tmp_path / MANIFEST) != before
    assert stamp(tmp_path / "nothing" / MANIFEST) is None


def test_derived_data_is_sealed(tmp_path: Path) -> None:
    store = built(tmp_path)
    store.save_json("counts", [1, 2, 3])
    assert store.load_json("counts") == [1, 2, 3]
    path = tmp_path / "counts.json"
    path.write_text(path.read_text().replace("2", "7"))
    with pytest.raises(DatabaseError, match=r"counts\.json: does not match its seal"):
        store.load_json("counts")
    path.write_text("[1, 2, 3]")  # unsealed: computed again
    assert store.load_json("counts") is None


def test_checking_a_whole_table_stops_at_the_budget_and_goes_on_at_the_next_ask(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read that checks every block looks at the search budget as it goes: out of time, it
    says so in one line, and the next read goes on from the blocks already checked."""
    from zermelo.search.base import Budget, BudgetExhausted, budget
    from zermelo.tablebase import store as module

    store = built(tmp_path)
    monkeypatch.setattr(module, "CHECK_EVERY", 1)
    with budget(Budget(seconds=1e-9)), pytest.raises(BudgetExhausted, match=r"checking a\.bin "
                                                     r"\(25 % of its blocks.*ask again"):
        store.read("a")
    assert store._maps["a"][2] == {0}  # the first block checked, and kept
    assert np.array_equal(store.read("a"), table(1))  # no budget: every block, to the end
    assert store._maps["a"][2] == {0, 1, 2, 3}
