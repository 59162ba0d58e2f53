"""Sizing a Morris retrograde build for a cluster: what a worker holds while it solves a unit,
and this machine's solving rate, for ``zermelo morris plan``."""

from __future__ import annotations

import tempfile
from pathlib import Path

from zermelo.solvers.morris.database import Database, MorrisPlan, scopes, table_memory
from zermelo.solvers.morris.geometry import Geometry
from zermelo.tablebase.distributed import Estimate, estimate

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
