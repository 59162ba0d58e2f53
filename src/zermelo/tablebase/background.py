"""Builds run once in a thread of their own, which callers wait for within their search budget.

A server's request (or an engine's move) that needs a database still missing starts its build,
small enough to take seconds, and waits for it as long as its budget allows; a caller whose
budget ends first gets :class:`~zermelo.search.base.BudgetExhausted` saying how far the build
is ("... ask again shortly"), while the build goes on for the next caller. A build that another
process is writing (its store is locked) is waited for the same way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from zermelo.search.base import BudgetExhausted, remaining_budget
from zermelo.tablebase.store import BuildInProgress

Report = Callable[[int], None]
"""Told how many more positions of a build are done."""

POLL_SECONDS = 0.5
"""How often a build waiting for another process's lock looks again."""


@dataclass
class _Running:
    """A build under way: its thread, its positions done of its total, and its failure."""

    thread: threading.Thread
    total: int
    done: int = 0
    error: BaseException | None = field(default=None)


_running: dict[Hashable, _Running] = {}
_lock = threading.Lock()


def wait_for(key: Hashable, build: Callable[[Report], None], total: int, what: str,
             done: int = 0) -> None:
    """Run ``build(report)`` once for ``key`` in a daemon thread (unless one runs already) and
    wait for it within the current budget; ``total`` is the work in all, of which ``done`` was
    done before (by an earlier build that stopped), and ``report`` is told the rest as it goes.
    Raises the build's own error, or :class:`BudgetExhausted` if the budget ends first."""
    with _lock:
        running = _running.get(key)
        if running is None:
            thread = threading.Thread(target=_run, args=(key, build), daemon=True,
                                      name=f"build-{what}")
            running = _running[key] = _Running(thread, max(total, 1), done)
            thread.start()
    running.thread.join(remaining_budget()[1])  # no time bound: until it is done
    if running.thread.is_alive():
        share = min(99, 100 * running.done // running.total)
        raise BudgetExhausted(f"{what} is being solved (once: {share} % done): ask again "
                              "shortly")
    with _lock:
        if _running.get(key) is running:
            del _running[key]
    if running.error is not None:
        raise running.error


def _run(key: Hashable, build: Callable[[Report], None]) -> None:
    """The thread: the build, retried while another process holds its store's lock."""
    running = _running[key]

    def report(positions: int) -> None:
        running.done += positions

    while True:
        try:
            build(report)
            return
        except BuildInProgress:
            time.sleep(POLL_SECONDS)
        except BaseException as error:  # handed to the callers that wait for it
            running.error = error
            return
