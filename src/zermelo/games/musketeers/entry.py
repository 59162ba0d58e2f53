"""Three Musketeers as front ends see it: options, drawing, and the database's engines and
analysis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import Analyse, Create, Drawing, EngineFactory, EngineSpec, GameEntry
from zermelo.core.options import Choice, Integer, Schema, Size, Words
from zermelo.core.skill import skill_spec

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
        skill_spec(
            "measured on 4x4, 40 games a level against perfect (a draw counts half): 28 %"
            " at 0, 35 % at 25, 40 % at 50, 48 % at 75, 48 % at 90, 50 % at 100"),
    ),
    analysis=_analysis,
    default_engine="perfect",
    hint_engine="perfect",
    strengths=(("easy", "skill:25"), ("club", "skill:50"), ("strong", "skill:90"),
               ("perfect", "perfect")),
)
