"""Compiled kernels shared among threads: each piece of work goes to whichever thread is free.

The table builders' kernels are plain ``nogil`` functions of one piece of work (a class, a run
of class blocks, a range of positions), ``kernel(thread, piece, *args)``, and :func:`spread`
calls them from a few Python threads. numba's ``parallel=True`` would do the same from one
call, but it makes a kernel's compile two to three times as long (5.6 s instead of 1.9 s for
the two Three Musketeers kernels, 16.8 s instead of 8.9 s for a Morris build's), a cost every
process that builds a table pays on a fresh cache (a test worker, a Dask worker, a newcomer's
first build), and the Three Musketeers kernels it made ran slower (the full build: 62.0 s
against 49.5 s, both compiled already).
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numba
import numpy as np
import numpy.typing as npt


def threads_for(pieces: int, most: int | None = None) -> int:
    """How many threads share ``pieces`` pieces: numba's thread count for the calling thread
    (``NUMBA_NUM_THREADS``, or a Dask worker's share), at most ``most`` and one a piece."""
    return max(1, min(numba.get_num_threads(), pieces, most or pieces))


@cache
def _pool(threads: int, process: int) -> ThreadPoolExecutor:
    """The threads that run the pieces, made once for each thread count in each process (a
    forked child has none of its parent's threads)."""
    return ThreadPoolExecutor(threads, thread_name_prefix="zermelo-kernel")


def spread(kernel: Callable[..., object], pieces: int, *args: object,
           most: int | None = None) -> None:
    """Call ``kernel(thread, piece, *args)`` for every piece in ``range(pieces)``, in order,
    each taken by the next free one of :func:`threads_for` threads (``thread`` numbers them
    from 0, so that each has its own scratch row; ``most``: as many rows as there are). The
    first exception is raised once every thread has stopped; an interrupt stops the threads
    after their current piece."""
    threads = threads_for(pieces, most)
    if threads == 1:
        for piece in range(pieces):
            kernel(0, piece, *args)
        return
    taken = itertools.count()  # next() on a count is atomic: each piece is taken once
    stop = threading.Event()

    def loop(thread: int) -> None:
        while not stop.is_set() and (piece := next(taken)) < pieces:
            try:
                kernel(thread, piece, *args)
            except BaseException:
                stop.set()
                raise

    running = [_pool(threads, os.getpid()).submit(loop, thread) for thread in range(threads)]
    try:
        for future in running:
            future.exception()  # waits
    except BaseException:
        stop.set()
        raise
    for future in running:
        future.result()


def cuts(sizes: npt.NDArray[np.int64], pieces: int) -> npt.NDArray[np.int64]:
    """Where to cut a run of items of the given sizes into about ``pieces`` pieces of about
    equal size, each at least one item: ``pieces + 1`` increasing indices or fewer, from 0 to
    ``len(sizes)``."""
    ends = np.cumsum(sizes)
    total = int(ends[-1]) if len(ends) else 0
    marks = np.searchsorted(ends, np.arange(1, pieces) * total / pieces, side="right")
    return np.unique(np.concatenate([[0], marks, [len(sizes)]])).astype(np.int64)
