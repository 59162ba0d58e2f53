"""Tic-tac-toe (and the m,n,k-games) as front ends see it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import Analyse, Board, Create, Draw, GameEntry, Status
from zermelo.core.options import Integer, Schema, Size

if TYPE_CHECKING:
    from zermelo.games.tictactoe.rules import TicTacToe


def _create() -> Create[TicTacToe]:
    from zermelo.games.tictactoe.variant import create
    return create


def _board_text() -> Draw[TicTacToe]:
    from zermelo.games.tictactoe.render import board_text
    return board_text


def _status_line() -> Status[TicTacToe]:
    from zermelo.games.tictactoe.render import status_line
    return status_line


def _analysis() -> Analyse[TicTacToe]:
    from zermelo.solvers.tictactoe import analysis
    return analysis


def _board_picture() -> Board[TicTacToe]:
    from zermelo.games.tictactoe.render import board_picture
    return board_picture


ENTRY = GameEntry(
    name="tictactoe",
    title="Tic-tac-toe",
    options=Schema((
        Size("board", (3, 3), "Board WIDTHxHEIGHT.", low=1, high=8),
        Integer("k", 3, "Marks in a row that win (at most the longer side).", low=1, high=8),
    )),
    create=_create,
    render=_board_text,
    status=_status_line,
    board=_board_picture,
    analysis=_analysis,
    default_engine="alphabeta",
    strengths=(("easy", "random"), ("club", "alphabeta:1"),
               ("strong", "alphabeta:3"), ("perfect", "alphabeta:64")),
)
