"""Tic-tac-toe's analysis by exact alpha-beta search, for positions small enough to search at
once."""

from __future__ import annotations

from pathlib import Path

from zermelo.core.errors import GameNotSupportedError
from zermelo.core.value import Analysis, Value
from zermelo.games.tictactoe.rules import TicTacToe, TicTacToeState
from zermelo.search.alphabeta_tt import alphabeta_tt

MAX_EMPTY = 12
"""Positions with more empty squares are not analysed (the search would take too long)."""


def value_of(game: TicTacToe, state: TicTacToeState) -> Value:
    """Who wins ``state`` with perfect play, or a draw."""
    players = game.info.players
    mover = game.to_move(state)
    value = alphabeta_tt(game, state).value
    if value > 0:
        return Value.win(players[mover])
    if value < 0:
        return Value.loss(players, mover)
    return Value.draw()


def analysis(game: TicTacToe, state: TicTacToeState, data: Path | None = None) -> Analysis:
    """Every legal move with the value of the position it leads to."""
    empty = game.size - (state.x | state.o).bit_count()
    if empty > MAX_EMPTY:
        raise GameNotSupportedError(f"analysis needs at most {MAX_EMPTY} empty squares, this "
                                    f"position has {empty}")
    return Analysis.by_position(game, state, lambda s: value_of(game, s))
