"""Benchmark: how fast the Morris tables answer positions, placing and sliding.

    .venv/bin/python benchmarks/morris_query.py --board standard --scope full-5 --db DIR

Builds the scope under ``--db`` if it is missing (resumable; with ``--built`` it builds nothing
and keeps only the positions whose tables are built, while a build goes on), then draws
``--positions`` distinct positions from random games from the scope's largest start (each ply a
random move), half with stones in hand and half without where the games give them, and times
for each, in a process that has opened the tables once, the value of the position alone
(``lookup``) and the whole analysis (the position and every move's value, what ``analyze``, the
engine and the page ask for). Prints p50, p95 and the slowest of each, with the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path

from zermelo.games.morris.boards import BOARDS
from zermelo.games.morris.rules import Position
from zermelo.solvers.morris.database import Database, MorrisPlan
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.perfect import Tables


def sample(tables: Tables, start: Position, count: int, seed: int,
           built: bool = False) -> list[Position]:
    """Distinct positions, not over, met along random games from ``start``: ``count // 2``
    with stones in hand and as many without (fewer where the games give fewer); ``built``:
    only those whose table is built."""
    database = tables.database
    game = database.game
    rng = random.Random(seed)
    found: dict[bool, dict[Position, None]] = {True: {}, False: {}}
    for _ in range(20 * count):
        state = start
        while game.end(state) is None:
            kind = found[bool(state.hand(0) or state.hand(1))]
            if len(kind) < count // 2 and (not built or database.holds(state)):
                kind[state] = None
            state = game.apply(state, rng.choice(game.moves_of(state)))
        if all(len(kind) >= count // 2 for kind in found.values()):
            break
    return [*found[True], *found[False]]


def percentiles(seconds: list[float]) -> str:
    """p50, p95 and the slowest, in milliseconds."""
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"p50 {statistics.median(ordered) * 1e3:.3f} ms, p95 {p95 * 1e3:.3f} ms, "
            f"max {ordered[-1] * 1e3:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="standard")
    parser.add_argument("--scope", default="full-5")
    parser.add_argument("--db", type=Path, default=None,
                        help="database root (default: $ZERMELO_DATA or the user data directory)")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--built", action="store_true",
                        help="build nothing; time only positions whose tables are built")
    args = parser.parse_args()
    geometry = Geometry.of(args.board)
    plan = MorrisPlan(geometry, args.scope)
    started = time.perf_counter()
    if args.built:
        store = Database.store_for(geometry, args.db)
        ready = [t for t in plan.tables() if store.has(t.name)]
        print(f"{geometry.name} {args.scope}: {len(ready)} of {len(plan.tables())} tables "
              f"built, {sum(t.size for t in ready):,} of "
              f"{sum(t.size for t in plan.tables()):,} positions")
    else:
        report = Database.build(geometry, args.scope, args.db, plan=plan)[1]
        print(f"{geometry.name} {args.scope}: {len(plan.tables())} tables, "
              f"{sum(t.size for t in plan.tables()):,} positions ({report.tables_built} built "
              f"now, {time.perf_counter() - started:.1f} s)")
    stones = max(plan.starts())
    start = Position(0, 0, 0, stones, stones)
    tables = Tables(geometry, args.db, on_demand=False)
    positions = sample(tables, start, args.positions, args.seed, args.built)
    for state in positions[:20]:  # the tables' pages and the kernels warm
        tables.analyze(state)
    for kind, chosen in (("placing", [s for s in positions if s.hand(0) or s.hand(1)]),
                         ("sliding", [s for s in positions if not (s.hand(0) or s.hand(1))])):
        if not chosen:
            continue
        lookups, analyses = [], []
        for state in chosen:
            began = time.perf_counter()
            tables.lookup(state)
            lookups.append(time.perf_counter() - began)
            began = time.perf_counter()
            tables.analyze(state)
            analyses.append(time.perf_counter() - began)
        print(f"{kind:8} {len(chosen):5} positions  lookup: {percentiles(lookups)}")
        print(f"{'':8} {'':5}            analysis: {percentiles(analyses)}")
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
