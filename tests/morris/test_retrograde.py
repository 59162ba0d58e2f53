"""Morris databases against brute force over the rules, resumed builds and corrupt files."""

from __future__ import annotations

import dataclasses
import os
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import CliRunner
from tests.tablebase.test_retrograde import oracle
from zermelo.core.errors import DataError, OptionError
from zermelo.core.value import Value
from zermelo.engines import engines_for
from zermelo.games.morris.boards import BOARDS, THREE, THREE_ORTHOGONAL, Board
from zermelo.games.morris.rules import PLAYERS, Morris, Position
from zermelo.games.registry import GAMES
from zermelo.solvers.morris.database import Database, MorrisPlan
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.perfect import Tables
from zermelo.tablebase.retrograde import describe
from zermelo.tablebase.store import DatabaseError

ORTHOGONAL = tuple(tuple(q for q in range(9) if abs(p // 3 - q // 3) + abs(p % 3 - q % 3) == 1)
                   for p in range(9))
ROWS_AND_COLUMNS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))


def small(name: str, **rules: object) -> Board:
    """Three Men's Morris' 3x3 points played with four stones and removals."""
    base = {"stones": 4, "mill_wins": False, "flying": True, "remove_when_all_in_mills": True}
    return dataclasses.replace(THREE, name=name, **{**base, **rules})  # type: ignore[arg-type]


BOARDS_TO_CHECK = {
    "three": THREE,
    "three, no moves along the diagonals": THREE_ORTHOGONAL,
    "three, moves to any empty point": dataclasses.replace(THREE, name="three-any", flying=True),
    "3x3 four stones, flying": small("tiny-fly"),
    "3x3 four stones, no removal from mills": small("tiny-keep", remove_when_all_in_mills=False),
    "3x3 grid without diagonals, sliding": small("tiny-grid", adjacency=ORTHOGONAL,
                                                 mills=ROWS_AND_COLUMNS, flying=False),
}


def brute_force(game: Morris) -> dict[Position, Value]:
    """Every position reachable from the start, valued by a fixpoint over the rules alone."""
    start = game.initial_state()
    index = {start: 0}
    order = [start]
    children: list[list[int]] = []
    for state in order:
        kids = []
        if game.end(state) is None:
            for move in game.moves_of(state):
                child = game.apply(state, move)
                if child not in index:
                    index[child] = len(order)
                    order.append(child)
                kids.append(index[child])
        children.append(kids)
    codes = oracle(children, [None] * len(order))
    values = {}
    for state, code in zip(order, codes, strict=True):
        outcome, plies = describe(code)
        values[state] = (Value.draw() if outcome == 0 else
                         Value.win(PLAYERS[state.side if outcome > 0 else 1 - state.side], plies))
    return values


@pytest.mark.parametrize("label", list(BOARDS_TO_CHECK))
def test_every_reachable_position_matches_brute_force(label: str, tmp_path: Path) -> None:
    board = BOARDS_TO_CHECK[label]
    db, _ = Database.build(Geometry.of(board), "full", tmp_path)
    truth = brute_force(Morris(board, move_limit=0, repetition=False))
    wrong = [(s, db.lookup(s), v) for s, v in truth.items() if db.lookup(s) != v]
    assert not wrong, wrong[:3]
    assert len({v for v in truth.values()}) > 3  # wins, losses and draws of several lengths


def test_three_mens_morris_is_a_first_player_win(tmp_path: Path) -> None:
    db, _ = Database.build(Geometry.of("three"), "full", tmp_path)
    analysis = db.analyze(db.start())
    assert analysis.value.player == "W"
    assert [m.to for m in analysis.best] == [THREE.point("b2")]  # the centre, and only it


@pytest.mark.parametrize(("board", "flying", "value"), [
    ("three", False, "W9"), ("three-orthogonal", False, "W9"), ("three", True, "draw")])
def test_the_movement_rules_of_three_mens_morris_and_their_values(
        board: str, flying: bool, value: str, tmp_path: Path) -> None:
    """Moves along every line (the diagonals too), along rows and columns only, or to any empty
    point (flying): the start's value under each (the tables match brute force above)."""
    db, _ = Database.build(Geometry.of(BOARDS[board], flying), "full", tmp_path)
    assert str(db.lookup(db.start())) == value


def consistent(db: Database, state: Position) -> bool:
    """Whether a stored value is the best of its moves' values one ply further (the rules
    generate the moves), or the end the rules declare."""
    game, value = db.game, db.lookup(state)
    if game.end(state) is not None:
        return value.plies == 0
    mover = PLAYERS[state.side]
    best = max((db.lookup(game.apply(state, m)) for m in game.moves_of(state)),
               key=lambda v: v.for_player(mover), default=None)
    if best is None:
        return value == Value.win(PLAYERS[1 - state.side], 0)
    if best.plies is None:
        return value == best
    return value == Value.win(str(best.player), best.plies + 1)


