"""``zermelo puzzles GAME``: positions with exactly one winning (or one saving) move, mined
from the game's exact analysis and graded by distance (:mod:`zermelo.puzzles`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from zermelo.cli.common import JsonOpt, OptionOpt, console, parse_options
from zermelo.games.registry import get_game
from zermelo.puzzles import mine


def puzzles(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game ('zermelo games').")],
    option: OptionOpt = None,
    count: Annotated[int, typer.Option(help="Puzzles at most (1 to 1,000).", min=1,
                                       max=1000)] = 10,
    tries: Annotated[int, typer.Option(help="Positions looked at, at most (1 to 1,000,000).",
                                       min=1, max=1_000_000)] = 2000,
    seed: Annotated[int, typer.Option(help="Seed of the random games the positions come "
                                      "from.", min=0, max=2**63 - 1)] = 0,
    seconds: Annotated[float, typer.Option(help="Seconds the analysis may take on one "
                                           "position (0.1 to 600); a slower one is passed "
                                           "over.", min=0.1, max=600)] = 2.0,
    db: Annotated[Path | None, typer.Option("--db", help="Data directory of databases (default: "
                                            "$ZERMELO_DATA or the user data directory).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Print puzzles of a game: positions where exactly one move wins (or saves the draw),
    checked against every other legal move by the game's analysis, the longest first."""
    entry = get_game(game_name)
    game = entry.game(parse_options(option))
    found = mine(game, db, count, seed, tries, seconds)
    if as_json:
        print(json.dumps([p.as_json() for p in found], indent=1))
        return
    table = Table(title=f"{entry.title}: {len(found)} puzzles from {tries} positions at most")
    for column in ("position", "to find", "solution"):
        table.add_column(column)
    for puzzle in found:
        table.add_row(puzzle.position, puzzle.grade, puzzle.solution)
    console.print(table)
