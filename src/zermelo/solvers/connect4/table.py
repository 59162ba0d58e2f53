"""The solver's transposition table: both bounds known for a position, one cache line a probe.

Slots come in pairs (buckets); position ``key`` (``current + mask`` of the position or of its
mirror image, one number per position) lives in bucket ``key % buckets``. The first slot of a
bucket keeps the entry that cost the most search (nodes below it), the second the latest other
entry: always-replace alone keeps evicting the expensive results near the root that a deep
solve (the empty board) needs again and again. A bucket is one row of four int64: each slot's
full key, then its entry packed in one number (the tightest lower and upper bounds on the score
found so far, offset to be non-negative, and the work), so that a probe reads one row, not
three arrays far apart: in a table of hundreds of megabytes every array read is a cache miss.
An empty or overwritten slot knows nothing: ``(NO_LOWER, NO_UPPER)``.

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
column's bits), about 268 MB."""
MAX_WORK = (1 << 31) - 1

Table = np.ndarray
"""``(buckets, 4)`` int64: key and entry of the first slot, key and entry of the second."""
EMPTY_ENTRY = (NO_LOWER + 128) | ((NO_UPPER + 128) << 8)


def new_table(size: int = DEFAULT_SIZE) -> Table:
    """An empty table of ``size`` slots (rounded up to an even number; best twice a prime),
    16 bytes each."""
    if size < 2:
        raise OptionError(f"table size {size}: must be at least 2")
    table = np.empty(((size + 1) // 2, 4), np.int64)
    clear(table)
    return table


def clear(table: Table) -> None:
    """Forget every entry."""
    table[:, 0::2] = -1
    table[:, 1::2] = EMPTY_ENTRY


@njit(cache=True, inline="always")
def _bounds(entry: int) -> tuple[int, int]:
    return (entry & 255) - 128, ((entry >> 8) & 255) - 128


@njit(cache=True)
def probe(table: Table, key: int) -> tuple[int, int]:
    """The stored ``(lower, upper)`` bounds of ``key``'s score, or ``(NO_LOWER, NO_UPPER)``."""
    row = key % table.shape[0]
    if table[row, 0] == key:
        return _bounds(table[row, 1])
    if table[row, 2] == key:
        return _bounds(table[row, 3])
    return NO_LOWER, NO_UPPER


@njit(cache=True)
def store(table: Table, key: int, lower: int, upper: int, work: int) -> None:
    """Record ``lower <= score <= upper`` for ``key`` (pass NO_LOWER / NO_UPPER for no bound),
    found by a search of ``work`` nodes."""
    row = key % table.shape[0]
    if work > MAX_WORK:
        work = MAX_WORK
    if table[row, 0] == key:
        slot = 0
    elif table[row, 2] == key:
        slot = 2
    else:
        if work >= table[row, 1] >> 16:  # the new entry takes the first slot, the old one
            table[row, 2] = table[row, 0]  # moves on
            table[row, 3] = table[row, 1]
            slot = 0
        else:
            slot = 2
        table[row, slot] = key
        table[row, slot + 1] = EMPTY_ENTRY
    entry = table[row, slot + 1]
    old_lower, old_upper = _bounds(entry)
    if lower < old_lower:
        lower = old_lower
    if upper > old_upper:
        upper = old_upper
    if work < entry >> 16:
        work = entry >> 16
    table[row, slot + 1] = (lower + 128) | ((upper + 128) << 8) | (work << 16)
