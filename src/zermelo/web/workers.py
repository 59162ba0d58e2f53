"""Heavy requests (engine moves, analyses) in worker processes, each alone and under limits.

A search holds the interpreter while it thinks, and a game's native code may crash or grow
without bound, so neither runs in the server's process. The pool keeps ``workers`` processes,
each running one task at a time with its own pipe: a worker may add at most ``memory`` bytes of
private memory to what it held at its start (``RLIMIT_DATA``: the tables it maps read-only do
not count) and spend at most its task's seconds (times the cores, for searches in threads) plus
a grace of CPU time on each task (``RLIMIT_CPU``). A task whose answer does not come within its
time (the move time plus a grace for solvers that cannot stop early) is answered 503 and its
worker alone is ended and replaced; a worker that dies (a crash, its memory or CPU limit)
answers its own request in one line and is replaced: the other workers and their requests go
on.

Admission is fair: at most ``workers`` tasks run and as many wait, first come first served; a
request beyond that is refused at once (503), and one client address may hold at most
``per_client`` of those places (429), so a client sending requests in a loop keeps its share and
never takes the others'. A request whose client goes away is cancelled: its search is told
through a flag in shared memory, which the search budget polls, and stops at its next look.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from zermelo.core.errors import ZermeloError
from zermelo.core.rlimits import die_with_parent, limit_cpu, limit_memory
from zermelo.search.base import Budget, budget
from zermelo.tablebase import cache

GRACE = 10.0
"""Seconds a request may take beyond its move time before it is given up."""
POLL = 0.25
"""Seconds between two looks at whether a waiting request's client is still there."""
STARTUP = 60.0
"""Seconds a request may wait for a worker to start it (a worker process starting, or the
requests ahead of it) before it is given up; its own time counts from its start, so a slow
start does not eat a search's budget."""
MEMORY = 2 << 30
"""Bytes of private memory a worker may add to what it holds when it starts, by default."""


class Busy(ZermeloError):
    """The server has as much heavy work as it takes: try again later (HTTP 503)."""

    kind = "busy"


class TooMany(ZermeloError):
    """A client holds as many places as one may (HTTP 429)."""

    kind = "too many requests"


class WorkerLost(ZermeloError):
    """The worker process computing a request ended without an answer: a crash, or its memory
    or CPU limit (HTTP 503; the server and other requests go on)."""

    kind = "worker lost"


def cpu_allowance(seconds: float) -> float:
    """The CPU seconds a task of ``seconds`` (wall clock) may spend: its time and the grace
    on every core (a search may think in threads), and a margin."""
    return (seconds + GRACE) * (os.cpu_count() or 1) + 5


def _work(conn: Connection, flag: Any, started: Any, cache_bytes: int, memory: int) -> None:
    """A worker: its limits, then tasks from ``conn`` one at a time, each answered
    ``("ok", value)`` or ``("error", exception)``; every search in a task is cancelled once
    ``flag`` is set."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server ends its workers itself
    os.environ["ZERMELO_CACHE_BYTES"] = str(cache_bytes)
    import zermelo.web.service  # noqa: F401  (the games, their rules and engines)

    limit_memory(memory)
    while True:
        try:
            task, args, seconds = conn.recv()
        except (EOFError, OSError):
            return  # the server went away
        started.value = time.monotonic()
        limit_cpu(cpu_allowance(seconds))
        answer: tuple[str, Any]
        try:
            with budget(Budget(cancelled=lambda: flag.value != 0)):
                answer = ("ok", task(*args))
        except MemoryError:
            answer = ("error", WorkerLost(f"the request needs more than the {memory >> 20:,} "
                                          "MiB a worker may use"))
        except Exception as error:
            answer = ("error", error)
        try:
            conn.send(answer)
        except Exception as error:  # an answer that cannot be sent (not picklable)
            conn.send(("error", RuntimeError(f"unsendable answer: {type(error).__name__}")))


def _context() -> Any:
    """How workers start: forked from a server process that imported the games once (a new
    worker is ready in milliseconds, not the 2.6 s a fresh interpreter takes to import them,
    which a worker replaced after a timeout would make the next request wait), and never from
    the threaded web server itself; a fresh interpreter where there is no forkserver."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["zermelo.web.service"])
    return context


