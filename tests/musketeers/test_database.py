"""The strong-solution database against a plain minimax, and its storage guarantees."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from math import comb
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import CliRunner
from tests.musketeers.oracle import minimax_oracle
from zermelo.games.musketeers import Position, ThreeMusketeers
from zermelo.solvers.musketeers.database import Database, table_name
from zermelo.solvers.musketeers.indexing import Indexing, Variant
from zermelo.tablebase.store import DatabaseError


@pytest.fixture(scope="module")
def small_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Databases of small variants, built once for the module."""
    root = tmp_path_factory.mktemp("db")
    Database.build(Variant(3, 4, 3), root)
    Database.build(Variant(4, 4, 3), root)
    Database.build(Variant(4, 4, 2), root)
    Database.build(Variant(4, 5, 3), root, max_enemies=9)
    Database.build(Variant(5, 5, 3), root, max_enemies=4)
    return root


def every_position(database: Database, max_enemies: int) -> list[Position]:
    out = []
    for n in range(max_enemies + 1):
        for offset in range(database.ix.layer_size(n)):
            musketeers, enemies = database.ix.position_at(n, offset)
            out.extend(Position(musketeers, enemies, side) for side in (0, 1))
    return out


def random_positions(game: ThreeMusketeers, max_enemies: int, count: int, seed: int
                     ) -> list[Position]:
    rng = random.Random(seed)
    size = game.grid.size
    out = []
    for _ in range(count):
        squares = rng.sample(range(size), game.musketeers + rng.randint(0, max_enemies))
        musketeers = sum(1 << s for s in squares[: game.musketeers])
        enemies = sum(1 << s for s in squares[game.musketeers:])
        out.append(Position(musketeers, enemies, rng.randint(0, 1)))
    return out


def test_the_whole_3x4_database_equals_minimax(small_root: Path) -> None:
    database = Database.open(Variant(3, 4, 3), small_root)
    oracle = minimax_oracle(database.game)
    positions = every_position(database, database.ix.free_count)
    assert len(positions) == 2 * database.ix.classes * 2 ** database.ix.free_count
    assert all(str(database.lookup(p)) == oracle(p) for p in positions)


@pytest.mark.parametrize("variant", [Variant(4, 4, 3), Variant(4, 4, 2)])
def test_4x4_databases_equal_minimax_on_raw_positions(small_root: Path, variant: Variant
                                                      ) -> None:
    database = Database.open(variant, small_root)
    oracle = minimax_oracle(database.game)
    for state in random_positions(database.game, 6, 400, seed=1):
        assert str(database.lookup(state)) == oracle(state), database.game.format_position(state)


def test_a_partial_4x5_database_equals_minimax_and_refuses_beyond(small_root: Path) -> None:
    database = Database.open(Variant(4, 5, 3), small_root)
    assert database.max_enemies == 9
    oracle = minimax_oracle(database.game)
    for state in random_positions(database.game, 5, 300, seed=2):
        assert str(database.lookup(state)) == oracle(state)
    beyond = database.game.initial_state()
    with pytest.raises(DatabaseError, match="has 17 enemies and the database covers up to 9"):
        database.lookup(beyond)


def test_standard_board_with_few_enemies_equals_minimax(small_root: Path) -> None:
    database = Database.open(Variant(), small_root)
    oracle = minimax_oracle(database.game)
    for state in random_positions(database.game, 4, 1500, seed=3):
        assert str(database.lookup(state)) == oracle(state)


def test_best_moves_keep_the_result_and_the_line_ends_as_predicted(small_root: Path) -> None:
    database = Database.open(Variant(4, 4, 3), small_root)
    game = database.game
    for state in random_positions(game, 7, 200, seed=4):
        result = database.lookup(state)
        line = database.line(state)
        assert len(line) == result.plies
        end = line[-1][1] if line else state
        assert game.is_terminal(end)
        assert "ME"[game.winner(end) or 0] == result.player
        for move in database.best_moves(state):
            after = database.lookup(game.apply(state, move))
            assert after.player == result.player and after.plies == result.plies - 1


