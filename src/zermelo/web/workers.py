"""Heavy requests (engine moves, analyses) in a bounded pool of worker processes.

A search holds the interpreter while it thinks, so in the server's own process it would make
every other request wait. The pool runs them elsewhere: at most ``workers`` at once and as
many waiting; a request beyond that is refused at once (503) so that cheap requests keep being
answered. A request whose answer does not come within its time (the move time plus a grace for
solvers that cannot stop early) gets 503 too, and the pool is replaced, which ends the worker
that was still computing: no request keeps a core busy after it is answered.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from zermelo.core.errors import ZermeloError

GRACE = 10.0
"""Seconds a request may take beyond its move time before it is given up."""


class Busy(ZermeloError):
    """The server has as much heavy work as it takes: try again later (HTTP 503)."""

    kind = "busy"


class Pool:
    """A replaceable process pool with a bound on the work in flight."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.slots = threading.BoundedSemaphore(2 * workers)
        self.lock = threading.Lock()
        self.executor = self._start()
        self.restarts = 0
        """How many times the pool was replaced (a worker that dies while the count stays is a
        crash, not a stop)."""

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))

    def run(self, seconds: float, task: Callable[..., Any], *args: Any) -> Any:
        """``task(*args)`` in a worker; :class:`Busy` when the pool is full or the answer does
        not come within ``seconds`` (the pool is then replaced)."""
        if not self.slots.acquire(blocking=False):
            raise Busy("the server is busy with other searches, try again in a moment")
        try:
            with self.lock:
                future: Future[Any] = self.executor.submit(task, *args)
                restarts = self.restarts
            try:
                return future.result(timeout=seconds)
            except FutureTimeout:
                self.restart()
                raise Busy(f"no answer within {seconds:.0f} s: the search was stopped") from None
            except BrokenProcessPool:
                if self.restarts != restarts:  # stopped with a pool replaced for another task
                    raise Busy("the search was stopped with others, try again") from None
                self.restart()
                raise RuntimeError("a worker process died during the request") from None
        finally:
            self.slots.release()

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
