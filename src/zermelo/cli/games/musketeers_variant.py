"""What the Three Musketeers commands share: the --musketeers option and the variant its
options describe."""

from __future__ import annotations

from typing import Annotated

import typer

from zermelo.games.musketeers.entry import ENTRY
from zermelo.games.musketeers.rules import ThreeMusketeers

MusketeersOpt = Annotated[int, typer.Option("--musketeers", help="How many musketeers.")]


def variant(board: str, musketeers: int, start: str | None = None) -> ThreeMusketeers:
    """The variant of ``board`` (WxH), ``musketeers`` and ``start`` squares, checked by the
    game's option schema."""
    options = {"board": board, "musketeers": str(musketeers)}
    if start:
        options["start"] = start
    return ENTRY.game(options)
