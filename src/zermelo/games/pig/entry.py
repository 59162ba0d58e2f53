"""Pig as front ends see it: the goal option, the drawing, and the value-iteration solver's
engine, analysis and exact algorithm."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import (
    AlgorithmSpec,
    Analyse,
    Create,
    Drawing,
    EngineFactory,
    EngineSpec,
    Explain,
    GameEntry,
    Run,
)
from zermelo.core.options import Integer, Schema
from zermelo.core.skill import skill_spec

if TYPE_CHECKING:
    from zermelo.games.pig.rules import Pig


def _create() -> Create[Pig]:
    from zermelo.games.pig.variant import create
    return create


def _drawing() -> Drawing[Pig]:
    from zermelo.games.pig.render import board_picture, board_text, status_line
    return Drawing(board_text, status_line, board_picture)


def _perfect() -> EngineFactory[Pig]:
    from zermelo.solvers.pig.engine import perfect
    return perfect


def _analysis() -> Analyse[Pig]:
    from zermelo.solvers.pig.engine import analysis
    return analysis


def _solve() -> Run[Pig]:
    from zermelo.solvers.pig.engine import solve
    return solve


def _explain() -> Explain[Pig]:
    from zermelo.games.pig.render import move_words
    return move_words


ENTRY = GameEntry(
    name="pig",
    title="Pig",
    options=Schema((
        Integer("goal", 100, "Points to win (the solver takes about 1 s at 100, 2 s at "
                "120).", low=1, high=120),
    )),
    create=_create,
    drawing=_drawing,
    engines=(
        EngineSpec("perfect", "the move of the highest win probability (value iteration), at "
                   "random among equals; measured to 20: beats random 72 %, itself 52 % (40 games)",
                   _perfect),
        skill_spec(
            "measured to 20, 40 games a level against perfect (a draw counts half): 0 % "
            "at 0, 8 % at 25, 18 % at 50, 20 % at 75, 30 % at 90, 48 % at 100"),
    ),
    analysis=_analysis,
    explain=_explain,
    algorithms=(AlgorithmSpec("value-iteration", "the exact win probability of the side to "
                              "move under optimal play by both", _solve),),
    default_algorithm="value-iteration",
    default_engine="perfect",
    hint_engine="perfect",
    strengths=(("easy", "skill:25"), ("club", "skill:50"), ("strong", "skill:90"),
               ("perfect", "perfect")),
)
