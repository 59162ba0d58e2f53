"""A layered build on a Dask cluster: the same units as in one process, run by many workers.

The tables of a :class:`~zermelo.tablebase.layered.Plan` are built in bulk-synchronous steps (a
table in the step after the last table it reads, :func:`~zermelo.tablebase.layered.steps`); every
unit of a step is a task that any worker may run. A worker makes the plan from a picklable
:class:`Recipe`, reads the finished tables it needs as memory maps from storage every worker
reaches (a shared directory), computes its block and writes it there atomically (write, then
rename): the table file itself when the table has one unit, else a *part*, which a last task
joins into the table after checking each part's checksum. Only the client writes the manifest,
from the checksums the tasks return, so the database is the one an in-process build makes.

A task whose worker dies is run again elsewhere by the scheduler (up to its
``allowed-failures``); a task that raises is retried :data:`RETRIES` times; since a unit only
ever adds a finished file by rename, running it twice is harmless.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numba
import numpy as np

from zermelo.core.errors import OptionError
from zermelo.core.machine import check_processes
from zermelo.tablebase.layered import (
    BuildReport,
    Plan,
    Progress,
    TableSpec,
    Unit,
    missing_bytes,
    steps,
)
from zermelo.tablebase.store import (
    PARTS,
    U8,
    DatabaseError,
    Digest,
    Identity,
    Store,
    identity,
    sha256_of,
    write_atomically,
)

if TYPE_CHECKING:
    from distributed import Client

RETRIES = 2
"""How many times a task that raised is run again before the build stops."""
CONNECT_SECONDS = 10
"""How long the client waits for a scheduler's answer before giving up."""
WORKER_SECONDS = 60
"""How long the client waits for a scheduler to have a worker before giving up."""
WORKER_BYTES = 256 << 20
"""About what a local worker process takes before it maps any table."""


@dataclass(frozen=True)
class Workers:
    """A client of a Dask cluster and how many threads a task computes with (None: numba's
    default of the worker, every core of its machine)."""

    client: Client
    threads: int | None = None


@dataclass(frozen=True)
class Recipe:
    """How a worker makes the plan of a build: a module-level function and its (hashable)
    arguments, so that a task pickles small and each worker thread makes the plan once."""

    make: Callable[..., Plan]
    args: tuple[Hashable, ...]

    def plan(self) -> Plan:
        """This thread's plan of the recipe (a plan may keep scratch arrays that two
        concurrent units must not share)."""
        cache: dict[Recipe, Plan] = _local.__dict__.setdefault("plans", {})
        if self not in cache:
            cache.clear()  # one build at a time: free the last plan's arrays
            cache[self] = self.make(*self.args)
        return cache[self]


_local = threading.local()
_verified: set[tuple[str, str, Identity]] = set()
"""Input tables (path, SHA-256, identity of the file) this worker process has checked."""


def _table(plan: Plan, name: str) -> TableSpec:
    return next(t for t in plan.tables() if t.name == name)


def _input(path: str, sha256: str) -> U8:
    """A finished table as a read-only memory map, its checksum checked once per process and
    identity of the file (a file replaced or edited since is checked again)."""
    now = identity(os.stat(path))
    if (path, sha256, now) not in _verified:
        if sha256_of(Path(path)) != sha256:
            raise DatabaseError(f"{path}: checksum mismatch, the file is corrupt")
        _verified.add((path, sha256, now))
    return np.asarray(np.memmap(path, dtype=np.uint8, mode="r"))


Written = tuple[str, int, int, list[str]]
"""What a task wrote, as its worker sees it: SHA-256, size, modification time and the
checksum of each block (:data:`~zermelo.tablebase.store.BLOCK` bytes, from the block's start)."""


def _written(path: Path, digest: Digest) -> Written:
    stat = path.stat()
    whole, blocks = digest.result()
    return whole, stat.st_size, stat.st_mtime_ns, blocks


def run_unit(recipe: Recipe, threads: int | None, table: str, index: int, target: str,
             inputs: dict[str, tuple[str, str]]) -> Written:
    """Compute unit ``index`` of ``table`` from ``inputs`` (name: file, SHA-256) with
    ``threads`` threads and write its block to ``target`` atomically."""
    if threads is not None:  # numba's thread count is the calling thread's own
        numba.set_num_threads(threads)
    plan = recipe.plan()
    spec = _table(plan, table)
    unit = plan.units(spec)[index]
    data = {name: _input(path, digest) for name, (path, digest) in inputs.items()}
    out = np.empty(unit.positions, dtype=np.uint8)
    plan.run(spec, unit, out, data)
    write_atomically(Path(target), out)
    digest = Digest()
    digest.update(out)
    return _written(Path(target), digest)