def test_indexing_round_trips() -> None:
    ix = Indexing(Variant())
    assert ix.classes == 319
    assert sum(ix.layer_size(n) for n in range(23)) * 2 == 2_675_965_952
    assert sum(ix.raw_layer_size(n) for n in range(23)) * 2 == 19_293_798_400
    assert int(ix.orbit.sum()) == comb(25, 3)
    rng = random.Random(5)
    for _ in range(500):
        n = rng.randint(0, 22)
        offset = rng.randrange(ix.layer_size(n))
        musketeers, enemies = ix.position_at(n, offset)
        assert ix.locate(musketeers, enemies) == (n, offset)


def test_stats_count_every_placement(small_root: Path) -> None:
    database = Database.open(Variant(3, 4, 3), small_root)
    game = database.game
    oracle = minimax_oracle(game)
    layers = database.layer_stats()
    # count raw positions directly over every placement
    from itertools import combinations

    expected: dict[tuple[int, str], list[int]] = {}
    for trio in combinations(range(12), 3):
        musketeers = sum(1 << s for s in trio)
        free = [s for s in range(12) if s not in trio]
        for bits in range(1 << len(free)):
            enemies = sum(1 << free[i] for i in range(len(free)) if bits >> i & 1)
            for side in (0, 1):
                result = oracle(Position(musketeers, enemies, side))
                key = (enemies.bit_count(), "ME"[side])
                counts = expected.setdefault(key, [0, 0, -1, -1])
                winner, plies = result[0], int(result[1:])
                counts[0 if winner == "M" else 1] += 1
                slot = 2 if winner == "M" else 3
                counts[slot] = max(counts[slot], plies)
    for s in layers:
        m, e, longest_m, longest_e = expected[(s.enemies, s.side)]
        assert (s.musketeer_wins, s.enemy_wins) == (m, e)
        assert s.positions == m + e == comb(12, 3) * comb(9, s.enemies)
        longest = (s.longest_musketeer_win, s.longest_enemy_win)
        assert longest == tuple(None if p < 0 else p for p in (longest_m, longest_e))
    result, where = database.longest_win(layers)
    assert oracle(where) == str(result)


def test_a_corrupt_table_is_detected_and_named(tmp_path: Path) -> None:
    database, _ = Database.build(Variant(3, 4, 3), tmp_path)
    path = database.store.file(table_name(4, 0))
    data = bytearray(path.read_bytes())
    data[5] ^= 0xFF
    path.write_bytes(bytes(data))
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 1000))
    assert database.store.verify() == [f"{path}: checksum mismatch, the file is corrupt"]
    fresh = Database.open(Variant(3, 4, 3), tmp_path)
    with pytest.raises(DatabaseError, match=re.escape(f"{path}: checksum mismatch")):
        for offset in range(fresh.ix.layer_size(4)):
            fresh.lookup(Position(*fresh.ix.position_at(4, offset), 0))
    path.write_bytes(bytes(data[:-1]))
    with pytest.raises(DatabaseError, match="bytes, expected"):
        Database.open(Variant(3, 4, 3), tmp_path).lookup(
            Position(*fresh.ix.position_at(4, 0), 0))


def test_a_manifest_of_another_variant_or_garbage_is_refused(tmp_path: Path) -> None:
    database, _ = Database.build(Variant(3, 4, 3), tmp_path, max_enemies=2)
    manifest = database.store.path / "manifest.json"
    data = json.loads(manifest.read_text())
    data["header"]["musketeers"] = 2
    manifest.write_text(json.dumps(data))
    with pytest.raises(DatabaseError, match=r"manifest\.json: built for"):
        Database.open(Variant(3, 4, 3), tmp_path)
    manifest.write_text("{not json")
    with pytest.raises(DatabaseError, match=r"manifest\.json: unreadable manifest"):
        Database.open(Variant(3, 4, 3), tmp_path)


BUILD = """
import sys
from pathlib import Path
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
Database.build(Variant(4, 5, 3), Path(sys.argv[1]), max_enemies=9)
"""


