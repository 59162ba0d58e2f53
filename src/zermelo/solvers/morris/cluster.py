"""Sizing a Morris retrograde build for a cluster: what a worker holds while it solves a unit,
and this machine's solving rate, for ``zermelo morris plan``."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from zermelo.solvers.morris.database import Database, MorrisPlan, scopes, table_memory
from zermelo.solvers.morris.geometry import Geometry
from zermelo.tablebase.distributed import Estimate, estimate
from zermelo.tablebase.layered import TableSpec

SLIDING_RATE = 0.6e6
"""Positions a second a core builds the standard board's sliding tables at, measured on this
machine's full build (``zermelo morris solve --board standard``, both cores: the 14 large
tables s77 to s99, 7.76 G positions, in 6,873 s; the 14 small ones, 1.43 G, in 695 s; 1.21 M a
second of wall time in all). A small table alone goes faster (``benchmarks/morris_table.py``:
s66 at 1.9 M a CPU second, s77 at 1.05 M): the large ones read their children at random,
beyond the processor's cache."""
PLACING_RATE = 1.1e6
"""Positions a second a core builds its placing tables at, measured on the same build (269
placing tables, 18.64 G positions, in 8,731 s, 2.14 M a second of wall time)."""
RATE_SAMPLE = 10_000_000
"""At most this many positions (the widest such scope of the board) are solved to measure the
rate."""


def plan_estimate(plan: MorrisPlan) -> Estimate:
    """The figures of a whole build: a worker holds the table it solves (three bytes a
    position) and the tables that table reads."""
    return estimate(plan, lambda table, unit: table_memory(plan, table))


def measured_rate(geometry: Geometry) -> float:
    """Positions a second this machine solves the board at, timed on the widest scope of at
    most :data:`RATE_SAMPLE` positions in a scratch directory after a warm-up build."""
    plans = [MorrisPlan(geometry, s) for s in reversed(scopes(geometry.board.stones))]
    fitting = [p for p in plans if sum(t.size for t in p.tables()) <= RATE_SAMPLE] or plans[:1]
    with tempfile.TemporaryDirectory(prefix="zermelo-rate-") as scratch:
        Database.build(geometry, plans[0].scope, Path(scratch) / "warm", plan=plans[0])
        report = Database.build(geometry, fitting[-1].scope, Path(scratch), plan=fitting[-1])[1]
    return report.positions / max(report.seconds, 1e-9)


def estimated_seconds(tables: Sequence[TableSpec]) -> float:
    """The wall time a build of ``tables`` takes on this machine with its cores free, at the rates
    a core built the standard board's sliding and placing tables at (an estimate of what a
    missing database costs; ``zermelo morris plan`` measures the rate anew)."""
    sliding = sum(t.size for t in tables if t.name.startswith("s"))
    placing = sum(t.size for t in tables) - sliding
    return (sliding / SLIDING_RATE + placing / PLACING_RATE) / (os.cpu_count() or 1)
