"""Benchmark: time the kernels of single Three Musketeers tables against a built database.

    .venv/bin/python benchmarks/musketeers_layer.py --db DIR [--layers 7,11] [--sides ME]
                                                    [--threads N] [--repeat R]

Computes each table ``L{n}-{side}`` again from the tables it reads in the database under DIR
(built by ``zermelo musketeers solve --db DIR`` or ``musketeers_build.py --keep DIR``), prints the
wall and CPU seconds of each run and whether the result equals the stored table byte for byte.
The first run of a process includes compiling the kernels when their cache is cold.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numba
import numpy as np

from zermelo.core.errors import ZermeloError
from zermelo.solvers.musketeers.database import Database, table_name
from zermelo.solvers.musketeers.indexing import Variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the database root directory")
    parser.add_argument("--layers", default="7,11", help="enemy counts, comma-separated")
    parser.add_argument("--sides", default="ME", help="M, E or ME")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if args.threads is not None:
        numba.set_num_threads(args.threads)
    database = Database.open(Variant(), args.db)
    plan = Database.plan(Variant())
    specs = {t.name: t for t in plan.tables()}
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{numba.get_num_threads()} threads")
    same = True
    for n in (int(x) for x in args.layers.split(",")):
        for side in args.sides:
            spec = specs[table_name(n, "ME".index(side))]
            inputs = {name: database.store.load(name) for name in spec.depends}
            stored = database.store.read(spec.name)
            for _ in range(args.repeat):
                out = np.empty(spec.size, dtype=np.uint8)
                wall, cpu = time.perf_counter(), time.process_time()
                at = 0
                for unit in plan.units(spec):
                    plan.run(spec, unit, out[at:at + unit.positions], inputs)
                    at += unit.positions
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                equal = bool(np.array_equal(out, stored))
                same &= equal
                print(f"{spec.name} {spec.size:13,} positions  wall {wall:6.2f} s  cpu "
                      f"{cpu:6.2f} s  {spec.size / wall / 1e6:6.1f} M pos/s  "
                      + ("same as stored" if equal else "DIFFERENT"), flush=True)
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    try:
        main()
    except ZermeloError as error:
        sys.exit(f"musketeers_layer: {error}")
