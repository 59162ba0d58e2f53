"""The compiled MCTS on Connect Four against the readable rules, the generic MCTS and
alpha-beta: same moves, same proofs, same strength in distribution, and its budgets."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import GameNotSupportedError, OptionError
from zermelo.engines.registry import create_engine
from zermelo.engines.strength import wilson
from zermelo.games.connect4 import ConnectFour
from zermelo.games.connect4.rules import Position
from zermelo.games.pig.rules import Pig
from zermelo.search.algorithms import search
from zermelo.search.base import Budget, budget
from zermelo.search.mcts import mcts as generic_mcts
from zermelo.search.mcts_kernel import CHUNK, NOT_OVER, Tree, mcts_compiled
from zermelo.search.players import Player, SearchPlayer, play_match
from zermelo.solvers.connect4.heuristic import heuristic_player
from zermelo.solvers.connect4.mcts import (
    CompiledMCTSPlayer,
    kernels_of,
    mcts,
    pack,
    rules_of,
)

SIZES = [(7, 6, 4), (5, 4, 3), (4, 4, 4), (9, 6, 5), (1, 40, 4), (6, 2, 2)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIZES), st.lists(st.integers(0, 8), max_size=60))
def test_the_move_functions_agree_with_the_rules(size: tuple[int, int, int],
                                                 picks: list[int]) -> None:
    game = ConnectFour(*size)
    kernels, rules = kernels_of(game.board), rules_of(game.board)
    state, packed = game.initial_state(), pack(game.initial_state())
    out = np.zeros(kernels.max_moves, dtype=np.int64)
    for pick in picks:
        value = kernels.outcome(packed, rules)
        assert kernels.to_move(packed, rules) == game.to_move(state)
        if game.is_terminal(state):
            assert value == game.returns(state)[game.to_move(state)]
            break
        assert value == NOT_OVER
        moves = game.legal_moves(state)
        assert list(out[:kernels.legal(packed, rules, out)]) == moves
        move = moves[pick % len(moves)]
        state = game.apply(state, move)
        kernels.play(packed, rules, move)
        assert list(packed) == list(pack(state))


def best_moves(game: ConnectFour, state: Position) -> set[int]:
    """The moves whose value, searched by alpha-beta to six plies, is the position's."""
    value = search("alphabeta", game, state, depth=6).value
    return {m for m in game.legal_moves(state)
            if -search("alphabeta", game, game.apply(state, m), depth=5).value == value}


@pytest.mark.parametrize(("position", "value"), [
    ("112233", 1.0),   # X wins at once in column 4
    ("3344", 1.0),     # X makes an open three on the bottom row: mate in two
    ("33445", -1.0),   # ... O to move cannot stop both ends
])
def test_a_forced_result_is_proven(position: str, value: float) -> None:
    game = ConnectFour()
    state = game.parse_position(position)
    result = mcts(game, state, iterations=20_000, seed=3)
    assert result.exact and result.value == value
    assert result.stats.iterations < 20_000  # a proven root ends the search
    assert generic_mcts(game, state, iterations=20_000, seed=3).value == value
    assert search("alphabeta", game, state, depth=4).value == value
    assert result.best_move in best_moves(game, state)
    unproven = mcts(game, state, iterations=2_000, seed=3, solve=False)
    assert not unproven.exact


@pytest.mark.parametrize("position", ["112233", "15253", "121212", "12131"])
def test_the_same_best_move_as_the_generic_mcts(position: str) -> None:
    game = ConnectFour()
    state = game.parse_position(position)
    compiled = mcts(game, state, iterations=3_000, seed=1)
    generic = generic_mcts(game, state, iterations=3_000, seed=1)
    assert {compiled.best_move} == {generic.best_move} == best_moves(game, state)
    assert compiled.pv[0] == compiled.best_move and compiled.algorithm == generic.algorithm


def test_the_same_strength_as_the_generic_mcts_in_distribution() -> None:
    """Each plays 400 games (200 as each side) against the depth-2 heuristic on 4x4, three in
    a row, with 50 simulations a move: their win rates' 95 % Wilson intervals overlap, and a
    search with 20 simulations falls below (the test tells such a difference apart)."""
    game = ConnectFour(4, 4, 3)
    opponent = heuristic_player("threats", 2)

    def interval(player_of: Callable[[int], Player]) -> tuple[float, float]:
        wins = 0
        for i in range(GAMES):
            player, side = player_of(i), i % 2
            end = play_match(game, [player, opponent] if side == 0 else [opponent, player])[-1]
            wins += game.returns(end)[side] > 0
        return wilson(wins, GAMES)

    generic = interval(lambda i: SearchPlayer("mcts", iterations=50, seed=i))
    compiled = interval(lambda i: CompiledMCTSPlayer(50, i))
    weaker = interval(lambda i: CompiledMCTSPlayer(20, i))
    assert compiled[0] <= generic[1] and generic[0] <= compiled[1]
    assert weaker[1] < min(generic[0], compiled[0])


GAMES = 400
"""Games of each player in the distribution test."""


def test_seeded_and_bounded_by_its_simulations() -> None:
    game = ConnectFour()
    start = game.initial_state()
    first, again = (mcts(game, start, iterations=5_000, seed=7) for _ in range(2))
    assert (first.value, first.pv) == (again.value, again.pv)
    assert first.stats.iterations == 5_000 and first.stats.nodes == 5_001
    assert 0 < first.stats.max_depth <= 42 and not first.exact
    assert first.stats.extra["tree_bytes"] == Tree(5_001).nbytes
    assert Tree(5_001).nbytes < 5_001 * 80  # the tree's memory is linear in the budget


def test_budgets_seconds_nodes_and_cancellation() -> None:
    game = ConnectFour()
    start = game.initial_state()
    began = time.perf_counter()
    result = mcts(game, start, iterations=10_000_000, seconds=0.1, seed=1)
    assert time.perf_counter() - began < 1 and result.stats.iterations < 10_000_000
    began = time.perf_counter()
    with budget(Budget(seconds=0.1)):
        result = mcts(game, start, iterations=10_000_000, seed=1)
    assert time.perf_counter() - began < 1 and result.best_move in game.legal_moves(start)
    with budget(Budget(nodes=3_000)):
        assert mcts(game, start, iterations=10_000_000, seed=1).stats.nodes == 3_001
    with budget(Budget(cancelled=lambda: True)):
        assert mcts(game, start, iterations=10_000_000, seed=1).stats.iterations == CHUNK


def test_a_finished_game_and_bad_input() -> None:
    game = ConnectFour()
    over = game.parse_position("1212121")
    result = mcts(game, over, iterations=10, seed=1)
    assert (result.value, result.best_move, result.exact) == (-1.0, None, True)
    with pytest.raises(OptionError, match="iterations 0"):
        mcts(game, game.initial_state(), iterations=0)
    with pytest.raises(OptionError, match="seconds 0"):
        mcts(game, game.initial_state(), seconds=0)
    board = game.board
    with pytest.raises(GameNotSupportedError, match="mcts cannot play Pig"):
        mcts_compiled(Pig(), kernels_of(board), pack(game.initial_state()), rules_of(board))


def test_the_engine_plays_the_compiled_search() -> None:
    game = ConnectFour()
    engine = create_engine("mcts:2000", game, seed=4)
    assert isinstance(engine, CompiledMCTSPlayer)
    state = game.parse_position("15253")
    assert engine(game, state) == 3 and engine.last is not None
    assert engine.last.stats.iterations == 2_000
    with pytest.raises(OptionError, match="mcts:0"):
        create_engine("mcts:0", game)
