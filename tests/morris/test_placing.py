"""The placing search into the sliding tables against full databases of small boards."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from tests.morris.test_retrograde import BOARDS_TO_CHECK
from zermelo.core.value import Value
from zermelo.games.morris.boards import Board
from zermelo.games.morris.rules import PLAYERS, Morris, Position
from zermelo.search.base import Budget, BudgetExhausted, budget
from zermelo.solvers.morris import perfect as perfect_module
from zermelo.solvers.morris.database import Database, MorrisPlan
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.perfect import Tables, plays
from zermelo.solvers.morris.placing import INF, WIN, to_child, to_parent
from zermelo.tablebase.layered import BuildReport
from zermelo.tablebase.store import DatabaseError

Builder = Callable[[str], tuple[Database, Tables]]
BOARDS = ["three", "3x3 four stones, flying", "3x3 grid without diagonals, sliding"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], tuple[Database, Tables]]:
    """The builder of :func:`build_both`, each board built once for the module."""
    made: dict[str, tuple[Database, Tables]] = {}

    def get(label: str) -> tuple[Database, Tables]:
        if label not in made:
            made[label] = build_both(BOARDS_TO_CHECK[label], tmp_path_factory.mktemp("db"))
        return made[label]
    return get


def build_both(board: Board, root: Path) -> tuple[Database, Tables]:
    """The full database of ``board`` and, in another directory, the tables of its sliding
    positions only (so that every placing position goes to the search)."""
    geometry = Geometry.of(board)
    full = Database.build(geometry, "full", root / "full")[0]
    Database.build(geometry, f"endgame-{board.stones}", root / "sliding")
    return full, Tables(geometry, root / "sliding", on_demand=False)


def placing_positions(full: Database, start: Position | None = None) -> list[Position]:
    """Every placing position reachable from ``start`` (default: the game's) that is not
    over."""
    game = full.game
    start = game.initial_state() if start is None else start
    seen, todo, found = {start}, [start], []
    while todo:
        state = todo.pop()
        if game.end(state) is not None or not (state.hand(0) or state.hand(1)):
            continue
        found.append(state)
        for move in game.moves_of(state):
            child = game.apply(state, move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return found


def outcome(value: Value, side: int) -> int:
    """1 if the side to move wins, 0 draw, -1 loss."""
    return 0 if value.player is None else (1 if value.player == PLAYERS[side] else -1)


@pytest.mark.parametrize("label", BOARDS)
def test_placing_positions_get_the_full_databases_value_and_distance(
        label: str, built: Builder) -> None:
    full, tables = built(label)
    search = tables.search()
    positions = placing_positions(full)
    assert len(positions) > 2000
    checked = set(random.Random(label).sample(positions, 400))
    for state in positions:  # every placing position reachable from the start
        truth = full.lookup(state)
        exact = search.score(*state.plain)
        assert exact.exact and exact.result == outcome(truth, state.side), state
        assert exact.plies == truth.plies, state
        if state in checked:
            assert search.score(*state.plain, window=(-1, 1)).result == exact.result
            assert tables.lookup(state) == truth


def test_a_placing_analysis_equals_the_full_databases(built: Builder) -> None:
    full, tables = built("3x3 four stones, flying")
    rng = random.Random(3)
    for state in rng.sample(placing_positions(full), 60):
        assert tables.analyze(state) == full.analyze(state)


def test_a_search_beyond_its_budget_stops_with_one_line(built: Builder) -> None:
    full, tables = built("three")
    tables = Tables(tables.geometry, tables.data, on_demand=False)  # a new search
    with budget(Budget(nodes=1)), pytest.raises(BudgetExhausted, match="at its budget"):
        tables.lookup(full.start())


def test_an_analysis_beyond_its_budget_says_how_far_it_got(built: Builder) -> None:
    full, tables = built("three")
    tables = Tables(tables.geometry, tables.data, on_demand=False)  # a new search
    with budget(Budget(nodes=1)), pytest.raises(BudgetExhausted, match=r"not worked out in "
                                                r"the time allowed \(0 of 9 moves valued\)"):
        tables.analyze(full.start())


def test_a_long_search_tells_its_listener_the_positions_searched(built: Builder) -> None:
    full, tables = built("3x3 four stones, flying")
    tables = Tables(tables.geometry, tables.data, on_demand=False)  # a new search
    told: list[int] = []
    value, outcome = tables.search_value(full.start(), distance=False, listener=told.append)
    assert value.player == full.lookup(full.start()).player
    assert told, outcome.nodes  # told 50 times a second, and at the end
    assert told == sorted(told) and 0 < told[-1] <= outcome.nodes


@pytest.mark.parametrize("parent", [0, 1, -1, 5, -5, 990, -990, INF, -INF])
def test_the_window_maps_back_and_forth(parent: int) -> None:
    child = to_child(parent)
    if abs(parent) < INF:
        assert to_parent(child) == parent
    for c in [0, *(s * (WIN - d) for d in range(300) for s in (1, -1))]:  # every score
        assert (to_parent(c) > parent) == (c < child)
        assert (to_parent(c) < parent) == (c > child)


def test_a_database_being_built_answers_the_positions_of_its_finished_tables(
        tmp_path: Path) -> None:
    geometry = Geometry.of(BOARDS_TO_CHECK["3x3 four stones, flying"])
    whole = Database.build(geometry, "endgame-4", tmp_path)[0]
    manifest = whole.store.path / "manifest.json"
    data = json.loads(manifest.read_text())
    del data["tables"]["s44"]  # as if the build were still solving its last table
    manifest.write_text(json.dumps(data))
    (whole.store.path / "s44.bin").unlink()
    tables = Tables(geometry, tmp_path, on_demand=False)
    game = whole.game
    three = game.parse_position("WB./BW./W.B W 0 0")
    assert tables.lookup(three) == whole.lookup(three)
    four = game.parse_position("WB./BWW/WBB W 0 0")
    with pytest.raises(DatabaseError, match="no tiny-fly table holds this position"):
        tables.lookup(four)
    size = f"{whole.plan.tables()[-1].size} positions left"  # the missing table's alone
    with pytest.raises(DatabaseError, match=f"needs 1 more sliding table: build with "
                                            f"'zermelo morris solve.*\\({size}, "):
        tables.lookup(game.initial_state())


@dataclass
class SmallStarts:
    """The standard board's sliding tables of up to four stones a side (``sliding``, for the
    search) and, in another directory, those with the tables of the starts with three and four
    stones a side built on top of them (``placing``, with the report of the four's build)."""

    sliding: Tables
    placing: dict[int, Database]
    report: BuildReport


@pytest.fixture(scope="module")
def small_starts(tmp_path_factory: pytest.TempPathFactory) -> SmallStarts:
    root = tmp_path_factory.mktemp("standard")
    geometry = Geometry.of("standard")
    Database.build(geometry, "endgame-4", root / "sliding")
    shutil.copytree(root / "sliding", root / "placing")
    three = Database.build(geometry, "full-3", root / "placing")[0]
    four, report = Database.build(geometry, "full-4", root / "placing")
    return SmallStarts(Tables(geometry, root / "sliding", on_demand=False), {3: three, 4: four},
                       report)


def sampled_placing_positions(game: Morris, start: Position, games: int,
                              seed: int) -> list[Position]:
    """The distinct placing positions, not over, met along ``games`` random games from
    ``start``."""
    rng = random.Random(seed)
    found: dict[Position, None] = {}
    for _ in range(games):
        state = start
        while game.end(state) is None and (state.hand(0) or state.hand(1)):
            found[state] = None
            state = game.apply(state, rng.choice(game.moves_of(state)))
    return list(found)


@pytest.mark.parametrize("stones", [3, 4])
def test_standard_placing_tables_equal_the_search_into_the_sliding_tables(
        stones: int, small_starts: SmallStarts) -> None:
    """The placing tables of the standard board against Gasser's method, an alpha-beta search
    of the placing phase into the sliding tables: the placing positions of random games from
    the starts with three and four stones a side get the same value and distance."""
    full, sliding = small_starts.placing[stones], small_starts.sliding
    start = Position(0, 0, 0, stones, stones)
    positions = sampled_placing_positions(full.game, start, 60, stones)
    assert len(positions) > 200
    search = sliding.search()
    for state in positions:
        truth = full.lookup(state)
        plain = (state.white, state.black, state.side, state.hand_white, state.hand_black)
        exact = search.score(*plain)
        assert exact.exact and exact.result == outcome(truth, state.side), state
        assert exact.plies == truth.plies, state
    assert sliding.lookup(start) == full.lookup(start)


def test_tables_are_shared_by_scopes_and_the_same_bytes_built_either_way(
        small_starts: SmallStarts, tmp_path: Path) -> None:
    """``full-4`` after ``endgame-4`` and ``full-3`` builds only the placing tables these have
    not, and every table equals the one a build of ``full-4`` alone makes."""
    four = small_starts.placing[4]
    before = {t.name for scope in ("endgame-4", "full-3")
              for t in MorrisPlan(four.plan.geometry, scope).tables()}
    wanted = {t.name for t in four.plan.tables()} - before
    assert {t.name for t in small_starts.report.timings} == wanted
    assert all(name.startswith("p") for name in wanted)
    alone = Database.build(four.plan.geometry, "full-4", tmp_path)[0].store
    for table in four.plan.tables():
        assert np.array_equal(alone.load(table.name), four.store.load(table.name)), table.name


def test_perfect_is_offered_where_the_tables_hold_the_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Built when first asked for, or built: offered; the sliding tables alone (a search of
    minutes a move on the standard board) or nothing, too large to build on demand: not."""
    monkeypatch.setenv("ZERMELO_DATA", str(tmp_path))
    board = BOARDS_TO_CHECK["3x3 four stones, flying"]
    game, geometry = Morris(board), Geometry.of(board)
    assert plays(game)  # small enough to build when first asked for
    monkeypatch.setattr(perfect_module, "ON_DEMAND", 0)  # as if it were the standard board
    assert not plays(game)
    Database.build(geometry, "endgame-4", tmp_path)
    assert not plays(game)
    Database.build(geometry, "full", tmp_path)
    assert plays(game)
