"""Helpers every command shares: reading positions, variant options, the consoles."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console

console = Console(highlight=False)
"""Standard output."""

PositionArg = Annotated[
    str, typer.Argument(help="A position in the game's notation, or - to read it from stdin.")
]
BoardOpt = Annotated[str, typer.Option("--board", help="Board size WIDTHxHEIGHT.")]
MusketeersOpt = Annotated[int, typer.Option("--musketeers", help="How many musketeers.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def read_position(text: str) -> str:
    """The position text itself, or standard input's when ``text`` is ``-``."""
    return sys.stdin.read() if text == "-" else text
