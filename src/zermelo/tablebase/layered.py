"""Building a layered database: tables in dependency order, each split into units of work.

A game describes its solution as a :class:`Plan`: an ordered list of tables (for Three
Musketeers, one per enemy count and side to move), each depending only on tables before it, and
each split into independent units (chunks of placement classes) that a scheduler may run
anywhere. :func:`build` runs the units of every table not yet finished, writes each table through
the :class:`~zermelo.tablebase.store.Store` and so can be stopped and resumed at any moment.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Container, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from zermelo.tablebase.store import U8, Store


@dataclass(frozen=True)
class TableSpec:
    """One table of a plan: its name, its length in positions, the tables it reads."""

    name: str
    size: int
    depends: tuple[str, ...]
    label: str


@dataclass(frozen=True)
class Unit:
    """A piece of one table that can be computed on its own: entries ``[lo, hi)`` of the
    table's work list (for Three Musketeers, placement classes), filling ``positions``
    consecutive entries of the table after those of the units before it."""

    table: str
    lo: int
    hi: int
    positions: int


class Plan(Protocol):
    """What a game supplies to be solved layer by layer."""

    def tables(self) -> Sequence[TableSpec]:
        """Every table, each after the tables it depends on."""
        ...

    def units(self, table: TableSpec) -> Sequence[Unit]:
        """The units that together fill ``table``, in the order of their entries."""
        ...

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        """Fill ``out``, ``unit``'s block of the table, from the finished ``inputs``."""
        ...


@dataclass(frozen=True)
class TableTiming:
    """How long one table took: computing its units (wall seconds, and this process's CPU
    seconds over that time, all threads: the previous table's store runs meanwhile), then
    storing it (checksums and a flushed write, wall seconds in the writing thread, while the
    next table is computed)."""

    name: str
    positions: int
    compute_seconds: float
    store_seconds: float
    cpu_seconds: float


@dataclass
class BuildReport:
    """What a build did (``timings``: one entry per table built here, in order;
    ``cpu_seconds``: this process's CPU time over the whole build)."""

    tables_built: int
    positions: int
    seconds: float
    timings: list[TableTiming] = field(default_factory=list)
    cpu_seconds: float = 0.0


Progress = Callable[[TableSpec, int], None]
"""Told the table being built and how many of its positions were just finished."""


def _timed_write(store: Store, name: str, values: U8) -> float:
    """Store a finished table; the wall seconds it took."""
    began = time.perf_counter()
    store.write(name, values)
    return time.perf_counter() - began


def build(plan: Plan, store: Store, progress: Progress | None = None) -> BuildReport:
    """Build every table of ``plan`` missing from ``store``, in order, holding its lock.

    A finished table is stored (its checksums and a flushed write) by a second thread while the
    next one is computed from it in memory; tables are stored one at a time and in order, so a
    build stopped at any moment resumes with the first table not stored."""
    start, cpu_start = time.perf_counter(), time.process_time()
    built = positions = 0
    timings: list[TableTiming] = []
    loaded: dict[str, U8] = {}
    pending: tuple[Future[float], TableSpec, float, float] | None = None

    def finish_pending() -> None:
        nonlocal pending
        if pending is not None:
            future, done, computed, cpu = pending
            pending = None
            timings.append(TableTiming(done.name, done.size, computed, future.result(), cpu))

    with store.building(), ThreadPoolExecutor(1, thread_name_prefix="store") as writer:
        store.room(missing_bytes(plan, store))
        for table in plan.tables():
            if store.has(table.name):
                continue
            began, cpu = time.perf_counter(), time.process_time()
            inputs = {}
            for name in table.depends:
                if name not in loaded:
                    loaded[name] = store.load(name)
                inputs[name] = loaded[name]
            out = np.empty(table.size, dtype=np.uint8)
            at = 0
            for unit in plan.units(table):
                plan.run(table, unit, out[at:at + unit.positions], inputs)
                at += unit.positions
                if progress is not None:
                    progress(table, unit.positions)
            computed, cpu = time.perf_counter() - began, time.process_time() - cpu
            finish_pending()  # the table before this one is stored before this one is
            pending = (writer.submit(_timed_write, store, table.name, out), table, computed,
                       cpu)
            loaded = {table.name: out}  # in a layered plan the next table reads this one
            built += 1
            positions += table.size
        finish_pending()
    return BuildReport(built, positions, time.perf_counter() - start, timings,
                       time.process_time() - cpu_start)


def missing_positions(plan: Plan, store: Store) -> int:
    """How many positions a build still has to compute."""
    return sum(t.size for t in plan.tables() if not store.has(t.name))


def missing_bytes(plan: Plan, store: Store) -> int:
    """The disk a build still needs: its missing tables (a byte a position), and the largest
    of them once more for the parts a distributed build joins or a temporary file."""
    sizes = [t.size for t in plan.tables() if not store.has(t.name)]
    return sum(sizes) + max(sizes, default=0)


def steps(plan: Plan, finished: Container[str] = ()) -> list[list[TableSpec]]:
    """The tables not ``finished`` in bulk-synchronous steps: a table goes in the step after the
    last of the tables it reads, so the tables of one step can be built at the same time."""
    level: dict[str, int] = {}
    out: list[list[TableSpec]] = []
    for table in plan.tables():
        if table.name in finished:
            continue
        step = max((level[d] + 1 for d in table.depends if d in level), default=0)
        level[table.name] = step
        if step == len(out):
            out.append([])
        out[step].append(table)
    return out
