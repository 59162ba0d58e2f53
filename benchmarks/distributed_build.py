"""Benchmark: the Three Musketeers database built in this process and on a local Dask cluster.

    .venv/bin/python benchmarks/distributed_build.py [--board 5x5] [--max-enemies K]

Builds the database three times into fresh temporary directories with the same cores in all:
in this process, on one Dask worker computing with every core, and on as many one-thread Dask
workers as there are cores; prints each time, the Dask builds' overhead against the in-process
one (goal: at most 15 %) and checks that every build wrote the same tables.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from zermelo.cli.games.musketeers_variant import variant as variant_of
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.tablebase.distributed import cluster


def timed_build(variant: Variant, max_enemies: int | None, workers: int | None,
                threads: int | None) -> tuple[float, dict[str, str]]:
    """Seconds of one build from nothing (the cluster started beforehand) and its checksums."""
    with tempfile.TemporaryDirectory(prefix="zermelo-bench-") as scratch, \
            cluster(None, workers, threads) as pool:
        started = time.perf_counter()
        database, _ = Database.build(variant, Path(scratch), max_enemies, workers=pool)
        seconds = time.perf_counter() - started
        return seconds, {name: entry["sha256"] for name, entry in database.store.tables.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="5x5")
    parser.add_argument("--musketeers", type=int, default=3)
    parser.add_argument("--max-enemies", type=int, default=None)
    args = parser.parse_args()
    variant = Variant.of(variant_of(args.board, args.musketeers))
    cores = os.cpu_count() or 1
    runs = [("in process", None, None), (f"Dask 1 worker x {cores} threads", 1, cores),
            (f"Dask {cores} workers x 1 thread", cores, 1)]
    print(f"variant {variant.name}, max enemies {args.max_enemies}, {cores} cores")
    base = 0.0
    sums = []
    for label, workers, threads in runs:
        seconds, checksums = timed_build(variant, args.max_enemies, workers, threads)
        sums.append(checksums)
        base = base or seconds
        overhead = f"{100 * (seconds / base - 1):+6.1f} %" if workers else ""
        print(f"{label:<28} {seconds:8.1f} s {overhead}", flush=True)
    print("same tables in every build:", all(s == sums[0] for s in sums))


if __name__ == "__main__":
    main()