@dataclass(eq=False)
class Worker:
    """One worker process, its end of the pipe, its cancel flag and when its task started
    (``time.monotonic()``, one clock for every process of the machine; 0 until it does)."""

    process: Any
    conn: Connection
    flag: Any
    started: Any
    ending: threading.Lock = field(default_factory=threading.Lock)

    def kill(self) -> None:
        """Kill the process (its request, if any, then sees it end)."""
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()

    def end(self) -> None:
        """Kill the process and close the pipe (once)."""
        with self.ending:
            if not self.conn.closed:
                self.kill()
                with contextlib.suppress(OSError, ValueError, AssertionError):
                    self.process.join(1)
                self.conn.close()

    def lost(self) -> WorkerLost:
        """The error for the request of a worker that ended without answering."""
        self.process.join(1)
        code = self.process.exitcode
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            why = {"SIGXCPU": "it used its CPU time", "SIGKILL": "it was killed (memory?)"}.get(
                name, "its game's code crashed")
            return WorkerLost(f"the worker computing this request ended ({name}: {why}); "
                              "the server goes on")
        return WorkerLost(f"the worker computing this request ended (exit status {code}); "
                          "the server goes on")


@dataclass(eq=False)
class Ticket:
    """A request's place: its client and, once one is free, its worker."""

    client: str
    worker: Worker | None = None


