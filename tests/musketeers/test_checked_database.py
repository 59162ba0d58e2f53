"""The Three Musketeers database under changes: a lost manifest entry fails ``verify``, a table
changed under a running process is refused, saved reachability counts are checked, not
trusted."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import CliRunner
from zermelo.games.musketeers import ThreeMusketeers
from zermelo.solvers.musketeers.database import Database, table_name
from zermelo.solvers.musketeers.engine import open_database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.tablebase.store import MANIFEST, DatabaseError

VARIANT = Variant(3, 4, 3)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    Database.build(VARIANT, tmp_path)
    return tmp_path


def test_verify_fails_a_database_that_lost_a_manifest_entry(root: Path, cli: CliRunner
                                                            ) -> None:
    args = ("musketeers", "verify", "--board", "3x4", "--db", str(root))
    assert cli(*args).code == 0
    manifest = root / VARIANT.name / MANIFEST
    data = json.loads(manifest.read_text())
    del data["tables"][table_name(4, 1)]
    manifest.write_text(json.dumps(data))
    done = cli(*args)
    assert done.code == 2
    assert done.err.strip() == (f"zermelo: database: {root / VARIANT.name / 'L04-E.bin'}: not "
                                "in the manifest (its file is there)")


def test_a_table_changed_under_a_running_process_is_refused(root: Path) -> None:
    game = ThreeMusketeers(3, 4)
    database = open_database(game, root)
    state = game.initial_state()
    count, offset = database.ix.locate(state.musketeers, state.enemies)
    database.lookup(state)
    path = database.store.file(table_name(count, state.to_move))
    stat = path.stat()
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert open_database(game, root) is not database  # the cache saw the change
    with pytest.raises(DatabaseError, match="checksum mismatch"):
        database.lookup(state)
    with pytest.raises(DatabaseError, match="checksum mismatch"):
        open_database(game, root).lookup(state)


def test_saved_reachability_counts_are_checked(root: Path) -> None:
    database = Database.open(VARIANT, root)
    start = database.game.initial_state()
    counts = database.reachable(start)
    name = f"reachable-{database.game.format_position(start).replace(' ', '')}"
    assert database.reachable(start) == counts  # read back
    path = root / VARIANT.name / f"{name}.json"
    edited = path.read_text().replace('"positions": 1', '"positions": 9', 1)
    path.write_text(edited)
    with pytest.raises(DatabaseError, match="does not match its seal"):
        database.reachable(start)
    rows = [vars(c) for c in counts]
    for bad, message in [
        (rows[:-1], "not the counts of each layer"),
        ([{**rows[0], "positions": rows[0]["of"] + 1}, *rows[1:]], "counts inconsistent"),
        ([{**rows[0], "of": 7}, *rows[1:]], "counts inconsistent"),
        ([{**rows[0], "side": "X"}, *rows[1:]], "counts inconsistent"),
        ({"a": 1}, "not the counts of each layer"),
    ]:
        database.store.save_json(name, bad)  # sealed, but wrong
        with pytest.raises(DatabaseError, match=message):
            database.reachable(start)
    path.unlink()
    assert database.reachable(start) == counts
