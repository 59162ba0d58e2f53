"""Heavy requests (engine moves, analyses) in a bounded pool of worker processes.

A search holds the interpreter while it thinks, so in the server's own process it would make
every other request wait. The pool runs them elsewhere: at most ``workers`` at once and as
many waiting; a request beyond that is refused at once (503) so that cheap requests keep being
answered (a server without a pool admits one search at a time: :class:`Admission`). A request
whose answer does not come within its time (the move time plus a grace for solvers that cannot
stop early) gets 503 too, and the pool is replaced, which ends the worker that was still
computing: no request keeps a core busy after it is answered. A request whose client goes away
is cancelled: its search is told through a flag in shared memory, which the search budget
polls, and stops at its next look.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from zermelo.core.errors import ZermeloError
from zermelo.search.base import Budget, budget
from zermelo.tablebase import cache

GRACE = 10.0
"""Seconds a request may take beyond its move time before it is given up."""
POLL = 0.25
"""Seconds between two looks at whether a waiting request's client is still there."""
STARTUP = 60.0
"""Seconds a request may wait for a worker to start it (a worker process starting, or the
work ahead of it in the same worker) before it is given up; its own time counts from its start,
so a slow start does not eat a search's budget."""


class Busy(ZermeloError):
    """The server has as much heavy work as it takes: try again later (HTTP 503)."""

    kind = "busy"


_FLAGS: Any = None
"""In a worker process: the pool's cancel flags, one a slot of work in flight."""
_STARTED: Any = None
"""In a worker process: when each slot's work started (``time.monotonic()``, one clock for
every process of the machine), 0 until it does."""


def _adopt(flags: Any, started: Any, cache_bytes: int) -> None:
    """Keep the pool's shared arrays, take a worker's share of the cache and import what the
    requests run (once in each new worker, so that a first request does not wait for it)."""
    global _FLAGS, _STARTED
    _FLAGS, _STARTED = flags, started
    os.environ["ZERMELO_CACHE_BYTES"] = str(cache_bytes)
    import zermelo.web.service  # noqa: F401  (the games, their rules and engines)


def _call(slot: int, task: Callable[..., Any], *args: Any) -> Any:
    """``task(*args)`` in a worker, every search in it cancelled once flag ``slot`` is set."""
    _STARTED[slot] = time.monotonic()
    with budget(Budget(cancelled=lambda: _FLAGS[slot] != 0)):
        return task(*args)


def _ready() -> None:
    """Nothing: asked of each new worker so that the pool starts them all at once."""


class Admission:
    """The work of a server without a pool (``--workers 0``), in its own process: one search
    at a time, a request beyond it refused at once (503), with :class:`Pool`'s interface."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def _enter(self) -> None:
        if not self.lock.acquire(blocking=False):
            raise Busy("the server is busy with another search, try again in a moment")

    def run(self, seconds: float, task: Callable[..., Any], *args: Any) -> Any:
        """``task(*args)`` here, if no other search runs (the task keeps to its own budget)."""
        self._enter()
        try:
            return task(*args)
        finally:
            self.lock.release()

    async def run_async(self, seconds: float, gone: Callable[[], Awaitable[bool]],
                        task: Callable[..., Any], *args: Any) -> Any:
        """:meth:`run` in a thread, for a request being served."""
        from starlette.concurrency import run_in_threadpool

        self._enter()
        try:
            return await run_in_threadpool(task, *args)
        finally:
            self.lock.release()

    def close(self) -> None:
        """Nothing to end."""


def _context() -> Any:
    """How workers start: forked from a server process that imported the games once (a new
    worker is ready in milliseconds, not the 2.6 s a fresh interpreter takes to import them,
    which a worker replaced after a timeout would make the next request wait), and never from
    the threaded web server itself; a fresh interpreter where there is no forkserver."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["zermelo.web.service"])
    return context


