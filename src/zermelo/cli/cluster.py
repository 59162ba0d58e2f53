"""What the ``solve`` and ``plan`` commands of layered databases share: the cluster options,
the progress bar of a build, and the printed plan of a build."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from zermelo.cli.common import console
from zermelo.core.errors import OptionError
from zermelo.tablebase.distributed import Estimate
from zermelo.tablebase.layered import Progress as Advance
from zermelo.tablebase.layered import TableSpec

SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", help="Build on the Dask cluster of this scheduler, e.g. tcp://HOST:8786 "
                        "(the database directory must be one every worker reaches).")]
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", help="Build on a local Dask cluster of this many worker processes (1 to "
                      "256).")]
RateOpt = Annotated[float | None, typer.Option(
    "--rate", help="Positions a second one worker builds (default: measured now on a small "
                   "build on this machine).")]
PlanWorkersOpt = Annotated[list[int] | None, typer.Option(
    "--workers", help="Estimate the time on this many workers (repeatable; default 1, 4, "
                      "16, 64).")]


PLAIN_EVERY = 10.0
"""Seconds between two progress lines when the output is not a terminal (a log, a pipe)."""


def progress_line(label: str, done: int, total: int, seconds: float) -> str:
    """``L11-M ... 42.0 % of 2,675,965,952 positions, 31.2 M pos/s, about 61 s left``: a
    build's progress in words, its time left extrapolated from the rate so far."""
    rate = done / seconds if seconds > 0 else 0.0
    left = f"about {(total - done) / rate:.0f} s left" if rate else "time left unknown"
    return (f"{label.strip()}: {100 * done / max(total, 1):5.1f} % of {total:,} positions, "
            f"{rate / 1e6:.1f} M pos/s, {left}")


@contextmanager
def build_progress(total: int, transient: bool = False) -> Iterator[Advance]:
    """A progress bar over ``total`` positions, advanced by the build's progress callback, with
    the rate and the time left; where the output is not a terminal, a line of the same figures
    every :data:`PLAIN_EVERY` seconds instead."""
    started = time.perf_counter()
    done = 0
    if not console.is_terminal:
        shown = started

        def advance_plain(table: TableSpec, positions: int) -> None:
            nonlocal done, shown
            done += positions
            now = time.perf_counter()
            if now - shown >= PLAIN_EVERY:
                shown = now
                console.print(progress_line(table.label, done, total, now - started),
                              soft_wrap=True)

        yield advance_plain
        return
    columns = (TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
               TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=transient) as progress:
        task = progress.add_task("starting" if total else "nothing left to build",
                                 total=total or 1, completed=0 if total else 1, rate="")

        def advance(table: TableSpec, positions: int) -> None:
            nonlocal done
            done += positions
            rate = done / max(time.perf_counter() - started, 1e-9)
            progress.update(task, advance=positions, description=table.label,
                            rate=f"{rate / 1e6:6.1f} M pos/s")

        yield advance


def print_plan(tables: Sequence[TableSpec], figures: Estimate, rate: float | None,
               measure: Callable[[], float], workers: list[int] | None) -> None:
    """Print a build's tables (one byte a position) and figures, and its time on each count of
    ``workers`` at ``rate`` positions a second (``measure``-d when not given)."""
    counts = workers or [1, 4, 16, 64]
    if rate is not None and not 1 <= rate <= 1e12:
        raise OptionError(f"rate {rate:g}: expected 1 to 1e12 positions a second")
    bad = [n for n in counts if not 1 <= n <= 100_000]
    if bad:
        raise OptionError(f"workers {bad[0]}: expected 1 to 100000")
    table = Table("table", "positions", "bytes", "positions of", title=None)
    for spec in tables:
        table.add_row(spec.name, f"{spec.size:,}", _bytes(spec.size), spec.label.strip())
    console.print(table)
    console.print(f"positions      {figures.positions:,} in {figures.tables} tables, "
                  f"{figures.units} units, {len(figures.work)} steps")
    parts = figures.disk - figures.positions
    console.print(f"disk           {_bytes(figures.disk)}" + (
        f" (the tables, {_bytes(parts)} more while the largest is joined)" if parts
        else " (the tables)"))
    console.print(f"worker memory  {_bytes(figures.peak_memory)} at most (what a unit holds, "
                  "and the tables it maps)")
    if rate is None:
        with console.status("measuring this machine's rate on a small build"):
            rate = measure()
        source = "measured now on this machine"
    else:
        source = "given"
    console.print(f"rate           {rate / 1e6:.2f} M positions/s a worker ({source})")
    for n in counts:
        console.print(f"on {n:>3} worker{'s' if n > 1 else ' '}  "
                      f"{duration(figures.seconds(n, rate))}")


def _bytes(count: int) -> str:
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"


def duration(seconds: float) -> str:
    """A time in the unit that reads best: seconds, minutes, hours or days."""
    if seconds >= 86400:
        return f"{seconds / 86400:.1f} days"
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds:.1f} s"