def test_a_killed_build_resumes_without_rewriting_finished_tables(small_root: Path,
                                                                  tmp_path: Path) -> None:
    """The 4x5 board's tables up to 9 enemies (20), killed once 12 are finished, then resumed:
    the same bytes as the module's uninterrupted build."""
    killed = tmp_path / "killed"
    process = subprocess.Popen([sys.executable, "-c", BUILD, str(killed)])
    manifest = killed / Variant(4, 5, 3).name / "manifest.json"
    deadline = time.time() + 120
    while time.time() < deadline:
        if manifest.exists() and len(json.loads(manifest.read_text())["tables"]) >= 12:
            break
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait()
    before = json.loads(manifest.read_text())["tables"]
    assert 12 <= len(before) < 20, "the build was interrupted part-way"
    store = Database.store_for(Variant(4, 5, 3), killed)
    finished = {name: store.file(name).stat().st_mtime_ns for name in before}
    resumed, report = Database.build(Variant(4, 5, 3), killed, max_enemies=9)
    assert report.tables_built == 20 - len(before)
    for name, mtime in finished.items():
        assert store.file(name).stat().st_mtime_ns == mtime
    assert resumed.store.verify() == []
    clean = Database.open(Variant(4, 5, 3), small_root)
    assert set(resumed.store.tables) == set(clean.store.tables)
    for name in resumed.store.tables:
        assert np.array_equal(resumed.store.read(name), clean.store.read(name)), name


def test_cli_solve_analyze_batch_line_stats_verify(cli: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path)
    built = cli("musketeers", "solve", "--max-enemies", "3", "--db", db)
    assert built.code == 0, built.err
    assert "built 8 tables" in built.out and built.out.startswith("compiling the solver's")
    again = cli("musketeers", "solve", "--max-enemies", "3", "--db", db)
    assert again.out.startswith("already built: the database covers up to 3 enemies")
    assert "compiling" not in again.out
    position = "M O.... .XO.. ..... X.... ....O"
    batch = cli("musketeers", "analyze", "--batch", "--db", db,
                stdin=f"{position}\nnonsense\n\nE OOO.. XX... ..... ..... .....\n")
    lines = batch.out.splitlines()
    game = ThreeMusketeers()
    state = game.parse_position(position)
    oracle = minimax_oracle(game)
    moves = ", ".join(f"{game.format_move(state, m)} {oracle(game.apply(state, m))}"
                      for m in game.legal_moves(state))
    assert lines == [f"{oracle(state)} -> [{moves}]", "ERROR", "E0 -> []"]
    assert batch.code == 2
    assert batch.err.startswith("zermelo: line 2: invalid position")
    as_json = cli("musketeers", "analyze", "--json", "--db", db, position)
    data = json.loads(as_json.out)
    assert data["result"] == oracle(state)
    assert [m["move"] for m in data["moves"]] == [game.format_move(state, m)
                                                  for m in game.legal_moves(state)]
    table = cli("musketeers", "analyze", "--db", db, position)
    assert "(best)" in table.out
    beyond = cli("musketeers", "analyze", "--db", db, "M XXXXO XXXXX XXOXX XXXXX OXXXX")
    assert beyond.code == 2
    assert beyond.err.strip() == ("zermelo: database: the position has 22 enemies and the "
                                  "database covers up to 3 enemies (build with --max-enemies 22)")
    line = cli("musketeers", "line", "--db", db, position)
    assert line.code == 0
    plies = int(oracle(state)[1:])
    numbered = [row for row in line.out.splitlines() if row[:1].isdigit()]
    assert [row.split(".")[0] for row in numbered] == [str(k) for k in range(1, plies + 1)]
    assert numbered[-1].endswith(f"{oracle(state)[0]}0")
    assert line.out.rstrip().splitlines()[-1].startswith(("enemies win", "musketeers win"))
    verified = cli("musketeers", "verify", "--db", db)
    assert verified.code == 0 and verified.out.startswith("ok: 8 tables")
    missing = cli("musketeers", "analyze", "--db", str(tmp_path / "none"), position)
    assert missing.code == 2
    assert missing.err.rstrip().endswith(
        f"build it with 'zermelo musketeers solve --db {tmp_path / 'none'}'")
    small = cli("musketeers", "analyze", "--board", "4x4", "--musketeers", "2", "--db",
                str(tmp_path), "M O... .O.. .... XXXX")
    assert small.err.rstrip().endswith(
        f"build it with 'zermelo musketeers solve --board 4x4 --musketeers 2 --db {tmp_path}'")


