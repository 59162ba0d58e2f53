"""More than two players: max^n and paranoid against brute force on small games, paranoid
against alpha-beta with two players, MCTS backing up return vectors."""

from __future__ import annotations

import random
from typing import Any

import pytest

from zermelo.core.game import Game
from zermelo.games.nim import Nim
from zermelo.games.tictactoe import TicTacToe
from zermelo.search import alphabeta, maxn, mcts, minimax, paranoid
from zermelo.search.base import ReturnsEvaluator

from .small_games import Node, TakeAway, TreeGame, leaf, node, random_tree


def zero(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    return (0.0,) * game.info.num_players


def brute_maxn(game: Game[Any, Any], state: Any, left: int, evaluate: ReturnsEvaluator
               ) -> tuple[tuple[float, ...], Any]:
    """Every player's max^n value and the mover's choice, the first best in move order."""
    if game.is_terminal(state):
        return tuple(game.returns(state)), None
    if left == 0:
        return tuple(evaluate(game, state)), None
    mover = game.to_move(state)
    options = [(brute_maxn(game, game.apply(state, m), left - 1, evaluate)[0], m)
               for m in game.legal_moves(state)]
    top = max(values[mover] for values, _ in options)
    return next((values, m) for values, m in options if values[mover] == top)


def brute_paranoid(game: Game[Any, Any], state: Any, me: int, left: int,
                   evaluate: ReturnsEvaluator) -> float:
    """``me``'s return when everybody else plays against ``me``, every node searched."""
    if game.is_terminal(state):
        return game.returns(state)[me]
    if left == 0:
        return evaluate(game, state)[me]
    values = [brute_paranoid(game, game.apply(state, m), me, left - 1, evaluate)
              for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == me else min(values)


def path_guess(game: Game[Any, Any], state: tuple[int, ...]) -> tuple[float, ...]:
    """An arbitrary estimate of every return that depends on the path."""
    return tuple(float((sum(state) * 7 + 3 * p + len(state)) % 10)
                 for p in range(game.info.num_players))


# max^n picks (2, 6, 1) with b; paranoid A gets 1 either way and keeps a
EXAMPLE = node(0,
               node(1, node(2, leaf(1, 4, 5), leaf(6, 0, 2)),
                    node(2, leaf(3, 5, 2), leaf(4, 1, 3))),
               node(1, leaf(1, 2, 2),
                    node(2, leaf(2, 6, 1), leaf(7, 3, 0))))


def test_maxn_and_paranoid_on_a_hand_solved_tree() -> None:
    game = TreeGame(EXAMPLE, 3)
    result = maxn(game, ())
    assert result.values == (2, 6, 1) and result.value == 2
    assert result.pv == (1, 1, 0) and result.exact
    guarded = paranoid(game, ())
    assert guarded.value == 1 and guarded.best_move == 0 and guarded.exact


def trees(count: int, players: int) -> list[Node]:
    rng = random.Random(players)
    return [random_tree(rng, players, 5) for _ in range(count)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_maxn_equals_brute_force_on_random_trees(players: int) -> None:
    for tree in trees(60, players):
        game = TreeGame(tree, players)
        for depth, evaluate in ((None, zero), (2, zero), (3, path_guess)):
            limit = 99 if depth is None else depth
            values, move = brute_maxn(game, (), limit, evaluate)
            result = maxn(game, (), depth=depth,
                          evaluate_returns=None if evaluate is zero else evaluate)
            assert (result.values, result.best_move) == (values, move), tree


@pytest.mark.parametrize("players", [2, 3, 4])
def test_paranoid_equals_brute_force_on_random_trees(players: int) -> None:
    for tree in trees(60, players):
        game = TreeGame(tree, players)
        for depth, evaluate in ((None, zero), (2, zero), (3, path_guess)):
            limit = 99 if depth is None else depth
            result = paranoid(game, (), depth=depth,
                              evaluate_returns=None if evaluate is zero else evaluate)
            me = game.to_move(())
            assert result.value == brute_paranoid(game, (), me, limit, evaluate), tree
            if result.best_move is not None:
                after = brute_paranoid(game, (result.best_move,), me, limit - 1, evaluate)
                assert after == result.value


@pytest.mark.parametrize("pile", range(1, 11))
def test_three_players_take_away(pile: int) -> None:
    game = TakeAway(3, pile)
    state = game.initial_state()
    values, move = brute_maxn(game, state, 99, zero)
    result = maxn(game, state)
    assert (result.values, result.best_move) == (values, move)
    assert paranoid(game, state).value == brute_paranoid(game, state, 0, 99, zero)
    if pile <= 2:  # take everything
        assert result.value == 1 and result.best_move == pile


def two_player_positions() -> list[tuple[Game[Any, Any], Any]]:
    tictactoe, nim = TicTacToe(), Nim((1, 2, 3))
    boards = ("X.O.X....", "XO.......", ".........", "XOX.O....")
    return ([(tictactoe, tictactoe.parse_position(b)) for b in boards]
            + [(nim, nim.initial_state()), (TakeAway(2, 9), TakeAway(2, 9).initial_state())])


@pytest.mark.parametrize("depth", [None, 1, 3])
def test_paranoid_with_two_players_is_alphabeta(depth: int | None) -> None:
    for game, state in two_player_positions():
        ours = paranoid(game, state, depth=depth)
        theirs = alphabeta(game, state, depth=depth)
        assert (ours.value, ours.pv, ours.exact) == (theirs.value, theirs.pv, theirs.exact)
        assert (ours.stats.nodes, ours.stats.cutoffs) == (theirs.stats.nodes,
                                                          theirs.stats.cutoffs)


def test_maxn_with_two_players_is_minimax() -> None:
    for game, state in two_player_positions()[:2]:
        ours, theirs = maxn(game, state), minimax(game, state)
        assert (ours.value, ours.best_move) == (theirs.value, theirs.best_move)
        assert ours.stats.nodes == theirs.stats.nodes


def test_mcts_with_three_players() -> None:
    game = TreeGame(EXAMPLE, 3)
    result = mcts(game, (), iterations=2_000, seed=0)
    assert result.best_move == 1 and result.value == pytest.approx(2, abs=0.3)
    assert not result.exact  # proofs need two players
    take = TakeAway(3, 2)
    won = mcts(take, take.initial_state(), iterations=200, seed=0)
    assert won.best_move == 2 and won.value == pytest.approx(1, abs=0.2)
