"""Nim as front ends see it: options, drawing, and its analysis by Bouton's nim-sum."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import (
    Analyse,
    Create,
    Drawing,
    Explain,
    GameEntry,
)
from zermelo.core.options import Flag, Numbers, Schema
from zermelo.core.skill import perfect_spec, skill_spec
from zermelo.games.nim.rules import DEFAULT_PILES, MAX_PILE, MAX_PILES

if TYPE_CHECKING:
    from zermelo.games.nim.rules import Nim


def _create() -> Create[Nim]:
    from zermelo.games.nim.variant import create
    return create


def _drawing() -> Drawing[Nim]:
    from zermelo.games.nim.render import board_picture, board_text, status_line
    return Drawing(board_text, status_line, board_picture)


def _analysis() -> Analyse[Nim]:
    from zermelo.solvers.nim import analysis
    return analysis


def _explain() -> Explain[Nim]:
    from zermelo.games.nim.render import move_words
    return move_words


ENTRY = GameEntry(
    name="nim",
    title="Nim",
    options=Schema((
        Numbers("piles", DEFAULT_PILES, "Pile sizes, e.g. 1,3,5,7.", min_count=1,
                max_count=MAX_PILES, low=0, high=MAX_PILE),
        Flag("misere", False, "Misère: who takes the last object loses."),
    )),
    create=_create,
    drawing=_drawing,
    engines=(
        perfect_spec("measured on 1,3,5,7: itself 50 % (40 games)"),
        skill_spec(
            "measured on 1,3,5,7, 40 games a level against perfect (a draw counts half): "
            "0 % at 0, 2 % at 25, 5 % at 50, 20 % at 75, 35 % at 90, 50 % at 100")),
    analysis=_analysis,
    explain=_explain,
    default_engine="perfect",
    hint_engine="perfect",
    strengths=(("easy", "skill:25"), ("club", "skill:50"), ("strong", "skill:90"),
               ("perfect", "perfect")),
)
