"""The solver's transposition table: both bounds known for a position, in flat arrays.

Entry ``i = key % size`` (``size`` a prime, ``key = current + mask``, one number per position)
holds the full key and the tightest lower and upper bounds on the position's score found so
far. An empty or overwritten slot knows nothing: ``lower = NO_LOWER``, ``upper = NO_UPPER``.
A collision simply replaces the older position (always-replace). The contract with the
search: a stored lower bound means the true score is ``>=`` it, an upper bound ``<=`` it;
both come from fail-high and fail-low results of a correct alpha-beta, so they stay valid for
every later search on the same board, whatever its window.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NO_LOWER = -128
NO_UPPER = 127
DEFAULT_SIZE = 8_388_617
"""A prime near 2**23: about 84 MB."""

Table = tuple[np.ndarray, np.ndarray, np.ndarray]


def new_table(size: int = DEFAULT_SIZE) -> Table:
    """An empty table of ``size`` entries: keys (int64), lower and upper bounds (int8)."""
    if size < 1:
        raise ValueError(f"table size {size}: must be positive")
    return (np.full(size, -1, np.int64), np.full(size, NO_LOWER, np.int8),
            np.full(size, NO_UPPER, np.int8))


def clear(table: Table) -> None:
    """Forget every entry."""
    table[0].fill(-1)
    table[1].fill(NO_LOWER)
    table[2].fill(NO_UPPER)


@njit(cache=True)
def lower_bound(table: Table, key: int) -> int:
    """The stored lower bound of ``key``'s score, or ``NO_LOWER``."""
    i = key % table[0].size
    return table[1][i] if table[0][i] == key else NO_LOWER


@njit(cache=True)
def upper_bound(table: Table, key: int) -> int:
    """The stored upper bound of ``key``'s score, or ``NO_UPPER``."""
    i = key % table[0].size
    return table[2][i] if table[0][i] == key else NO_UPPER


@njit(cache=True)
def store(table: Table, key: int, lower: int, upper: int) -> None:
    """Record ``lower <= score <= upper`` for ``key`` (pass NO_LOWER / NO_UPPER for no bound)."""
    keys, lo, hi = table
    i = key % keys.size
    if keys[i] != key:
        keys[i] = key
        lo[i] = NO_LOWER
        hi[i] = NO_UPPER
    if lower > lo[i]:
        lo[i] = lower
    if upper < hi[i]:
        hi[i] = upper