def join_parts(parts: list[tuple[str, str]], target: str) -> Written:
    """Join the parts (file, SHA-256 its unit returned) into ``target``, atomically, checking
    each. The parts stay (the client removes them once the table is in the manifest), so a
    join whose worker dies can run again."""
    whole = Digest()

    def blocks() -> Iterator[U8]:
        for path, digest in parts:
            block = np.fromfile(path, dtype=np.uint8)
            one = Digest()
            one.update(block)
            if one.result()[0] != digest:
                raise DatabaseError(f"{path}: checksum mismatch, run the build again")
            whole.update(block)
            yield block

    write_atomically(Path(target), blocks())
    return _written(Path(target), whole)


def build_on(workers: Workers, recipe: Recipe, store: Store, progress: Progress | None = None,
             plan: Plan | None = None) -> BuildReport:
    """Build every table of the recipe's plan (``plan`` if made already) missing from ``store``
    on the cluster of ``workers``, step by step, holding the store's lock; the manifest is
    written here only, a table entered as soon as it is finished. When a task fails, the
    other tasks of its step still finish and are entered before the error is raised."""
    from distributed import as_completed

    client = workers.client
    started = time.perf_counter()
    plan = plan or recipe.plan()
    built = positions = 0
    parts = store.path.absolute() / PARTS  # as given: a worker may not have our real path
    with store.building():
        store.room(missing_bytes(plan, store))
        for step in steps(plan, store.tables):
            parts.mkdir(exist_ok=True)
            tasks: dict[Any, tuple[TableSpec, int, int]] = {}
            for table in step:
                units = plan.units(table)
                inputs = {d: (str(store.file(d).absolute()), store.tables[d]["sha256"])
                          for d in table.depends}
                for i, unit in enumerate(units):
                    target = (store.file(table.name).absolute() if len(units) == 1
                              else _part(parts, table, i))
                    future = client.submit(run_unit, recipe, workers.threads, table.name, i,
                                           str(target), inputs, retries=RETRIES, pure=False,
                                           key=f"{table.name}-{i}-{os.urandom(4).hex()}")
                    tasks[future] = (table, i, unit.positions)
            done: dict[str, dict[int, Written]] = {t.name: {} for t in step}
            failure: BaseException | None = None
            running = as_completed(list(tasks))
            for future in running:
                table, i, count = tasks.pop(future)  # released: a lost result is not redone
                try:
                    written = _result(future, table)
                    if i < 0:
                        _enter(store, table, written, done[table.name], parts)
                        built, positions = built + 1, positions + table.size
                        continue
                    done[table.name][i] = written
                    if progress is not None:
                        progress(table, count)
                    if len(done[table.name]) == len(plan.units(table)) == 1:
                        _enter(store, table, written, {}, parts)
                        built, positions = built + 1, positions + table.size
                    elif len(done[table.name]) == len(plan.units(table)):
                        pieces = [(str(_part(parts, table, j)), w[0])
                                  for j, w in sorted(done[table.name].items())]
                        join = client.submit(join_parts, pieces,
                                             str(store.file(table.name).absolute()),
                                             pure=False, retries=RETRIES,
                                             key=f"{table.name}-join-{os.urandom(4).hex()}")
                        tasks[join] = (table, -1, 0)
                        running.add(join)
                except Exception as error:  # the rest of the step still counts
                    failure = failure or error
            if failure is not None:
                raise failure
        shutil.rmtree(parts, ignore_errors=True)
    return BuildReport(built, positions, time.perf_counter() - started)


def _part(parts: Path, table: TableSpec, index: int) -> Path:
    return parts / f"{table.name}.{index:05d}"


def _enter(store: Store, table: TableSpec, written: Written, pieces: dict[int, Written],
           parts: Path) -> None:
    """Enter a finished table in the manifest (after checking its size), then remove its
    parts."""
    digest, size, mtime, blocks = written
    if size != table.size:
        raise DatabaseError(f"{store.file(table.name)}: {size} bytes written, "
                            f"expected {table.size}")
    store.record(table.name, size, digest, mtime, blocks)
    for j in pieces:
        _part(parts, table, j).unlink(missing_ok=True)