class Pool:
    """A replaceable process pool with a bound on the work in flight."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.context = _context()
        self.flags: Any = self.context.RawArray("b", 2 * workers)
        self.started: Any = self.context.RawArray("d", 2 * workers)
        self.free = list(range(2 * workers))
        """The slots of work in flight not taken (at most two a worker)."""
        self.lock = threading.Lock()
        self.executor = self._start()
        self.restarts = 0
        """How many times the pool was replaced (a worker that dies while the count stays is a
        crash, not a stop)."""

    def _start(self) -> ProcessPoolExecutor:
        share = cache.budget() // self.workers  # the cache's bound holds for the whole pool
        executor = ProcessPoolExecutor(self.workers, mp_context=self.context,
                                       initializer=_adopt,
                                       initargs=(self.flags, self.started, share))
        for _ in range(self.workers):
            executor.submit(_ready)
        return executor

    def _submit(self, task: Callable[..., Any], args: tuple[Any, ...]
                ) -> tuple[int, Future[Any], int]:
        """Take a slot and hand ``task(*args)`` to a worker: (slot, future, restarts so far);
        :class:`Busy` when every slot is taken."""
        with self.lock:
            if not self.free:
                raise Busy("the server is busy with other searches, try again in a moment")
            slot = self.free.pop()
            self.flags[slot] = 0
            self.started[slot] = 0.0
            try:
                return slot, self.executor.submit(_call, slot, task, *args), self.restarts
            except BaseException:
                self.free.append(slot)
                raise

    def _release(self, slot: int) -> None:
        with self.lock:
            self.free.append(slot)

    def _lost(self, restarts: int) -> BaseException:
        """The error for a task whose worker process ended without an answer."""
        if self.restarts != restarts:  # stopped with a pool replaced for another task
            return Busy("the search was stopped with others, try again")
        self.restart()
        return RuntimeError("a worker process died during the request")

    def _late(self, seconds: float) -> Busy:
        """Replace the pool (ending the late worker) and say so."""
        self.restart()
        return Busy(f"no answer within {seconds:.0f} s: the search was stopped")

    def _deadline(self, slot: int, asked: float, seconds: float) -> float:
        """When the work of ``slot`` is late: ``seconds`` after it started, or :data:`STARTUP`
        after it was asked (``asked``) if it has not started yet."""
        started = self.started[slot]
        return started + seconds if started else asked + STARTUP

    def run(self, seconds: float, task: Callable[..., Any], *args: Any) -> Any:
        """``task(*args)`` in a worker; :class:`Busy` when the pool is full or the answer does
        not come within ``seconds`` of its start (the pool is then replaced)."""
        asked = time.monotonic()
        slot, future, restarts = self._submit(task, args)
        try:
            while True:
                try:
                    return future.result(timeout=POLL)
                except FutureTimeout:
                    if time.monotonic() >= self._deadline(slot, asked, seconds):
                        raise self._late(seconds) from None
        except BrokenProcessPool:
            raise self._lost(restarts) from None
        finally:
            self._release(slot)

    async def run_async(self, seconds: float, gone: Callable[[], Awaitable[bool]],
                        task: Callable[..., Any], *args: Any) -> Any:
        """:meth:`run` for a request being served: while waiting, ``gone()`` is asked whether
        the client went away, and if so the task is cancelled (its search stops at its next
        look at the budget; what it answers is dropped with the request)."""
        asked = time.monotonic()
        slot, future, restarts = self._submit(task, args)
        waiting = asyncio.wrap_future(future)
        try:
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(waiting), POLL)
                except TimeoutError:
                    if time.monotonic() >= self._deadline(slot, asked, seconds):
                        raise self._late(seconds) from None
                    if not self.flags[slot] and await gone():
                        self.flags[slot] = 1
                except BrokenProcessPool:
                    raise self._lost(restarts) from None
        finally:
            self._release(slot)

    def restart(self) -> None:
        """End every worker (and what it computes) and start a fresh pool."""
        with self.lock:
            old, self.executor = self.executor, self._start()
            self.restarts += 1
        for process in list(getattr(old, "_processes", {}).values()):
            process.kill()
        old.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """End the workers, at once."""
        for process in list(getattr(self.executor, "_processes", {}).values()):
            process.kill()
        self.executor.shutdown(wait=False, cancel_futures=True)
