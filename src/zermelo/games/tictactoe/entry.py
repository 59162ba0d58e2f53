"""Tic-tac-toe (and the m,n,k-games) as front ends see it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import Analyse, Create, Drawing, GameEntry
from zermelo.core.options import Integer, Schema, Size
from zermelo.core.skill import perfect_spec, skill_spec

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
    engines=(
        perfect_spec("measured on 3x3: itself 50 % (40 games)"),
        skill_spec(
            "measured on 3x3, 40 games a level against perfect (a draw counts half): 0 % "
            "at 0, 2 % at 25, 12 % at 50, 26 % at 75, 40 % at 90, 50 % at 100")),
    analysis=_analysis,
    default_engine="perfect",
    hint_engine="perfect",
    strengths=(("easy", "skill:25"), ("club", "skill:50"), ("strong", "skill:90"),
               ("perfect", "perfect")),
)
