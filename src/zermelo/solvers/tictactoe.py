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
    """Who wins ``state`` with perfect play and in how many plies (the winner winning as soon
    and the loser losing as late as they can), or a draw."""
    players = game.info.players
    mover = game.to_move(state)
    if game.is_terminal(state):
        winner = game.winner(state)
        return Value.draw(0) if winner is None else Value.win(players[winner], 0)
    value = alphabeta_tt(game, state).value
    if value == 0:
        return Value.draw()
    plies = plies_to_end(game, state)
    return Value.win(players[mover], plies) if value > 0 else Value.loss(players, mover, plies)


def plies_to_end(game: TicTacToe, state: TicTacToeState) -> int:
    """The length of a won or lost game under perfect play: the smallest depth to which
    alpha-beta proves the result (a search cut off at its depth scores the horizon 0, so a
    win it proves is forced within that many plies)."""
    empty = game.size - (state.x | state.o).bit_count()
    return next(d for d in range(1, empty + 1)
                if abs(alphabeta_tt(game, state, depth=d, iterative=False).value) >= 1)


def analysis(game: TicTacToe, state: TicTacToeState, data: Path | None = None) -> Analysis:
    """Every legal move with the value of the position it leads to."""
    empty = game.size - (state.x | state.o).bit_count()
    if empty > MAX_EMPTY:
        raise GameNotSupportedError(f"analysis needs at most {MAX_EMPTY} empty squares, this "
                                    f"position has {empty}")
    return Analysis.by_position(game, state, lambda s: value_of(game, s))
