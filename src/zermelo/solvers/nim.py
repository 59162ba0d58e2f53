"""Nim's analysis by Bouton's nim-sum: every position's winner without a search."""

from __future__ import annotations

from pathlib import Path

from zermelo.core.value import Analysis, Value
from zermelo.games.nim.rules import Nim, NimState, nim_value


def value_of(game: Nim, state: NimState) -> Value:
    """Who wins ``state`` with perfect play (Bouton, 1901; misère by the same rule until every
    pile is 0 or 1)."""
    players = game.info.players
    if game.is_terminal(state):
        winner = game.winner(state)
        assert winner is not None  # Nim has no draws
        return Value.win(players[winner], 0)
    mover = game.to_move(state)
    if nim_value(state.piles, game.misere) > 0:
        return Value.win(players[mover])
    return Value.loss(players, mover)


def analysis(game: Nim, state: NimState, data: Path | None = None) -> Analysis:
    """Every legal move with the winner of the position it leads to."""
    return Analysis.by_position(game, state, lambda s: value_of(game, s))
