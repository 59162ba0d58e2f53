"""Nim as front ends see it: options, drawing, and its analysis by Bouton's nim-sum."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import Analyse, Create, Drawing, GameEntry
from zermelo.core.options import Flag, Numbers, Schema
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
    analysis=_analysis,
    strengths=(("easy", "random"), ("club", "alphabeta:1"),
               ("strong", "alphabeta:3"), ("perfect", "alphabeta:64")),
)
