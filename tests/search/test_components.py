"""The transposition table, move ordering, game checks, MCTS seeding, players."""

from __future__ import annotations

from typing import Any

import pytest

from zermelo.core.errors import GameNotSupportedError, OptionError, UnknownNameError
from zermelo.core.game import Chance, Game, GameInfo
from zermelo.games.nim import Nim, NimState
from zermelo.games.tictactoe import TicTacToe
from zermelo.search import (
    ALGORITHMS,
    RandomPlayer,
    SearchPlayer,
    alphabeta,
    alphabeta_tt,
    get_algorithm,
    mcts,
    minimax,
    plays,
    search,
)
from zermelo.search.ordering import MoveOrdering
from zermelo.search.players import play_match
from zermelo.search.table import COMPLETE, Bound, TranspositionTable


def test_bound_types_follow_the_fail_soft_contract() -> None:
    assert TranspositionTable.bound_of(-1, -0.5, 0.5) is Bound.UPPER
    assert TranspositionTable.bound_of(-0.5, -0.5, 0.5) is Bound.UPPER
    assert TranspositionTable.bound_of(0.5, -0.5, 0.5) is Bound.LOWER
    assert TranspositionTable.bound_of(0, -0.5, 0.5) is Bound.EXACT


def test_a_bound_settles_a_search_only_outside_the_window() -> None:
    table = TranspositionTable()
    table.store("k", 0.0, Bound.LOWER, 3, None)
    entry = table.probe("k")
    assert entry is not None
    assert table.usable(entry, 3, -1, 0)       # value >= 0 >= beta
    assert not table.usable(entry, 3, -1, 1)   # could still be anything in [0, 1)
    assert not table.usable(entry, 4, -1, 0)   # not deep enough
    table.store("k", 0.0, Bound.EXACT, 2, None)   # shallower: ignored
    assert table.entries["k"].depth == 3
    table.store("k", 0.5, Bound.EXACT, COMPLETE, "m")
    kept = table.get("k")
    assert kept is not None and kept.bound is Bound.EXACT and table.usable(kept, 9, 0, 1)
    assert (table.probes, table.hits, table.stores) == (1, 1, 2)


def test_a_full_table_drops_its_oldest_generation() -> None:
    table = TranspositionTable(capacity=4)
    for key in "abcd":
        table.store(key, 1, Bound.EXACT, 1, None)
    assert len(table) == 4 and table.get("a") is not None
    table.store("a", 1, Bound.EXACT, 2, None)  # renewed: moves to the recent generation
    table.store("e", 1, Bound.EXACT, 1, None)
    assert sorted(table.entries) == ["a", "e"] and sorted(table.older) == ["c", "d"]
    table.store("f", 1, Bound.EXACT, 1, None)
    assert len(table) <= 4 and table.get("c") is None and table.dropped == 4


def test_a_small_table_gives_the_same_values() -> None:
    game = Nim((3, 4, 5))
    for capacity in (2, 16, 256):
        result = alphabeta_tt(game, game.initial_state(), table=TranspositionTable(capacity))
        assert result.value == alphabeta(game, game.initial_state()).value


def test_move_ordering_puts_hints_first() -> None:
    ordering = MoveOrdering()
    ordering.cutoff("c", ply=2, depth=3)
    ordering.cutoff("d", ply=5, depth=1)
    assert ordering.order(["a", "b", "c", "d"], ply=2, tt_move="b") == ["b", "c", "d", "a"]
    assert ordering.order(["a", "b"], ply=2, tt_move="z") == ["a", "b"]


class DiceGame(Nim):
    def __init__(self) -> None:
        super().__init__()
        self.info = GameInfo("dice", "Dice", ("A", "B"), chance=Chance.EXPLICIT)


@pytest.mark.parametrize("name", [n for n, a in ALGORITHMS.items()
                                  if not plays(a, DiceGame().info)])
def test_searches_refuse_games_with_chance(name: str) -> None:
    game = DiceGame()
    with pytest.raises(GameNotSupportedError) as refused:
        search(name, game, game.initial_state())
    assert str(refused.value).endswith(f"{name} cannot play Dice: explicit chance, needs "
                                       "deterministic")


