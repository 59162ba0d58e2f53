"""Retrograde analysis of OpenSpiel games: every position's code matches a level-by-level
reference written apart from the solver, the values and distances match zermelo's alpha-beta on
OpenSpiel's own states, a given indexing agrees with the enumeration, and ``zermelo solve
openspiel:GAME --algorithm retrograde`` answers or refuses in one line."""

from __future__ import annotations

import json
import random
from typing import Any

import pyspiel
import pytest

from tests.conftest import CliRunner
from zermelo.core.errors import GameNotSupportedError, InvalidPositionError
from zermelo.openspiel import retrograde
from zermelo.openspiel.adapter import History, open_game
from zermelo.openspiel.retrograde import (
    LOSS_AT_ONCE,
    Graph,
    Reachable,
    reachable_graph,
    solve_native,
)
from zermelo.search.algorithms import search
from zermelo.search.base import BudgetExhausted
from zermelo.tablebase.retrograde import DRAW, NONE, describe

CYCLIC = "quoridor(board_size=3)"
"""Pawns step back and forth: positions recur, and the first player loses."""


def root(name: str) -> Any:
    return pyspiel.load_game(name).new_initial_state()


def reference_codes(graph: Graph) -> list[int]:
    """Codes found level by level: at an odd level ``d`` a position wins if one of its moves
    wins in ``d``; at an even one it loses if every move is decided as a loss, the slowest in
    ``d``; a position never decided draws."""
    n = len(graph.offsets) - 1
    kids = [graph.targets[graph.offsets[u]:graph.offsets[u + 1]] for u in range(n)]
    code: list[int | None] = [None] * n
    last, d = LOSS_AT_ONCE, 0
    while d <= last + 1:
        found = []
        for u in range(n):
            if code[u] is not None:
                continue
            options: list[int | None] = [None if code[v] is None else (
                DRAW if code[v] == DRAW else code[v] + 1) for v in kids[u]]  # type: ignore[operator]
            if graph.exits[u] != NONE:
                options.append(graph.exits[u])
            wins = d % 2 and d + 1 in options
            loses = not d % 2 and all(o is not None and o != DRAW and o % 2 for o in options) \
                and max((o - 1 for o in options if o is not None), default=0) == d
            if wins or loses:
                found.append(u)
        for u in found:
            code[u] = d + 1
        last = d if found else last
        d += 1
    return [DRAW if c is None else c for c in code]


@pytest.mark.parametrize("name", ["tic_tac_toe", CYCLIC, "nim(pile_sizes=1;2;3)"])
def test_every_code_matches_a_level_by_level_reference(name: str) -> None:
    _, graph = reachable_graph(root(name))
    solved = solve_native(root(name))
    assert [int(c) for c in solved.codes] == reference_codes(graph)


def sample(name: str, count: int) -> list[tuple[Any, int]]:
    """``count`` positions of ``name`` drawn from the enumeration, with their codes."""
    solved = solve_native(root(name))
    indexing = solved.indexing
    assert isinstance(indexing, Reachable)
    numbers = random.Random(5).sample(range(solved.size), count)
    return [(indexing.state(i), int(solved.codes[i])) for i in numbers]


@pytest.mark.parametrize("name", ["tic_tac_toe", CYCLIC])
def test_values_and_distances_match_alphabeta(name: str) -> None:
    game = open_game(name)
    seen = set()
    for native, code in sample(name, 40):
        state = History(tuple(native.history()), native)
        outcome, plies = describe(code)
        seen.add(outcome)
        if plies is None:  # a draw: no side forces an end within 10 plies
            assert abs(search("alphabeta", game, state, depth=10).value) < 1
            continue
        assert search("alphabeta", game, state, depth=plies).value == outcome
        if plies > 1:
            assert abs(search("alphabeta", game, state, depth=plies - 1).value) < 1
    assert seen >= {-1, 1}


def test_a_move_that_loses_at_once_is_a_loss() -> None:
    game = open_game("nim(pile_sizes=1;2;3)")  # misere: taking the last object loses
    for native, code in sample("nim(pile_sizes=1;2;3)", 12):
        state = History(tuple(native.history()), native)
        assert describe(code)[0] == search("alphabeta", game, state).value