@pytest.mark.parametrize("board", ["standard", "variant23"])
def test_endgame_tables_agree_with_the_rules_on_random_positions(board: str,
                                                                 tmp_path: Path) -> None:
    db, _ = Database.build(Geometry.of(board), "endgame-3", tmp_path)
    n = BOARDS[board].size
    rng = random.Random(13)
    for _ in range(400):
        points = rng.sample(range(n), 6)
        white, black = sum(1 << p for p in points[:3]), sum(1 << p for p in points[3:])
        state = Position(white, black, rng.randrange(2), 0, 0)
        assert consistent(db, state), db.game.format_position(state)


def tables(root: Path) -> dict[str, bytes]:
    (directory,) = [p for p in root.iterdir() if p.is_dir()]
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.bin"))}


def test_a_killed_build_resumes_to_the_same_bytes(tmp_path: Path) -> None:
    script = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from zermelo.solvers.morris.database import Database\n"
        "from zermelo.solvers.morris.geometry import Geometry\n"
        "done = []\n"
        "def progress(table, n):\n"
        "    if table.name not in done:\n"
        "        done.append(table.name)\n"
        "    if len(done) == 4:\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "Database.build(Geometry.of('three'), 'full', Path(sys.argv[1]), progress)\n")
    killed = subprocess.run([sys.executable, "-c", script, str(tmp_path / "killed")],
                            check=False, env={**os.environ})
    assert killed.returncode == -9
    assert 0 < len(tables(tmp_path / "killed")) < len(MorrisPlan(Geometry.of("three"),
                                                                  "full").tables())
    _, report = Database.build(Geometry.of("three"), "full", tmp_path / "killed")
    Database.build(Geometry.of("three"), "full", tmp_path / "fresh")
    assert 0 < report.tables_built < len(MorrisPlan(Geometry.of("three"), "full").tables())
    assert tables(tmp_path / "killed") == tables(tmp_path / "fresh")