class Pool:
    """Worker processes, each one task at a time, with fair admission (see the module)."""

    def __init__(self, workers: int, per_client: int | None = None, memory: int = MEMORY
                 ) -> None:
        self.workers = workers
        self.places = 2 * workers
        """Requests running or waiting at once, from every client."""
        self.per_client = per_client or max(1, workers)
        """Of those, the most one client address may hold."""
        self.memory = memory
        self.context = _context()
        self.cache_bytes = cache.budget() // workers  # the cache's bound holds for the pool
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.queue: deque[Ticket] = deque()
        self.held: Counter[str] = Counter()
        self.closed = False
        self.replaced = 0
        """How many workers were ended and replaced (late or dead)."""
        self.all: list[Worker] = []
        self.idle: list[Worker] = [self._spawn() for _ in range(workers)]

    def _spawn(self) -> Worker:
        mine, theirs = self.context.Pipe()
        flag, started = self.context.RawValue("b", 0), self.context.RawValue("d", 0.0)
        process = self.context.Process(target=_work, daemon=True, args=(
            theirs, flag, started, self.cache_bytes, self.memory))
        process.start()
        theirs.close()
        worker = Worker(process, mine, flag, started)
        self.all.append(worker)
        return worker

    def _admit(self, client: str) -> Ticket:
        """A place for a request of ``client`` in the queue: :class:`TooMany` when the client
        holds its share, :class:`Busy` when every place is taken."""
        with self.lock:
            if self.held[client] >= self.per_client:
                raise TooMany(f"{self.held[client]} searches in progress from this address, "
                              f"at most {self.per_client}: wait for one to answer")
            if sum(self.held.values()) >= self.places:
                raise Busy("the server is busy with other searches, try again in a moment")
            self.held[client] += 1
            ticket = Ticket(client)
            self.queue.append(ticket)
            self._dispatch()
            return ticket

    def _dispatch(self) -> None:
        """Hand free workers to the requests waiting longest (lock held)."""
        while self.idle and self.queue:
            self.queue.popleft().worker = self.idle.pop()
        self.changed.notify_all()

    def _leave(self, ticket: Ticket, healthy: bool) -> None:
        """Give the request's place back, and its worker: kept if it answered, else ended and
        replaced by a fresh one."""
        worker = ticket.worker
        if worker is not None and not healthy:
            worker.end()
        with self.lock:
            self.held[ticket.client] -= 1
            if not self.held[ticket.client]:
                del self.held[ticket.client]
            if worker is None:
                self.queue.remove(ticket)
            elif not healthy:
                if worker in self.all:
                    self.all.remove(worker)
                if not self.closed:
                    self.replaced += 1
                    self.idle.append(self._spawn())
            elif self.closed:
                worker.end()
            else:
                self.idle.append(worker)
            self._dispatch()

    @staticmethod
    def _deadline(worker: Worker | None, asked: float, seconds: float) -> float:
        """When a request is late: ``seconds`` after its task started, or :data:`STARTUP` after
        it was asked (``asked``) if it has not started yet."""
        started = worker.started.value if worker is not None else 0.0
        return started + seconds if started else asked + STARTUP

    @staticmethod
    def _send(worker: Worker, task: Callable[..., Any], args: tuple[Any, ...],
              seconds: float) -> None:
        worker.flag.value = 0
        worker.started.value = 0.0
        worker.conn.send((task, args, seconds))

    @staticmethod
    def _poll(worker: Worker) -> bool:
        """Whether the worker answered (or ended) within :data:`POLL` seconds."""
        try:
            return worker.conn.poll(POLL)
        except (OSError, ValueError):  # its pipe closed: the pool was closed
            raise Busy("the server is stopping") from None

    @staticmethod
    def _receive(worker: Worker) -> tuple[str, Any]:
        try:
            answer: tuple[str, Any] = worker.conn.recv()
        except (EOFError, OSError):
            raise worker.lost() from None
        return answer

    def _still_waiting(self, asked: float, seconds: float) -> None:
        """Raise :class:`Busy` when a request waiting for a worker since ``asked`` must stop:
        the pool closed, or :data:`STARTUP` passed."""
        if self.closed:
            raise Busy("the server is stopping")
        if time.monotonic() >= asked + STARTUP:
            raise self._late(seconds)

    @staticmethod
    def _late(seconds: float) -> Busy:
        return Busy(f"no answer within {seconds:.0f} s: the search was stopped")

    def run(self, seconds: float, task: Callable[..., Any], *args: Any, client: str = ""
            ) -> Any:
        """``task(*args)`` in a worker, for ``client``; :class:`Busy` when the pool is full or
        the answer does not come within ``seconds`` of its start (its worker is then ended and
        replaced), :class:`TooMany` when the client holds its share."""
        asked = time.monotonic()
        ticket = self._admit(client)
        healthy = False
        try:
            with self.lock:
                while ticket.worker is None:
                    self._still_waiting(asked, seconds)
                    self.changed.wait(POLL)
            worker = ticket.worker
            self._send(worker, task, args, seconds)
            while not self._poll(worker):
                if time.monotonic() >= self._deadline(worker, asked, seconds):
                    raise self._late(seconds)
            kind, value = self._receive(worker)
            healthy = True
        finally:
            self._leave(ticket, healthy)
        if kind == "error":
            raise value
        return value

    async def run_async(self, seconds: float, gone: Callable[[], Awaitable[bool]],
                        task: Callable[..., Any], *args: Any, client: str = "") -> Any:
        """:meth:`run` for a request being served: while waiting, ``gone()`` is asked whether
        the client went away, and if so the task is cancelled (its search stops at its next
        look at the budget; what it answers is dropped with the request)."""
        asked = time.monotonic()
        ticket = self._admit(client)
        healthy = False
        try:
            while ticket.worker is None:  # set by another thread, under the lock
                self._still_waiting(asked, seconds)
                if await gone():
                    raise Busy("the client went away")
                await asyncio.sleep(0.02)
            worker = ticket.worker
            self._send(worker, task, args, seconds)
            ready = asyncio.Event()
            loop = asyncio.get_running_loop()
            loop.add_reader(worker.conn.fileno(), ready.set)
            try:
                while True:
                    try:
                        await asyncio.wait_for(ready.wait(), POLL)
                        break
                    except TimeoutError:
                        if time.monotonic() >= self._deadline(worker, asked, seconds):
                            raise self._late(seconds) from None
                        if not worker.flag.value and await gone():
                            worker.flag.value = 1
            finally:
                loop.remove_reader(worker.conn.fileno())
            kind, value = self._receive(worker)
            healthy = True
        finally:
            self._leave(ticket, healthy)
        if kind == "error":
            raise value
        return value

    def close(self) -> None:
        """End the workers, at once."""
        with self.lock:
            self.closed = True
            idle, busy = self.idle, [w for w in self.all if w not in self.idle]
            self.all, self.idle = [], []
            self.changed.notify_all()
        for worker in idle:
            worker.end()
        for worker in busy:  # their requests end them, seeing them gone
            worker.kill()


class Admission:
    """The work of an application without a pool (``create_app(workers=0)``, for tests and
    embedding; ``zermelo serve`` always has workers), in its own process: one search at a time,
    a request beyond it refused at once (503), with :class:`Pool`'s interface."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def _enter(self) -> None:
        if not self.lock.acquire(blocking=False):
            raise Busy("the server is busy with another search, try again in a moment")

    def run(self, seconds: float, task: Callable[..., Any], *args: Any, client: str = ""
            ) -> Any:
        """``task(*args)`` here, if no other search runs (the task keeps to its own budget)."""
        self._enter()
        try:
            return task(*args)
        finally:
            self.lock.release()

    async def run_async(self, seconds: float, gone: Callable[[], Awaitable[bool]],
                        task: Callable[..., Any], *args: Any, client: str = "") -> Any:
        """:meth:`run` in a thread, for a request being served."""
        from starlette.concurrency import run_in_threadpool

        self._enter()
        try:
            return await run_in_threadpool(task, *args)
        finally:
            self.lock.release()

    def close(self) -> None:
        """Nothing to end."""
