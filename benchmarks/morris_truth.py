"""Benchmark: how often the article's alpha-beta keeps the exact value, by depth, on the 23-point
board's endgames (at most 4 stones a side, none in hand) solved by retrograde analysis.

    .venv/bin/python benchmarks/morris_truth.py --positions 300 --depths 1-6 [--db DIR]

Positions are drawn uniformly from every raw position of those tables (each stone count pair in
proportion to its number of positions, side to move at random), leaving out finished games and
positions whose every move has the same value. For each depth the article's search picks its move;
the move *keeps the outcome* if it leads to a position of the same outcome (win, draw, loss)
as the best move, and *keeps the exact value* if it also wins as fast or loses as slowly. The
tables are built under ``--db`` first if missing (about three minutes).
"""

from __future__ import annotations

import argparse
import random
import time
from math import comb
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.core.value import Analysis, Value
from zermelo.games.morris.boards import VARIANT23
from zermelo.games.morris.rules import PLAYERS, Position
from zermelo.solvers.morris.database import Database
from zermelo.solvers.morris.engine import search
from zermelo.solvers.morris.geometry import Geometry

SCOPE = "endgame-4"


def outcome(value: Value, mover: str) -> int:
    """1 if ``mover`` wins, 0 for a draw, -1 if it loses."""
    return 0 if value.player is None else (1 if value.player == mover else -1)


def sample(db: Database, count: int, rng: random.Random) -> list[tuple[Position, Analysis]]:
    """``count`` positions where the choice of move matters, with their analyses."""
    n = VARIANT23.size
    pairs = [(w, b) for w in (3, 4) for b in (3, 4)]
    weights = [comb(n, w) * comb(n - w, b) for w, b in pairs]
    found: list[tuple[Position, Analysis]] = []
    while len(found) < count:
        w, b = rng.choices(pairs, weights)[0]
        points = rng.sample(range(n), w + b)
        state = Position(sum(1 << p for p in points[:w]), sum(1 << p for p in points[w:]),
                         rng.randrange(2), 0, 0)
        if db.game.end(state) is not None:
            continue
        analysis = db.analyze(state)
        if len(analysis.best) < len(analysis.moves):
            found.append((state, analysis))
    return found


def depths(text: str) -> list[int]:
    """``1-6`` or ``2,4`` as a list of depths."""
    lo, sep, hi = text.partition("-")
    return list(range(int(lo), int(hi) + 1)) if sep else [int(d) for d in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--depths", type=depths, default=depths("1-6"))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--db", type=Path, default=None, help="Database root directory.")
    args = parser.parse_args()
    console = Console()
    geometry = Geometry.of("variant23")
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("endgame tables", total=None)
        db, _ = Database.build(geometry, SCOPE, args.db, lambda table, n: bar.advance(task, n))
    positions = sample(db, args.positions, random.Random(args.seed))
    by_value = {v: sum(outcome(a.value, PLAYERS[s.side]) == v for s, a in positions)
                for v in (1, 0, -1)}
    print(f"positions          {len(positions)} (won {by_value[1]}, drawn {by_value[0]}, "
          f"lost {by_value[-1]} for the side to move); seed {args.seed}")
    table = Table("depth", "outcome kept", "exact value kept", "won: win kept",
                  "drawn: draw kept", "lost: slowest loss", "seconds")
    for depth in args.depths:
        kept_outcome = kept_exact = 0
        kept_by = dict.fromkeys((1, 0, -1), 0)
        started = time.perf_counter()
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(f"depth {depth}", total=len(positions))
            for state, analysis in positions:
                mover = PLAYERS[state.side]
                move = search(db.game, state, depth, True).move
                value = dict(analysis.moves)[move]
                best = analysis.value
                same = outcome(value, mover) == outcome(best, mover)
                kept_outcome += same
                kept_exact += move in analysis.best
                kept_by[outcome(best, mover)] += (move in analysis.best if outcome(
                    best, mover) == -1 else same)
                bar.advance(task)
        seconds = time.perf_counter() - started
        n = len(positions)
        table.add_row(str(depth), f"{kept_outcome / n:.1%}", f"{kept_exact / n:.1%}",
                      *(f"{kept_by[v] / by_value[v]:.1%}" if by_value[v] else "-"
                        for v in (1, 0, -1)), f"{seconds:.1f}")
    console.print(table)


if __name__ == "__main__":
    main()
