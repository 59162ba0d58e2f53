"""Benchmark: the standard board's placing tables against Gasser's method, an alpha-beta search
of the placing phase into the sliding tables, on positions of random games from the start.

    .venv/bin/python benchmarks/morris_placing_check.py --hand 3 --positions 300 [--db DIR]

Plays random games from the start with nine stones a side (a capture is taken, where one is
legal, with probability ``--captures``, so that games also reach the tables of fewer stones)
and keeps the distinct placing positions, not over, with at most ``--hand`` stones in hand in
all whose table is built (the build may still be running). For each it compares the tables'
value and distance with the exact search's, which reads the sliding tables only, and prints
how many agree, the tables they came from and the search's time, with the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from pathlib import Path

from zermelo.games.morris.rules import PLAYERS, Position
from zermelo.solvers.morris.database import slice_of, unit_name
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.perfect import Tables
from zermelo.solvers.morris.tiebreak import outcome


def sample(tables: Tables, games: int, hand: int, captures: float,
           seed: int) -> list[Position]:
    """The distinct placing positions, not over and held by a built table, with at most
    ``hand`` stones in hand, met along ``games`` random games from the nine-stone start."""
    database = tables.database
    game = database.game
    rng = random.Random(seed)
    found: dict[Position, None] = {}
    for _ in range(games):
        state = game.initial_state()
        while game.end(state) is None and (state.hand(0) or state.hand(1)):
            if state.hand(0) + state.hand(1) <= hand and database.holds(state):
                found[state] = None
            moves = game.moves_of(state)
            taking = [m for m in moves if "x" in game.format_move(state, m)]
            pick = taking if taking and rng.random() < captures else moves
            state = game.apply(state, rng.choice(pick))
    return list(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None,
                        help="database root (default: $ZERMELO_DATA or the user data directory)")
    parser.add_argument("--hand", type=int, default=3)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--captures", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = Tables(Geometry.of("standard"), args.db, on_demand=False)
    positions = sample(tables, args.games, args.hand, args.captures, args.seed)
    positions = random.Random(args.seed).sample(positions, min(args.positions, len(positions)))
    search = tables.search()
    agree, seconds, kinds = 0, [], Counter[str]()
    met: set[str] = set()
    for state in positions:
        truth = tables.database.lookup(state)
        began = time.perf_counter()
        exact = search.score(*state.plain)
        seconds.append(time.perf_counter() - began)
        same = (exact.exact and exact.result == outcome(truth, PLAYERS[state.side])
                and exact.plies == truth.plies)
        agree += same
        if not same:
            print("differs:", tables.database.game.format_position(state), truth, exact)
        kinds[state.hand(0) + state.hand(1)] += 1
        met.add(unit_name(slice_of(state)))
    print(f"{agree} of {len(positions)} placing positions agree in value and distance "
          f"({', '.join(f'{n} with {k} in hand' for k, n in sorted(kinds.items()))}; "
          f"{len(met)} tables)")
    if seconds:
        print(f"search: median {statistics.median(seconds) * 1e3:.1f} ms, "
              f"max {max(seconds) * 1e3:.1f} ms")
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
