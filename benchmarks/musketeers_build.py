"""Benchmark: build the full Three Musketeers database and print time, rate and peak memory.

    .venv/bin/python benchmarks/musketeers_build.py [--board 5x5] [--max-enemies K] [--keep DIR]

Builds into a fresh temporary directory (or DIR) so that nothing is resumed, then checks the
published values of the standard start (E33, every move E32).
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from zermelo.cli.games.musketeers_variant import variant as variant_of
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="5x5")
    parser.add_argument("--musketeers", type=int, default=3)
    parser.add_argument("--max-enemies", type=int, default=None)
    parser.add_argument("--keep", type=Path, default=None, help="build here and keep it")
    args = parser.parse_args()
    variant = Variant.of(variant_of(args.board, args.musketeers))
    with tempfile.TemporaryDirectory(prefix="zermelo-bench-") as scratch:
        root = args.keep or Path(scratch)
        started = time.perf_counter()
        database, report = Database.build(variant, root, args.max_enemies)
        wall = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        print(f"variant            {variant.name}")
        print(f"positions          {report.positions:,}")
        print(f"tables             {report.tables_built}")
        print(f"wall seconds       {wall:.1f} (build {report.seconds:.1f})")
        print(f"positions/s        {report.positions / report.seconds / 1e6:.1f} M")
        print(f"peak RSS           {peak:.2f} GiB")
        if variant == Variant() and database.max_enemies == 22:
            start = database.game.initial_state()
            moves = database.analyze(start)
            print(f"start              {database.lookup(start)} -> "
                  + ", ".join(f"{database.game.format_move(start, m)} {r}" for m, r in moves))
            started = time.perf_counter()
            for _ in range(1000):
                database.lookup(start)
            print(f"lookup             {(time.perf_counter() - started):.3f} ms per position")


if __name__ == "__main__":
    main()
