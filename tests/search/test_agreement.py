"""Every exact search returns the same value on random positions of every registered game
(expectimax, max^n and paranoid included: on two-player zero-sum games without chance they are
minimax)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from zermelo.games.registry import GAMES, AnyGame
from zermelo.search import alphabeta, alphabeta_tt, dfpn, expectimax, maxn, mcts, minimax, paranoid

SMALL_VARIANTS: dict[str, dict[str, str]] = {
    "connect4": {"board": "4x4", "k": "3"},
    "musketeers": {"board": "4x4"},
    "nim": {"piles": "2,3,4"},
    "tictactoe": {},
}


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def small_tree(game: AnyGame, state: Any, limit: int) -> bool:
    """Whether the game tree below ``state`` has at most ``limit`` nodes."""
    count = 0
    stack = [state]
    while stack:
        count += 1
        if count > limit:
            return False
        current = stack.pop()
        if not game.is_terminal(current):
            stack.extend(game.apply(current, m) for m in game.legal_moves(current))
    return True


def positions(game: AnyGame, seed: int, count: int, last: int, limit: int) -> list[Any]:
    """States from random playouts, each at most ``last`` plies before the end and with a game
    tree of at most ``limit`` nodes."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        states = game.random_playout(game.initial_state(), rng)
        state = states[max(0, len(states) - 1 - rng.randint(1, last))]
        if small_tree(game, state, limit):
            out.append(state)
    return out


def _game_params() -> list[Any]:
    """Each registered game in a variant small enough for plain minimax near the end."""
    return [pytest.param(entry.game(SMALL_VARIANTS[name]), id=name)
            for name, entry in GAMES.items() if name in SMALL_VARIANTS]


@pytest.mark.parametrize("game", _game_params())
def test_exact_searches_agree_near_the_end(game: AnyGame) -> None:
    for state in positions(game, seed=7, count=25, last=8, limit=5_000):
        reference = minimax(game, state)
        assert reference.exact
        for search in (alphabeta, alphabeta_tt, expectimax, maxn, paranoid):
            result = search(game, state)
            assert result.value == reference.value, (search.__name__,
                                                     game.format_position(state))
        assert dfpn(game, state).value == _sign(reference.value)
        if reference.best_move is not None:
            child = game.apply(state, reference.best_move)
            after = minimax(game, child).value
            same = game.to_move(child) == game.to_move(state)
            assert (after if same else -after) == reference.value


@pytest.mark.parametrize("game", _game_params())
def test_table_search_and_proof_search_agree_further_back(game: AnyGame) -> None:
    for state in positions(game, seed=11, count=10, last=12, limit=30_000):
        table = alphabeta_tt(game, state)
        assert table.exact
        assert alphabeta(game, state).value == table.value
        assert dfpn(game, state).value == _sign(table.value)


@pytest.mark.parametrize("game", _game_params())
def test_mcts_proves_positions_near_the_end(game: AnyGame) -> None:
    for state in positions(game, seed=3, count=10, last=4, limit=2_000):
        result = mcts(game, state, iterations=5_000, seed=0)
        if not game.is_terminal(state):
            assert result.exact
        assert result.value == alphabeta_tt(game, state).value
