"""How often ``swindle`` turns a lost Three Musketeers start into a win, against ``perfect``.

    python benchmarks/swindle.py --board 4x4 --games 400 --opponent random

Lost starts are positions met along random games from the variant's start in which the side to
move loses with perfect play. Each start is played twice against the same opponent with the same
seed: once by ``perfect``, once by ``swindle``. Win rates carry Wilson 95% intervals; the paired
counts say on how many starts only one of the two won. The database is built under ``--db`` if
it is missing there.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from zermelo.cli.games.musketeers_variant import variant as variant_of
from zermelo.engines import create_engine
from zermelo.engines.strength import wilson
from zermelo.games.musketeers.rules import SIDES, Position
from zermelo.search.players import play_match
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant


def lost_starts(db: Database, count: int, seed: int) -> list[Position]:
    """Distinct lost-for-the-mover positions from random games."""
    rng, game, found = random.Random(seed), db.game, dict[Position, None]()
    while len(found) < count:
        for state in game.random_playout(game.initial_state(), rng)[:-1]:
            if db.lookup(state).player != SIDES[state.to_move]:
                found[state] = None
    return list(found)[:count]


def play_from(db: Database, state: Position, engine: Any, opponent: Any) -> bool:
    """Whether ``engine``, moving first from ``state``, wins against ``opponent``."""
    players: list[Any] = [opponent, opponent]
    players[state.to_move] = engine
    return db.game.winner(play_match(db.game, players, state)[-1]) == state.to_move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="4x4")
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--opponent", default="random", help="an engine name, e.g. alphabeta:2")
    parser.add_argument("--slack", type=int, nargs="+", default=[0, 2])
    args = parser.parse_args()
    variant = Variant.of(variant_of(args.board, 3))
    try:
        db = Database.open(variant, args.db)
    except ValueError:
        db, _ = Database.build(variant, args.db)
    game, begin = db.game, time.perf_counter()
    starts = lost_starts(db, args.games, seed=1)
    specs = ["perfect"] + [f"swindle:{s}" for s in args.slack]
    won: dict[str, list[bool]] = {spec: [] for spec in specs}
    for index, state in enumerate(starts):
        for spec in specs:
            engine = create_engine(spec, game, seed=index, data=args.db)
            opponent = create_engine(args.opponent, game, seed=index, data=args.db)
            won[spec].append(play_from(db, state, engine, opponent))
    table = Table(title=f"{len(starts)} lost starts on {args.board}, opponent {args.opponent}")
    for column in ("engine", "wins", "rate", "95% interval", "only it won", "only perfect won"):
        table.add_column(column, justify="right")
    for spec in specs:
        wins = sum(won[spec])
        low, high = wilson(wins, len(starts))
        only = sum(a and not b for a, b in zip(won[spec], won["perfect"], strict=True))
        lost = sum(b and not a for a, b in zip(won[spec], won["perfect"], strict=True))
        table.add_row(spec, str(wins), f"{wins / len(starts):.1%}",
                      f"{low:.1%} - {high:.1%}", str(only), str(lost))
    console = Console()
    console.print(table)
    console.print(f"{time.perf_counter() - begin:.1f} s")


if __name__ == "__main__":
    main()
