"""Benchmark: build the full Three Musketeers database and print per-table and total time, rate
and peak memory.

    .venv/bin/python benchmarks/musketeers_build.py [--board 5x5] [--max-enemies K] [--keep DIR]
                                                    [--checksums FILE]

Builds into a fresh temporary directory (or DIR) so that nothing is resumed, then checks the
published values of the standard start (E33, every move E32). Per table it prints the wall
seconds spent computing it and storing it (checksums and a flushed write, in a second thread
while the next table is computed), the process's CPU seconds while it was computed (all threads;
steadier than wall time on a shared machine) and the rate of its computation. ``--checksums FILE``
compares every table's SHA-256 with FILE (one ``name sha256`` a line), or writes FILE when it
does not exist yet.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from zermelo.cli.games.musketeers_variant import variant as variant_of
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.tablebase.layered import BuildReport


def print_timings(report: BuildReport) -> None:
    """One line per table, then the sums."""
    print(f"{'table':8} {'positions':>13} {'compute s':>9} {'store s':>8} {'cpu s':>7} "
          f"{'M pos/s':>8}")
    for t in report.timings:
        rate = t.positions / t.compute_seconds / 1e6 if t.compute_seconds else 0.0
        print(f"{t.name:8} {t.positions:13,} {t.compute_seconds:9.2f} {t.store_seconds:8.2f} "
              f"{t.cpu_seconds:7.2f} {rate:8.1f}")
    compute = sum(t.compute_seconds for t in report.timings)
    store = sum(t.store_seconds for t in report.timings)
    print(f"{'all':8} {report.positions:13,} {compute:9.2f} {store:8.2f} "
          f"{report.cpu_seconds:7.2f}")


def compare_checksums(database: Database, path: Path) -> bool:
    """Whether every table's SHA-256 is the one ``path`` lists (written there if absent)."""
    now = {name: entry["sha256"] for name, entry in database.store.tables.items()}
    if not path.exists():
        path.write_text("".join(f"{name} {digest}\n" for name, digest in now.items()))
        print(f"checksums          {len(now)} written to {path}")
        return True
    expected = dict(line.split() for line in path.read_text().splitlines() if line.strip())
    differ = sorted(name for name in expected.keys() | now.keys()
                    if expected.get(name) != now.get(name))
    print(f"checksums          {len(now)} tables, "
          + ("all as in " + str(path) if not differ else "DIFFER: " + ", ".join(differ)))
    return not differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="5x5")
    parser.add_argument("--musketeers", type=int, default=3)
    parser.add_argument("--max-enemies", type=int, default=None)
    parser.add_argument("--keep", type=Path, default=None, help="build here and keep it")
    parser.add_argument("--checksums", type=Path, default=None,
                        help="compare the tables' SHA-256 with this file (written if absent)")
    args = parser.parse_args()
    variant = Variant.of(variant_of(args.board, args.musketeers))
    print(f"load average       {' '.join(f'{x:.2f}' for x in os.getloadavg())} (before)")
    with tempfile.TemporaryDirectory(prefix="zermelo-bench-") as scratch:
        root = args.keep or Path(scratch)
        started = time.perf_counter()
        database, report = Database.build(variant, root, args.max_enemies)
        wall = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        print_timings(report)
        print(f"variant            {variant.name}")
        print(f"positions          {report.positions:,}")
        print(f"tables             {report.tables_built}")
        print(f"wall seconds       {wall:.1f} (build {report.seconds:.1f}, the rest is compiling "
              "or loading the kernels and the indexing)")
        print(f"positions/s        {report.positions / report.seconds / 1e6:.1f} M")
        print(f"peak RSS           {peak:.2f} GiB")
        print(f"load average       {' '.join(f'{x:.2f}' for x in os.getloadavg())} (after)")
        same = compare_checksums(database, args.checksums) if args.checksums else True
        if variant == Variant() and database.max_enemies == 22:
            start = database.game.initial_state()
            moves = database.analyze(start)
            print(f"start              {database.lookup(start)} -> "
                  + ", ".join(f"{database.game.format_move(start, m)} {r}" for m, r in moves))
            started = time.perf_counter()
            for _ in range(1000):
                database.lookup(start)
            print(f"lookup             {(time.perf_counter() - started):.3f} ms per position")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
