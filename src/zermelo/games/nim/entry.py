"""Nim as front ends see it: options, drawing, and its analysis by Bouton's nim-sum."""

from zermelo.core.entry import GameEntry
from zermelo.core.options import Flag, Numbers, Schema
from zermelo.games.nim.rules import DEFAULT_PILES, MAX_PILE, MAX_PILES

ENTRY = GameEntry(
    name="nim",
    title="Nim",
    options=Schema((
        Numbers("piles", DEFAULT_PILES, "Pile sizes, e.g. 1,3,5,7.", min_count=1,
                max_count=MAX_PILES, low=0, high=MAX_PILE),
        Flag("misere", False, "Misère: who takes the last object loses."),
    )),
    create="zermelo.games.nim.variant:create",
    render="zermelo.games.nim.render:board_text",
    status="zermelo.games.nim.render:status_line",
    analysis="zermelo.solvers.nim:analysis",
    strengths=(("easy", "random"), ("club", "alphabeta:1"),
               ("strong", "alphabeta:3"), ("perfect", "alphabeta:64")),
)