def test_a_corrupt_table_is_refused(tmp_path: Path) -> None:
    Database.build(Geometry.of("three"), "full", tmp_path)
    (directory,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    path = directory / "s33.bin"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    stat = path.stat()
    path.write_bytes(bytes(data))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    db = Database.open(Geometry.of("three"), "full", tmp_path)
    with pytest.raises(DatabaseError, match="checksum"):
        db.lookup(Position(0b10000101, 0b1101000, 0, 0, 0))


def test_verify_names_every_corrupt_missing_and_unlisted_table(cli: CliRunner,
                                                               data_dir: Path) -> None:
    assert cli("morris", "verify", "--board", "three").code == 2  # nothing built yet
    db, _ = Database.build(Geometry.of("three"), "full", data_dir)
    ok = cli("morris", "verify", "--board", "three")
    assert ok.code == 0 and f"ok: {len(db.plan.tables())} tables" in ok.out, ok.err
    path = db.store.path
    data = bytearray((path / "s33.bin").read_bytes())
    data[-1] ^= 4
    (path / "s33.bin").write_bytes(bytes(data))
    (path / "p0033.bin").unlink()
    (path / "s99.bin").write_bytes(b"\0")
    bad = cli("morris", "verify", "--board", "three")
    assert bad.code == 2
    assert sorted(line.split("/")[-1] for line in bad.err.splitlines()) == [
        "p0033.bin: missing (listed in the manifest)",
        "s33.bin: checksum mismatch, the file is corrupt",
        "s99.bin: not in the manifest"]


def test_missing_database_wrong_scope_and_uncovered_positions_are_refused(
        tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="zermelo morris solve"):
        Database.open(Geometry.of("three"), "full", tmp_path)
    with pytest.raises(OptionError, match="scope"):
        MorrisPlan(Geometry.of("six"), "endgame-7")
    db, _ = Database.build(Geometry.of("standard"), "endgame-3", tmp_path)
    with pytest.raises(DataError, match="no 4/3/0/0 positions"):
        db.lookup(Position(0b1111, 0b111 << 10, 0, 0, 0))


def test_solve_and_analyze_from_the_command_line(cli: CliRunner, data_dir: Path) -> None:
    built = cli("morris", "solve", "--board", "three")
    assert built.code == 0, built.err
    assert "built 7 of 7 tables, 886 positions" in built.out and "start: W9" in built.out
    again = cli("morris", "solve", "--board", "three")
    assert "already built: three full, 7 tables, 886 positions" in again.out
    assert "start: W9" in again.out
    shown = cli("morris", "analyze", "--board", "three", "--line", "b2 a3 c3")
    assert shown.code == 0, shown.err
    db = Database.open(Geometry.of("three"), "full", data_dir)
    assert_rows(shown.out, db, "b2 a3 c3")
    counted = cli("morris", "stats", "--board", "three")
    assert counted.code == 0, counted.err
    (s33,) = [s for s in db.stats() if s.slice == (3, 3, 0, 0)]
    assert re.search(rf"│ s33 +│ 3-3 +│ {s33.wins + s33.draws + s33.losses:,} +│ {s33.wins:,} +│",
                     counted.out), counted.out
    assert "longest forced win" in counted.out
    assert cli("morris", "stats", "--board", "three").out == counted.out  # kept, not recounted


def assert_rows(out: str, db: Database, line: str) -> None:
    """``out`` shows the value of every move after ``line`` as ``db`` has it."""
    state = db.game.play_line(db.start(), line.split())
    analysis = db.analyze(state)
    for move, value in analysis.moves:
        best = " (best)" if move in analysis.best else ""
        row = rf"│ {db.game.format_move(state, move)}\s+│ {value}{re.escape(best)}\s+│"
        assert re.search(row, out), row


def test_a_placing_position_is_analysed_by_search_into_the_sliding_tables(
        cli: CliRunner, tmp_path: Path) -> None:
    built = cli("morris", "solve", "--board", "three", "--scope", "endgame-3")
    assert built.code == 0, built.err
    assert re.search(r"start: White wins in 9 plies|start: White wins \(a 6-ply search into "
                     r"the tables: [\d,]+ positions", built.out), built.out
    shown = cli("morris", "analyze", "--board", "three", "--line", "b2 a3 c3")
    assert shown.code == 0, shown.err
    assert_rows(shown.out, Database.build(Geometry.of("three"), "full", tmp_path)[0], "b2 a3 c3")


def test_a_start_not_decided_in_time_is_said_and_the_built_tables_are_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A build's start search that runs out of time reports it and ends normally: the tables
    are built, and a longer ``--seconds`` goes on."""
    from zermelo.cli.games.morris_solve import print_start

    Database.build(Geometry.of("three"), "endgame-3", tmp_path)
    tables = Tables(Geometry.of("three"), tmp_path, on_demand=False)
    print_start(tables, 1e-6)  # the clock is read at the first position: past its time
    out = capsys.readouterr().out
    assert "start: not decided within --seconds 1e-06" in out and "longer --seconds" in out


def test_the_perfect_engine_plays_only_moves_that_keep_the_value(data_dir: Path) -> None:
    Database.build(Geometry.of("three"), "full", data_dir)
    game = cast(Morris, GAMES["morris"].game({"board": "three"}))
    (spec,) = [e for e in engines_for(GAMES["morris"], game) if e.name == "perfect"]
    rng = random.Random(3)
    for seed in range(5):
        player = spec.player(game, None, seed, None)
        state = game.initial_state()
        while not game.is_terminal(state):
            if state.side == 0:  # the engine plays White against random Black
                state = game.apply(state, player(game, state))
            else:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert game.returns(state) == (1.0, -1.0)  # White won: the start is a win and never let go


@pytest.mark.parametrize(("args", "error"), [
    (("morris", "analyze", "--board", "variant23"),
     "(91.1 G positions, 91.1 GB, 14.1 GB of memory"),
    (("morris", "solve", "--board", "standard", "--memory", "1"), "needs 4.8 GiB, more than 1.0"),
    (("morris", "solve", "--board", "six", "--scope", "endgame-7"), "K from 3 to 6"),
    (("morris", "solve", "--board", "six", "--scope", "full-7"), "K from 3 to 6"),
    (("morris", "solve", "--board", "six", "--scope", "every"), "'full', 'full-K'"),
    (("morris", "solve", "--board", "six", "--scope", "full-\u0664"), "'full', 'full-K'"),
])
def test_bad_solve_and_analyze_requests_print_one_line(cli: CliRunner, args: tuple[str, ...],
                                                      error: str) -> None:
    result = cli(*args)
    assert result.code == 2
    assert error in result.err and len(result.err.strip().splitlines()) == 1


@cache
def endgame_plan(board: str) -> MorrisPlan:
    """The 4-vs-4 endgame plan of ``board`` (its indexing), made once."""
    return MorrisPlan(Geometry.of(board), "endgame-4")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["standard", "variant23", "six"]), st.integers(0, 2**32 - 1))
def test_symmetric_positions_share_one_entry_and_entries_decode_back(board: str,
                                                                     seed: int) -> None:
    plan = endgame_plan(board)
    rng = random.Random(seed)
    m, o = rng.randint(3, 4), rng.randint(3, 4)
    points = rng.sample(range(plan.geometry.points), m + o)
    mover, opp = sum(1 << p for p in points[:m]), sum(1 << p for p in points[m:])
    index = plan.ix.locate(mover, opp)
    assert 0 <= index < plan.ix.slice_size((m, o, 0, 0))
    images = [tuple(sum(1 << perm[p] for p in range(64) if s >> p & 1) for s in (mover, opp))
              for perm in plan.geometry.board.symmetries]
    assert {plan.ix.locate(*image) for image in images} == {index}
    back = plan.ix.position((m, o, 0, 0), index)
    assert plan.ix.locate(*back) == index
    assert back in images
