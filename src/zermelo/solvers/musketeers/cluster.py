"""Sizing a Three Musketeers build for a cluster: what a worker holds while it runs a unit, and
this machine's building rate, for ``zermelo musketeers plan``."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numba

from zermelo.games.musketeers.rules import MUSKETEERS, SIDES
from zermelo.solvers.musketeers.database import Database, MusketeersPlan
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.tablebase.distributed import Estimate, estimate
from zermelo.tablebase.layered import TableSpec, Unit

RATE_SAMPLE = 50_000_000
"""At most this many positions (the variant's first layers) are built to measure the rate."""


def plan_estimate(plan: MusketeersPlan, threads: int | None = None) -> Estimate:
    """The figures of a whole build on workers computing with ``threads`` threads (default:
    this machine's). A unit holds its block, the indexing tables and, for the enemies' side,
    a scratch row per thread; it maps the whole previous layer (musketeers to move, whose
    captures reach every class) or its own block of the musketeers' layer (enemies to move)."""
    ix = plan.ix
    threads = threads or numba.get_num_threads()
    indexing = ix.classes * 4 * ix.variant.musketeers * ix.chunks * 256 * 8
    scratch = threads << ix.free_count

    def memory(table: TableSpec, unit: Unit) -> int:
        n = int(table.name[1:3])
        if SIDES.index(table.name[-1]) == MUSKETEERS:
            mapped = ix.layer_size(n - 1) if n else 0
            return unit.positions + indexing + mapped
        return 2 * unit.positions + indexing + scratch

    return estimate(plan, memory)


def measured_rate(variant: Variant) -> float:
    """Positions a second this machine builds ``variant`` at: the time of the largest layer
    (both sides) of a build of its first layers (at most :data:`RATE_SAMPLE` positions) in a
    scratch directory, after a warm-up build; small layers carry more overhead."""
    ix = Database.plan(variant, 0).ix
    top, total = 0, 2 * ix.layer_size(0)
    while top < ix.free_count and total + 2 * ix.layer_size(top + 1) <= RATE_SAMPLE:
        top += 1
        total += 2 * ix.layer_size(top)
    largest = max(range(top + 1), key=ix.layer_size)
    marks: list[tuple[int, float]] = []  # the enemy count of each unit and when it finished

    def clock(table: TableSpec, positions: int) -> None:
        marks.append((int(table.name[1:3]), time.perf_counter()))

    with tempfile.TemporaryDirectory(prefix="zermelo-rate-") as scratch:
        Database.build(variant, Path(scratch) / "warm", plan=MusketeersPlan(ix, min(top, 1)))
        started = time.perf_counter()
        Database.build(variant, Path(scratch), progress=clock, plan=MusketeersPlan(ix, top))
    begun = max((t for n, t in marks if n < largest), default=started)
    ended = max(t for n, t in marks if n == largest)
    return 2 * ix.layer_size(largest) / max(ended - begun, 1e-9)
