"""Three Musketeers as front ends see it: options, drawing, and the database's engines and
analysis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import Analyse, Create, Drawing, EngineFactory, EngineSpec, GameEntry
from zermelo.core.options import Choice, Integer, Schema, Size, Words

if TYPE_CHECKING:
    from zermelo.games.musketeers.rules import ThreeMusketeers


def _create() -> Create[ThreeMusketeers]:
    from zermelo.games.musketeers.variant import create
    return create


def _drawing() -> Drawing[ThreeMusketeers]:
    from zermelo.games.musketeers.render import board_picture, board_text, status_line
    return Drawing(board_text, status_line, board_picture)


def _perfect() -> EngineFactory[ThreeMusketeers]:
    from zermelo.solvers.musketeers.engine import perfect
    return perfect


def _swindle() -> EngineFactory[ThreeMusketeers]:
    from zermelo.solvers.musketeers.engine import swindle
    return swindle


def _analysis() -> Analyse[ThreeMusketeers]:
    from zermelo.solvers.musketeers.engine import analysis
    return analysis


ENTRY = GameEntry(
    name="musketeers",
    title="Three Musketeers",
    options=Schema((
        Size("board", (5, 5), "Board WIDTHxHEIGHT.", low=2, high=8),
        Integer("musketeers", 0, "How many musketeers (0: as many as the start squares, "
                "else 3).", low=0, high=8),
        Words("start", None, "The musketeers' start squares, e.g. a1,a2,b2 (default: the "
              "corners and the centre).", max_count=8),
        Choice("first", "M", "The side that moves first.", choices=("M", "E")),
    )),
    create=_create,
    drawing=_drawing,
    engines=(
        EngineSpec("perfect", "the database's best move, at random among equals; measured on "
                   "4x4, where one side always wins: beats random 57 %, itself 50 % (40 games)",
                   _perfect),
        EngineSpec("swindle", "perfect when winning; when lost, the slowest loss that leaves "
                   "the most replies that hand back the win; measured on 4x4: beats random 72 % "
                   "(perfect: 57 %), perfect 50 % (40 games)", _swindle,
                   "slack", 0, 0, 50),
    ),
    analysis=_analysis,
    default_engine="perfect",
    hint_engine="perfect",
    strengths=(("easy", "random"), ("club", "alphabeta:2"),
               ("strong", "alphabeta:6"), ("perfect", "perfect")),
)
