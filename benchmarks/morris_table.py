"""Benchmark: build one large Morris table alone and print its rate, CPU use, memory and load.

    .venv/bin/python benchmarks/morris_table.py                       # s55 and p4510 of full-5
    .venv/bin/python benchmarks/morris_table.py --table s66 --scope endgame-6 --db DIR

The tables a table reads are taken from the store under ``--db`` (a variant's store, shared by
its scopes) or, missing there, built first (into a temporary directory without ``--db``); only
the named table is timed, from its inputs in memory to its finished codes, not stored. For each
table: positions, wall and CPU seconds (this process, all threads), positions a second of wall
time and a CPU-second, CPU % (200 % is both cores of a 2-core machine busy), the forward pass's
share of the time, the process's peak RSS, the load average before and after, and whether the
codes equal the stored table's when the store has it. Defaults: the sliding table s55 (32.9 M
positions: forward pass, then the levels of the backward pass) and the placing table p4510
(11.7 M positions, the forward pass alone, each move a read of s55 or s54). The rate on the
standard board's largest tables is the figure ``zermelo morris plan`` prices a build with.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from zermelo.games.morris.boards import BOARDS
from zermelo.solvers.morris.database import Database, MorrisPlan
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.unit import SliceMoves
from zermelo.tablebase.layered import TableSpec, build
from zermelo.tablebase.retrograde import solve_unit
from zermelo.tablebase.store import U8, Store


class Needed:
    """A plan's tables that a table reads, directly or not (built before it is timed)."""

    def __init__(self, plan: MorrisPlan, table: str) -> None:
        self.plan = plan
        specs = {t.name: t for t in plan.tables()}
        want: set[str] = set()
        todo = list(specs[table].depends)
        while todo:
            name = todo.pop()
            if name not in want:
                want.add(name)
                todo.extend(specs[name].depends)
        self.specs = [t for t in plan.tables() if t.name in want]

    def tables(self) -> list[TableSpec]:
        return self.specs

    def units(self, table: TableSpec):  # type: ignore[no-untyped-def]
        return self.plan.units(table)

    def run(self, table, unit, out, inputs) -> None:  # type: ignore[no-untyped-def]
        self.plan.run(table, unit, out, inputs)


@dataclass
class Timing:
    """Wall and CPU seconds of a stretch of work."""

    wall: float = 0.0
    cpu: float = 0.0


@contextmanager
def timed(into: Timing) -> Iterator[None]:
    """Add the wall and CPU seconds (this process, every thread) of the block to ``into``."""
    wall, cpu = time.perf_counter(), time.process_time()
    yield
    into.wall += time.perf_counter() - wall
    into.cpu += time.process_time() - cpu


class TimedForward:
    """A unit's moves whose forward pieces add their time to ``forward``."""

    def __init__(self, moves: SliceMoves, forward: Timing) -> None:
        self.moves = moves
        self.size, self.width = moves.size, moves.width
        self.spent = forward

    def chunks(self):  # type: ignore[no-untyped-def]
        return self.moves.chunks()

    def forward(self, lo: int, hi: int, count: U8, exit_code: U8) -> None:
        with timed(self.spent):
            self.moves.forward(lo, hi, count, exit_code)

    def backward(self, targets, counts, preds) -> None:  # type: ignore[no-untyped-def]
        self.moves.backward(targets, counts, preds)

    def finish(self, code: U8) -> None:
        self.moves.finish(code)


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def bench(plan: MorrisPlan, store: Store, name: str) -> None:
    """Build the inputs of table ``name`` if missing, then time the table alone."""
    needed = Needed(plan, name)
    if any(not store.has(t.name) for t in needed.tables()):  # else no lock: a build may run
        report = build(needed, store)
        print(f"inputs             {report.tables_built} tables built first "
              f"({report.positions:,} positions, {report.seconds:.1f} s)")
    spec = next(t for t in plan.tables() if t.name == name)
    inputs = {d: store.load(d) for d in spec.depends}
    moves = plan.moves(name, inputs)
    lo, hi = moves.chunks()[0]
    moves.forward(lo, min(hi, lo + 1000), np.zeros(moves.size, np.uint8),
                  np.zeros(moves.size, np.uint8))  # compiled before the clock starts
    before = load()
    whole, forward = Timing(), Timing()
    with timed(whole):
        codes = solve_unit(TimedForward(moves, forward))  # type: ignore[arg-type]
    after = load()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    same = "-"
    if store.has(name):
        same = "yes" if np.array_equal(store.load(name), codes) else "NO"
    n = spec.size
    print(f"table              {name} ({spec.label}), {n:,} positions, "
          f"{'placing' if moves.width == 0 else 'sliding'}")
    print(f"seconds            {whole.wall:.2f} wall, {whole.cpu:.2f} CPU "
          f"(forward pass {forward.wall:.2f} wall, {forward.cpu:.2f} CPU)")
    print(f"rate               {n / whole.wall / 1e6:.2f} M positions/s wall, "
          f"{n / whole.cpu / 1e6:.2f} M per CPU-second, CPU {100 * whole.cpu / whole.wall:.0f} %")
    print(f"peak RSS           {peak:.2f} GiB (the process, inputs included)")
    print(f"load average       {before} before, {after} after")
    print(f"same as stored     {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="standard")
    parser.add_argument("--scope", default="full-5",
                        help="a scope whose plan holds the tables (default full-5)")
    parser.add_argument("--table", action="append", default=None,
                        help="a table to time (repeatable; default s55 and p4510)")
    parser.add_argument("--db", type=Path, default=None,
                        help="the data directory whose store gives the inputs (missing ones "
                             "are built there); default: a temporary one")
    args = parser.parse_args()
    geometry = Geometry.of(args.board)
    plan = MorrisPlan(geometry, args.scope)
    names = args.table or ["s55", "p4510"]
    known = {t.name for t in plan.tables()}
    for name in names:
        if name not in known:
            parser.error(f"--table {name[:20]!r}: not a table of {geometry.name} {args.scope}")
    with tempfile.TemporaryDirectory(prefix="zermelo-bench-") as scratch:
        store = Database.store_for(geometry, args.db or Path(scratch))
        for name in names:
            bench(plan, store, name)


if __name__ == "__main__":
    main()
