"""Tic-tac-toe (and the m,n,k-games) as front ends see it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import Analyse, Create, Drawing, GameEntry
from zermelo.core.options import Integer, Schema, Size

if TYPE_CHECKING:
    from zermelo.games.tictactoe.rules import TicTacToe


def _create() -> Create[TicTacToe]:
    from zermelo.games.tictactoe.variant import create
    return create


def _drawing() -> Drawing[TicTacToe]:
    from zermelo.games.tictactoe.render import board_picture, board_text, status_line
    return Drawing(board_text, status_line, board_picture)


def _analysis() -> Analyse[TicTacToe]:
    from zermelo.solvers.tictactoe import analysis
    return analysis


ENTRY = GameEntry(
    name="tictactoe",
    title="Tic-tac-toe",
    options=Schema((
        Size("board", (3, 3), "Board WIDTHxHEIGHT.", low=1, high=8),
        Integer("k", 3, "Marks in a row that win (at most the longer side).", low=1, high=8),
    )),
    create=_create,
    drawing=_drawing,
    analysis=_analysis,
    default_engine="alphabeta",
    strengths=(("easy", "random"), ("club", "alphabeta:1"),
               ("strong", "alphabeta:3"), ("perfect", "alphabeta:64")),
)
