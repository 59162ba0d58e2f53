"""An independent oracle for Three Musketeers results: a plain recursive minimax on the rules."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from zermelo.games.musketeers import Position, ThreeMusketeers


def minimax_oracle(game: ThreeMusketeers) -> Callable[[Position], str]:
    """A function giving ``(winner letter, plies)`` of a position by exhaustive search, with the
    winner winning fastest and the loser losing slowest; one a game's rules (its ``repr`` names
    them all: each database opened makes a game object of its own), so the tests of a process
    share the positions it has solved."""
    rules = repr(game)
    if rules not in _ORACLES:
        _ORACLES[rules] = _oracle(game)
    return _ORACLES[rules]


_ORACLES: dict[str, Callable[[Position], str]] = {}


def _oracle(game: ThreeMusketeers) -> Callable[[Position], str]:
    @cache
    def solve(state: Position) -> tuple[int, int]:
        winner = game.winner(state)
        if winner is not None:
            return winner, 0
        me = state.to_move
        children = [solve(game.apply(state, m)) for m in game.legal_moves(state)]
        wins = [p for w, p in children if w == me]
        if wins:
            return me, 1 + min(wins)
        return 1 - me, 1 + max(p for _, p in children)

    def result(state: Position) -> str:
        winner, plies = solve(state)
        return f"{'ME'[winner]}{plies}"

    return result