@dataclass(frozen=True)
class Estimate:
    """What a whole build takes: positions, disk (the tables, and the parts of the largest
    while it is joined), a worker's peak memory, and per step its positions and largest unit."""

    positions: int
    tables: int
    units: int
    disk: int
    peak_memory: int
    work: tuple[tuple[int, int], ...]

    def seconds(self, workers: int, rate: float) -> float:
        """The time on ``workers`` workers each computing ``rate`` positions a second: per step,
        its share of the positions, or its largest unit if longer (I/O and network left out)."""
        return sum(max(total / (workers * rate), largest / rate) for total, largest in self.work)


def estimate(plan: Plan, memory: Callable[[TableSpec, Unit], int]) -> Estimate:
    """The figures of a build of every table of ``plan`` from nothing; ``memory`` tells what a
    worker holds while it runs a unit (its block, scratch, the inputs it maps)."""
    work = []
    units = peak = joined = 0
    for step in steps(plan):
        pieces = [(t, u) for t in step for u in plan.units(t)]
        units += len(pieces)
        peak = max(peak, *(memory(t, u) for t, u in pieces))
        joined = max(joined, *(t.size for t in step if len(plan.units(t)) > 1), 0)
        work.append((sum(t.size for t in step), max(u.positions for _, u in pieces)))
    tables = plan.tables()
    positions = sum(t.size for t in tables)
    return Estimate(positions, len(tables), units, positions + joined, peak, tuple(work))


def _result(future: Any, table: TableSpec) -> Written:
    """A task's result; a unit that keeps killing its workers stops the build with one line."""
    from distributed import KilledWorker

    try:
        result: Written = future.result()
    except KilledWorker:
        raise DatabaseError(f"table {table.name}: a unit killed its worker again and again; "
                            "the finished tables are kept, run the build again") from None
    return result


def shared_threads(client: Client) -> int:
    """The numba threads a task gets on the cluster of ``client``: its worker's cores shared
    out among the worker's thread slots (the tasks it runs at once), the least over workers,
    so that a worker never runs more threads than it has cores."""
    slots = client.nthreads()
    cores = client.run(os.cpu_count)
    return min((max(1, (cores.get(w) or 1) // n) for w, n in slots.items()), default=1)


def _probe(address: str) -> None:
    """Ask the scheduler at ``address`` who it is, within :data:`CONNECT_SECONDS` (a server
    that accepts a connection but never speaks Dask would keep a client waiting for ever);
    :class:`OSError` if no scheduler answers."""
    import asyncio

    from distributed.comm.core import connect

    async def identity() -> Any:
        comm = await connect(address)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except TimeoutError:
        raise OSError(f"no answer within {CONNECT_SECONDS} s") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise OSError("not a Dask scheduler")


@contextmanager
def cluster(scheduler: str | None, workers: int | None,
            threads: int | None = None) -> Iterator[Workers | None]:
    """The workers of the scheduler at ``scheduler``, or of a local cluster of ``workers``
    processes each computing with ``threads`` threads (default: the cores shared out), or
    None (build in this process) when neither is given."""
    if scheduler is None and workers is None:
        yield None
        return
    if scheduler is not None and workers is not None:
        raise OptionError("give --scheduler or --workers, not both")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise OptionError("a cluster build needs the distributed package: "
                          "pip install 'zermelo[distributed]'") from None
    if scheduler is not None:
        try:
            _probe(scheduler)
            client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, ValueError, TypeError) as error:
            reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            raise OptionError(f"cannot reach the scheduler {scheduler[:80]!r}: {reason}"
                              ) from None
        with client:
            try:
                client.wait_for_workers(1, timeout=WORKER_SECONDS)
            except TimeoutError:
                raise OptionError(f"the scheduler {scheduler[:80]!r} has no worker (waited "
                                  f"{WORKER_SECONDS} s)") from None
            yield Workers(client, shared_threads(client))
        return
    assert workers is not None
    if not 1 <= workers <= 256:
        raise OptionError(f"workers {workers}: expected 1 to 256")
    check_processes(workers, "workers", WORKER_BYTES, per_core=2)
    each = threads or max(1, (os.cpu_count() or 1) // workers)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=":0", silence_logs=40) as local, Client(local) as client:
        yield Workers(client, each)
