"""How often ``perfect`` beats a fallible opponent from drawn (or lost) starts, by the choice it
makes among moves of equal value.

    python benchmarks/morris_tiebreak.py --board six --starts 200 --kind draw

Starts are positions met along games from the variant's start (each ply random while it is
below a number drawn anew from 0 to 8, else random one time in five, our alpha-beta at depth 1
otherwise; seeded), one per game, in
which the side to move draws (``--kind draw``) or loses (``--kind loss``) with perfect play;
each start is played from a fresh move counter (the game's 200-ply limit and repetition rule
apply). Every start is played by each choice against the same opponent with the same seed
(paired). Rates carry Wilson 95% intervals; "better"/"worse" count the starts where the choice
scored more/less than the first choice listed (the random one by default). ``model`` is the
``perfect`` engine's own choice (:data:`~zermelo.solvers.morris.tiebreak.MODELLED`). The tables are
built under ``--db`` if missing there.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from zermelo.engines import create_engine
from zermelo.engines.strength import wilson
from zermelo.games.morris.rules import PLAYERS, Morris, Position
from zermelo.search.players import play_match
from zermelo.solvers.morris.database import Database
from zermelo.solvers.morris.engine import DepthPlayer
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.perfect import PerfectPlayer, Tables
from zermelo.solvers.morris.tiebreak import (
    Filter,
    modelled,
    most_errors,
    no_draw_claim,
    outcome,
    pressing,
)
from zermelo.tablebase.store import DatabaseError


@dataclass(frozen=True)
class Choice:
    """A way to choose among equal moves: its filters, and whether a lost side looks at
    every losing move."""

    filters: tuple[Filter, ...] = ()
    widen: bool = False


CHOICES = {
    "random": Choice(),
    "fresh": Choice((no_draw_claim,)),
    "share": Choice((no_draw_claim, most_errors)),
    "press2": Choice((no_draw_claim, pressing(2))),
    "press4": Choice((no_draw_claim, pressing(4))),
    "model12": Choice((no_draw_claim, modelled((1, 2)), most_errors)),
    "model": Choice((no_draw_claim, modelled((1, 2, 3)), most_errors)),
    "model+press": Choice((no_draw_claim, modelled((1, 2, 3)), pressing(2))),
    "wide-share": Choice((no_draw_claim, most_errors), widen=True),
    "wide-model": Choice((no_draw_claim, modelled((1, 2, 3)), most_errors), widen=True),
}


def starts(tables: Tables, game: Morris, kind: int, count: int, seed: int) -> list[Position]:
    """``count`` distinct positions, one per game, whose mover's outcome is ``kind`` (0 draw,
    -1 loss), with fresh draw-rule counters."""
    rng, found = random.Random(seed), dict[Position, None]()
    searcher = DepthPlayer(1, article_rules=False)
    while len(found) < count:
        state, met = game.initial_state(), []
        for ply in range(game.move_limit):
            if game.is_terminal(state):
                break
            plain = Position(*state.plain)
            if (plain not in found
                    and outcome(tables.lookup(plain), PLAYERS[state.side]) == kind):
                met.append(plain)
            random_move = ply < rng.randrange(9) or rng.random() < 0.2
            move = (rng.choice(game.legal_moves(state)) if random_move
                    else searcher(game, state))
            state = game.apply(state, move)
        if met:
            found[rng.choice(met)] = None
    return list(found)


def score(game: Morris, state: Position, engine: Any, opponent: Any) -> tuple[int, int]:
    """The result (1 win, 0 draw, -1 loss) for ``engine`` moving first from ``state``, and the
    plies played."""
    players: list[Any] = [opponent, opponent]
    players[state.side] = engine
    states = play_match(game, players, state)
    winner = game.winner(states[-1])
    return (0 if winner is None else 1 if winner == state.side else -1), len(states) - 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="six", choices=("six", "three"))
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--starts", type=int, default=200)
    parser.add_argument("--kind", choices=("draw", "loss"), default="draw")
    parser.add_argument("--opponents", nargs="+",
                        default=["random", "heuristic:1", "heuristic:2", "heuristic:3",
                                 "heuristic:4"])
    parser.add_argument("--choices", nargs="+", choices=sorted(CHOICES),
                        default=["random", "fresh", "share", "press4", "model12", "model",
                                 "model+press"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Morris(args.board)
    geometry = Geometry.of(game.board, game.flying)
    try:
        tables = Tables(geometry, args.db)
    except DatabaseError:
        Database.build(geometry, "full", args.db)
        tables = Tables(geometry, args.db)
    kind = 0 if args.kind == "draw" else -1
    begin = time.perf_counter()
    chosen = starts(tables, game, kind, args.starts, args.seed)
    console = Console(width=150)
    console.print(f"{len(chosen)} {'drawn' if kind == 0 else 'lost'} starts on {args.board} "
                  f"({time.perf_counter() - begin:.0f} s)")
    for spec in args.opponents:
        run(console, tables, game, chosen, spec, args.choices, args.db)
    console.print(f"{time.perf_counter() - begin:.0f} s in all")


def run(console: Console, tables: Tables, game: Morris, chosen: Sequence[Position], spec: str,
        names: Sequence[str], db: Path | None) -> None:
    """Plays every start by each choice against ``spec`` and prints the table."""
    results: dict[str, list[int]] = {name: [] for name in names}
    plies: dict[str, int] = dict.fromkeys(names, 0)
    seconds: dict[str, float] = dict.fromkeys(names, 0.0)
    for index, state in enumerate(chosen):
        for name in names:
            choice = CHOICES[name]
            engine = PerfectPlayer(tables, index, choice.filters, choice.widen)
            opponent = create_engine(spec, game, seed=index, data=db)
            t0 = time.perf_counter()
            result, length = score(game, state, engine, opponent)
            seconds[name] += time.perf_counter() - t0
            results[name].append(result)
            plies[name] += length
    n = len(chosen)
    table = Table(title=f"{n} starts on {game.board.name}, perfect against {spec}")
    for column in ("choice", "wins", "win rate", "95% interval", "draws", "losses",
                   "better", "worse", "plies/game", "s/game"):
        table.add_column(column, justify="right")
    base = results[names[0]]
    for name in names:
        got = results[name]
        wins = got.count(1)
        low, high = wilson(wins, n)
        table.add_row(name, str(wins), f"{wins / n:.1%}", f"{low:.1%} - {high:.1%}",
                      str(got.count(0)), str(got.count(-1)),
                      str(sum(a > b for a, b in zip(got, base, strict=True))),
                      str(sum(a < b for a, b in zip(got, base, strict=True))),
                      f"{plies[name] / n:.0f}", f"{seconds[name] / n:.2f}")
    console.print(table)


if __name__ == "__main__":
    main()
