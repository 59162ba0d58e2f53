"""The solver's transposition table: both bounds known for a position, in eight bytes.

Slots come in pairs (buckets); position ``key`` (``current + mask``, one number per position;
of the smaller of the position and its mirror image where the search shares an entry between
them) lives in bucket ``key % buckets``, so a slot need keep only ``key // buckets`` to tell its
position from the others of the bucket. The first slot of a bucket keeps the entry that cost
the most search (nodes below it, to a power of two), the second the latest other entry:
always-replace alone keeps evicting the expensive results near the root that a deep solve (the
empty board) needs again and again. A slot is one int64:
``key // buckets + 1`` (bits 21-62, 0 for an empty slot), the work's bit length (16-20) and the
tightest upper and lower bounds on the score found so far, offset by 128 (8-15 and 0-7). Small
slots matter: most probes miss every cache, and the fewer bytes the table spans the more of it
the caches hold. An empty or overwritten slot knows nothing: ``(NO_LOWER, NO_UPPER)``.

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
TAG_BITS = 42
"""Bits a slot has for ``key // buckets + 1``."""
DEFAULT_SIZE = 2 * 1_048_573
"""Slots: 1,048,573 buckets (a prime near 2**20, so that ``key % buckets`` mixes every
column's bits), 16 MB: a table the processor's last cache can mostly hold. On the 319
positions of 8-36 moves of ``benchmarks/connect4_solver.py`` it solved in 12.5 s where
8,388,617 buckets took 20.6 s, with 1.06 times the nodes."""
DEEP_SIZE = 2 * 8_388_617
"""Slots for the few long solves (books, early positions) where a table eight times larger
saves more search than its cache misses cost: 8,388,617 buckets, 134 MB."""

Table = np.ndarray
"""``(buckets, 2)`` int64, a slot each."""


def smallest_size(key_bits: int) -> int:
    """The fewest slots a table for keys below ``2**key_bits`` may have: enough buckets that
    every ``key // buckets + 1`` fits in a slot's TAG_BITS."""
    return 2 * max(1, ((1 << key_bits) >> TAG_BITS) + 1)


def new_table(size: int, key_bits: int) -> Table:
    """An empty table of ``size`` slots (rounded up to an even number; best twice a prime),
    eight bytes each, for keys below ``2**key_bits``."""
    if size < 2:
        raise OptionError(f"table size {size}: must be at least 2")
    if size < smallest_size(key_bits):
        raise OptionError(f"table size {size}: too small for keys of {key_bits} bits "
                          f"(at least {smallest_size(key_bits)} slots)")
    buckets = (size + 1) // 2
    table = np.empty((buckets, 2), np.int64)
    clear(table)
    return table


def clear(table: Table) -> None:
    """Forget every entry."""
    table.fill(0)


@njit(cache=True)
def probe(table: Table, key: int) -> tuple[int, int]:
    """The stored ``(lower, upper)`` bounds of ``key``'s score, or ``(NO_LOWER, NO_UPPER)``."""
    buckets = table.shape[0]
    row, tag = key % buckets, key // buckets + 1
    for slot in range(2):
        entry = table[row, slot]
        if entry >> 21 == tag:
            return (entry & 255) - 128, ((entry >> 8) & 255) - 128
    return NO_LOWER, NO_UPPER


@njit(cache=True)
def store(table: Table, key: int, lower: int, upper: int, work: int) -> None:
    """Record ``lower <= score <= upper`` for ``key`` (pass NO_LOWER / NO_UPPER for no bound),
    found by a search of ``work`` nodes."""
    buckets = table.shape[0]
    row, tag = key % buckets, key // buckets + 1
    size = 0  # the work's bit length, at most 31
    while work > 0 and size < 31:
        work >>= 1
        size += 1
    first = table[row, 0]
    if first >> 21 == tag:
        slot = 0
    elif table[row, 1] >> 21 == tag:
        slot = 1
    elif size >= (first >> 16) & 31:  # the new entry takes the first slot, the old one moves on
        table[row, 1] = first
        table[row, 0] = 0
        slot = 0
    else:
        slot = 1
        table[row, 1] = 0
    entry = table[row, slot]
    if entry != 0:
        lower = max(lower, (entry & 255) - 128)
        upper = min(upper, ((entry >> 8) & 255) - 128)
        size = max(size, (entry >> 16) & 31)
    table[row, slot] = (tag << 21) | (size << 16) | ((upper + 128) << 8) | (lower + 128)