def test_cli_stats_json(cli: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path)
    cli("musketeers", "solve", "--board", "3x4", "--db", db)
    result = cli("musketeers", "stats", "--board", "3x4", "--json", "--db", db)
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert len(data["layers"]) == 2 * 10
    first = data["layers"][0]
    assert set(first) == {"enemies", "side", "positions", "musketeer_wins", "enemy_wins",
                          "longest_musketeer_win", "longest_enemy_win"}
    assert sum(layer["positions"] for layer in data["layers"]) == 2 * comb(12, 3) * 2 ** 9
    assert data["longest_win"]["result"][0] in "ME"
    default = ",".join(ThreeMusketeers(3, 4).grid.name(s) for s in ThreeMusketeers(3, 4).start)
    assert [s["start"] for s in data["starts"]] == [default, "a1,a2,b2"]
    from tests.musketeers.test_reach import breadth_first

    game = ThreeMusketeers(3, 4)
    reached = breadth_first(game, game.initial_state())
    assert data["reachable"]["positions"] == sum(reached.values())
    assert data["reachable"]["of"] == 2 * comb(12, 3) * 2 ** 9
    assert {(r["enemies"], r["side"]): r["positions"] for r in data["reachable"]["layers"]
            if r["positions"]} == dict(reached)
    oracle = minimax_oracle(ThreeMusketeers(3, 4, start=["a1", "a2", "b2"]))
    assert data["starts"][1]["result"] == oracle(ThreeMusketeers(3, 4).parse_position(
        data["starts"][1]["position"]))


@pytest.mark.parametrize(("args", "message"), [
    (["--board", "6x6"], "a 6x6 board with 3 musketeers has 33 free squares; a database "
                         "handles at most 27"),
    (["--max-enemies", "23"], "max enemies 23: expected 0 to 22"),
    (["--board", "4x4", "--max-enemies", "-1"], "max enemies -1: expected 0 to 13"),
])
def test_cli_solve_refuses_impossible_builds(cli: CliRunner, tmp_path: Path, args: list[str],
                                             message: str) -> None:
    result = cli("musketeers", "solve", "--db", str(tmp_path), *args)
    assert result.code == 2
    assert result.err.strip() == f"zermelo: invalid option: {message}"


def test_a_build_printing_to_no_terminal_says_its_progress_and_time_left(
        cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.cli import cluster as cluster_cli
    assert (cluster_cli.progress_line(" 3 enemies, E to move", 50, 200, 2.0)
            == "3 enemies, E to move:  25.0 % of 200 positions, 0.0 M pos/s, about 6 s left")
    assert cluster_cli.progress_line("x", 0, 200, 0.0).endswith("time left unknown")
    monkeypatch.setattr(cluster_cli, "PLAIN_EVERY", 0.0)
    built = cli("musketeers", "solve", "--board", "3x4", "--db", str(tmp_path))
    assert built.code == 0, built.err
    lines = [line for line in built.out.splitlines() if " % of " in line]
    pattern = (r"\d+ enemies, [ME] to move: +[\d.]+ % of [\d,]+ positions, [\d.]+ M pos/s, "
               r"(about \d+ s left|time left unknown)")
    assert len(lines) >= 20 and all(re.fullmatch(pattern, line) for line in lines)  # a unit each
    assert " 100.0 % of " in lines[-1] and lines[-1].endswith("about 0 s left")


def test_standard_board_to_five_enemies_agrees_with_one_ply_of_the_rules(tmp_path: Path
                                                                         ) -> None:
    """The compiled kernels against the rules' moves and the Python indexing, on layers large
    enough for every class and both halves of the free mask: each stored result is the one its
    moves lead to, looked up in the tables."""
    database, _ = Database.build(Variant(), tmp_path, max_enemies=5)
    game = database.game
    rng = random.Random(11)
    for _ in range(3000):
        n = rng.randint(3, 5)
        musketeers, enemies = database.ix.position_at(n, rng.randrange(database.ix.layer_size(n)))
        state = Position(musketeers, enemies, rng.randint(0, 1))
        winner = game.winner(state)
        if winner is not None:
            assert str(database.lookup(state)) == f"{'ME'[winner]}0"
            continue
        me = state.to_move
        children = [database.lookup(game.apply(state, m)) for m in game.legal_moves(state)]
        wins = [c.plies for c in children if c.player == "ME"[me]]
        expected = (f"{'ME'[me]}{1 + min(wins)}" if wins
                    else f"{'ME'[1 - me]}{1 + max(c.plies for c in children)}")
        assert str(database.lookup(state)) == expected, game.format_position(state)
