"""The solver's transposition table: both bounds known for a position, in flat arrays.

Entry ``i = key % size`` (``size`` a prime, ``key = current + mask``, one number per position)
holds the full key in ``keys[i]`` and, side by side in ``bounds[i]``, the tightest lower and
upper bounds on the position's score found so far. An empty or overwritten slot knows nothing:
``(NO_LOWER, NO_UPPER)``. A collision simply replaces the older position (always-replace). The
contract with the search: a stored lower bound means the true score is ``>=`` it, an upper
bound ``<=`` it; both come from fail-high and fail-low results of a correct alpha-beta, so they
stay valid for every later search on the same board, whatever its window.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NO_LOWER = -128
NO_UPPER = 127
DEFAULT_SIZE = 8_388_617
"""A prime near 2**23: about 84 MB."""

Table = tuple[np.ndarray, np.ndarray]


def new_table(size: int = DEFAULT_SIZE) -> Table:
    """An empty table of ``size`` entries: keys (int64) and bounds (int8 pairs)."""
    if size < 1:
        raise ValueError(f"table size {size}: must be positive")
    table = (np.empty(size, np.int64), np.empty((size, 2), np.int8))
    clear(table)
    return table


def clear(table: Table) -> None:
    """Forget every entry."""
    table[0].fill(-1)
    table[1][:, 0] = NO_LOWER
    table[1][:, 1] = NO_UPPER


@njit(cache=True)
def probe(table: Table, key: int) -> tuple[int, int]:
    """The stored ``(lower, upper)`` bounds of ``key``'s score, or ``(NO_LOWER, NO_UPPER)``."""
    keys, bounds = table
    i = key % keys.size
    if keys[i] == key:
        return bounds[i, 0], bounds[i, 1]
    return NO_LOWER, NO_UPPER


@njit(cache=True)
def store(table: Table, key: int, lower: int, upper: int) -> None:
    """Record ``lower <= score <= upper`` for ``key`` (pass NO_LOWER / NO_UPPER for no bound)."""
    keys, bounds = table
    i = key % keys.size
    if keys[i] != key:
        keys[i] = key
        bounds[i, 0] = NO_LOWER
        bounds[i, 1] = NO_UPPER
    if lower > bounds[i, 0]:
        bounds[i, 0] = lower
    if upper < bounds[i, 1]:
        bounds[i, 1] = upper