def test_unknown_algorithm_and_bad_depth() -> None:
    with pytest.raises(UnknownNameError, match="no algorithm 'negascout'"):
        get_algorithm("negascout")
    game = Nim()
    with pytest.raises(OptionError, match="depth -1: must be 0 to 64"):
        minimax(game, game.initial_state(), depth=-1)
    with pytest.raises(OptionError, match="dfpn takes no depth limit"):
        search("dfpn", game, game.initial_state(), depth=3)


def test_mcts_is_reproducible_with_a_seed() -> None:
    game = TicTacToe()
    state = game.initial_state()
    a = mcts(game, state, iterations=300, seed=5)
    b = mcts(game, state, iterations=300, seed=5)
    assert (a.best_move, a.value, a.pv) == (b.best_move, b.value, b.pv)
    assert a.stats.iterations == 300 and a.stats.nodes > 1


def test_mcts_takes_a_custom_rollout() -> None:
    game = TicTacToe()
    calls = []

    def pessimist(g: Any, s: Any, rng: Any) -> tuple[float, ...]:
        calls.append(s)
        return (0.0, 0.0)

    result = mcts(game, game.initial_state(), iterations=50, seed=1, rollout=pessimist)
    assert calls and result.best_move is not None


def test_values_are_from_the_side_to_move() -> None:
    game = TicTacToe()
    x_wins_next = game.parse_position("XX.OO....")  # X to move wins at c1
    o_to_move = game.parse_position("XX.OO...X")    # O to move wins at c2
    for algorithm in (minimax, alphabeta, alphabeta_tt):
        assert algorithm(game, x_wins_next).value == 1
        assert algorithm(game, x_wins_next).best_move == 2
        result = algorithm(game, o_to_move)
        assert result.value == 1
        assert alphabeta_tt(game, game.apply(o_to_move, result.best_move)).value == -1


def test_terminal_positions_have_no_move() -> None:
    game = TicTacToe()
    won = game.parse_position("XXXOO....")
    for name in ALGORITHMS:
        result = search(name, game, won)
        assert result.best_move is None and result.value == -1  # O to move has lost


def test_a_perfect_player_never_loses_to_random_moves() -> None:
    game = TicTacToe()
    perfect = SearchPlayer("alphabeta-tt")
    for seed in range(10):
        for players, me in (([perfect, RandomPlayer(seed)], 0), ([RandomPlayer(seed), perfect], 1)):
            last = play_match(game, players)[-1]
            assert game.winner(last) in (me, None)


def open_lines(game: Game[Any, Any], state: Any) -> float:
    """A depth-limit evaluation that varies: rows, columns and diagonals still open to the side
    to move minus those open to the opponent, squashed inside (-1, 1)."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
             (2, 4, 6)]
    mine, theirs = (state.x, state.o) if game.to_move(state) == 0 else (state.o, state.x)
    score = sum((not any(theirs >> i & 1 for i in line)) - (not any(mine >> i & 1 for i in line))
                for line in lines)
    return score / 10


def test_alphabeta_counts_cutoffs_and_matches_minimax_at_each_depth() -> None:
    game = TicTacToe()
    values = set()
    for text in (".........", "X...O....", "XO..X....", "X.O.X.O.."):
        state = game.parse_position(text)
        for depth in range(0, 5):
            plain = minimax(game, state, depth=depth, evaluate=open_lines)
            pruned = alphabeta(game, state, depth=depth, evaluate=open_lines)
            table = alphabeta_tt(game, state, depth=depth, evaluate=open_lines)
            assert pruned.value == pytest.approx(plain.value)
            assert table.value == pytest.approx(plain.value)
            assert pruned.stats.nodes <= plain.stats.nodes
            if depth >= 2:
                assert pruned.stats.cutoffs > 0
            values.add(round(plain.value, 6))
    assert len(values) >= 4  # the positions and depths do not all share one value


def test_nim_misere_endgame() -> None:
    game = Nim(misere=True)
    assert alphabeta_tt(game, NimState((1, 1, 1), 0)).value == -1
    assert alphabeta_tt(game, NimState((1, 1), 0)).value == 1