class TicTacToeBoard:
    """Tic-tac-toe's positions numbered by the board in base 3 (0 empty, 1 x, 2 o): a
    given indexing, with numbers of no position."""

    size = 3**9

    def index(self, state: Any) -> int:
        cells = str(state).replace("\n", "")
        return sum(".xo".index(c) * 3**k for k, c in enumerate(cells))

    def state(self, index: int) -> Any | None:
        cells = [index // 3**k % 3 for k in range(9)]
        xs = [k for k, c in enumerate(cells) if c == 1]
        os = [k for k, c in enumerate(cells) if c == 2]
        if len(xs) - len(os) not in (0, 1):
            return None
        state = root("tic_tac_toe")
        for k in range(9):
            for cells_of in (xs, os):
                if k < len(cells_of):
                    if state.is_terminal():
                        return None
                    state.apply_action(cells_of[k])
        return state


def test_a_given_indexing_agrees_with_the_enumeration() -> None:
    found = solve_native(root("tic_tac_toe"))
    given = solve_native(root("tic_tac_toe"), indexing=TicTacToeBoard())
    assert given.size == 3**9
    indexing = found.indexing
    assert isinstance(indexing, Reachable)
    for i in range(found.size):
        state = indexing.state(i)
        assert given.code(state) == found.codes[i]
    assert given.best_action(root("tic_tac_toe")) == found.best_action(root("tic_tac_toe"))


def test_an_index_out_of_range_is_refused() -> None:
    class Wrong(TicTacToeBoard):
        size = 10

    with pytest.raises(InvalidPositionError, match="outside 0 to 9"):
        solve_native(root("tic_tac_toe"), indexing=Wrong())


def test_more_positions_than_the_limit_are_refused() -> None:
    with pytest.raises(BudgetExhausted, match="more than 100 positions"):
        solve_native(root("tic_tac_toe"), limit=100)


@pytest.mark.parametrize(("name", "message"), [
    ("kuhn_poker", "retrograde cannot solve kuhn_poker: chance, needs none; imperfect"),
    ("dots_and_boxes", "retrograde analysis needs the players to take turns"),
])
def test_games_it_cannot_solve_are_refused(name: str, message: str) -> None:
    with pytest.raises(GameNotSupportedError, match=message):
        solve_native(root(name))


def test_solve_retrograde_from_the_command_line(cli: CliRunner) -> None:
    result = cli("solve", "openspiel:tic_tac_toe", "4", "1", "-a", "retrograde", "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)  # o on an edge loses: x plays a corner, then forks
    assert (answer["value"], answer["exact"], answer["algorithm"]) == (1, True, "retrograde")
    assert (answer["outcome"]["plies"], len(answer["pv"])) == (5, 5)
    result = cli("solve", f"openspiel:{CYCLIC}", "-a", "retrograde", "--json")
    answer = json.loads(result.out)
    alphabeta = search("alphabeta", open_game(CYCLIC), open_game(CYCLIC).initial_state(),
                       depth=answer["outcome"]["plies"])
    assert answer["value"] == alphabeta.value == -1


@pytest.mark.parametrize(("args", "message"), [
    (("openspiel:kuhn_poker",), "zermelo: unsupported game: retrograde cannot solve"),
    (("openspiel:tic_tac_toe", "--nodes", "1000"),
     "zermelo: budget exhausted: more than 1,000 positions"),
    (("openspiel:tic_tac_toe", "0", "3", "1", "4", "2"), "zermelo: invalid position: the game "
     "is over"),
])
def test_the_command_line_refuses_in_one_line(cli: CliRunner, args: tuple[str, ...],
                                               message: str) -> None:
    result = cli("solve", *args, "-a", "retrograde")
    assert result.code == 2
    assert result.err.startswith(message), result.err
    assert len(result.err.strip().splitlines()) == 1


def test_the_default_limit_says_how_to_raise_it(cli: CliRunner,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(retrograde, "DEFAULT_LIMIT", 1000)
    result = cli("solve", "openspiel:tic_tac_toe", "-a", "retrograde")
    assert result.code == 2
    assert result.err.strip() == ("zermelo: unsupported game: openspiel:tic_tac_toe has more "
                                  "than 1,000 positions, the retrograde solver's default limit "
                                  "(--nodes N raises it)")
