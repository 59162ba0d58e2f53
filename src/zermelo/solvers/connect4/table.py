"""The solver's transposition table: both bounds known for a position, in flat arrays.

Slots come in pairs (buckets); position ``key`` (``current + mask`` of the position or of its
mirror image, one number per position) lives in bucket ``key % buckets``. The first slot of a
bucket keeps the entry that cost the most search (nodes below it), the second the latest other
entry: always-replace alone keeps evicting the expensive results near the root that a deep
solve (the empty board) needs again and again. Slot ``i`` holds the full key in ``keys[i]``, the
tightest lower and upper bounds on the score found so far side by side in ``bounds[i]``, and
the work in ``work[i]``. An empty or overwritten slot knows nothing: ``(NO_LOWER, NO_UPPER)``.

The contract with the search: a stored lower bound means the true score is ``>=`` it, an upper
bound ``<=`` it; both come from fail-high and fail-low results of a correct alpha-beta, so they
stay valid for every later search on the same board, whatever its window.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.core.errors import OptionError

NO_LOWER = -128
NO_UPPER = 127
DEFAULT_SIZE = 2 * 8_388_617
"""Slots: 8,388,617 buckets (a prime near 2**23, so that ``key % buckets`` mixes every
column's bits), about 235 MB."""
MAX_WORK = (1 << 31) - 1

Table = tuple[np.ndarray, np.ndarray, np.ndarray]


def new_table(size: int = DEFAULT_SIZE) -> Table:
    """An empty table of ``size`` slots (rounded up to an even number; best twice a prime):
    keys (int64), bounds (int8 pairs) and work (int32)."""
    if size < 2:
        raise OptionError(f"table size {size}: must be at least 2")
    size += size % 2
    table = (np.empty(size, np.int64), np.empty((size, 2), np.int8), np.empty(size, np.int32))
    clear(table)
    return table


def clear(table: Table) -> None:
    """Forget every entry."""
    table[0].fill(-1)
    table[1][:, 0] = NO_LOWER
    table[1][:, 1] = NO_UPPER
    table[2].fill(0)


@njit(cache=True)
def probe(table: Table, key: int) -> tuple[int, int]:
    """The stored ``(lower, upper)`` bounds of ``key``'s score, or ``(NO_LOWER, NO_UPPER)``."""
    keys, bounds = table[0], table[1]
    i = (key % (keys.size >> 1)) << 1
    if keys[i] == key:
        return bounds[i, 0], bounds[i, 1]
    if keys[i + 1] == key:
        return bounds[i + 1, 0], bounds[i + 1, 1]
    return NO_LOWER, NO_UPPER


@njit(cache=True)
def store(table: Table, key: int, lower: int, upper: int, work: int) -> None:
    """Record ``lower <= score <= upper`` for ``key`` (pass NO_LOWER / NO_UPPER for no bound),
    found by a search of ``work`` nodes."""
    keys, bounds, works = table
    i = (key % (keys.size >> 1)) << 1
    if work > MAX_WORK:
        work = MAX_WORK
    if keys[i] != key:
        if keys[i + 1] == key:
            i += 1
        else:
            if work >= works[i]:  # the new entry takes the first slot, the old one moves on
                keys[i + 1] = keys[i]
                bounds[i + 1, 0] = bounds[i, 0]
                bounds[i + 1, 1] = bounds[i, 1]
                works[i + 1] = works[i]
            else:
                i += 1
            keys[i] = key
            bounds[i, 0] = NO_LOWER
            bounds[i, 1] = NO_UPPER
            works[i] = 0
    if lower > bounds[i, 0]:
        bounds[i, 0] = lower
    if upper < bounds[i, 1]:
        bounds[i, 1] = upper
    if work > works[i]:
        works[i] = work
