"""The one canonical form of a Three Musketeers position under the board's symmetries, shared by
the rules' key, the weak solver's table and the database's indexing.

A position's code is ``musketeers << size | enemies`` (bitboards over the ``size`` squares); its
canonical code is the smallest code over the board's symmetries (8 on a square board, 4 on a
rectangular one), with the side to move in the lowest bit. The symmetries are applied a byte at
a time through :func:`byte_tables` (one table per symmetry and byte of the board), so that the
same compiled function serves the rules in Python and the weak solver's kernels.

The database canonicalises the musketeer *placement* alone (to index the enemy sets of each
placement class by rank): its class representative is the smallest of
:func:`placement_images`, the first component of the same order, since ``m << size | e`` orders
first by ``m``.

>>> from zermelo.core.grid import Grid
>>> tables = byte_tables(Grid(5, 5))
>>> canonical_code(1 << 24, 1, 0, 25, tables) == canonical_code(1, 1 << 24, 0, 25, tables)
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.core.grid import Grid


def byte_tables(grid: Grid) -> np.ndarray:
    """``tables[s, c, b]``: the image under symmetry ``s`` of byte pattern ``b`` in byte ``c`` of
    a bitboard of ``grid`` (int64; the symmetries in :attr:`Grid.symmetries` order)."""
    chunks = (grid.size + 7) // 8
    tables = np.zeros((len(grid.symmetries), chunks, 256), dtype=np.int64)
    for s, perm in enumerate(grid.symmetries):
        for c in range(chunks):
            for pattern in range(256):
                image = 0
                for bit in range(8):
                    square = 8 * c + bit
                    if pattern >> bit & 1 and square < grid.size:
                        image |= 1 << perm[square]
                tables[s, c, pattern] = image
    return tables


@njit(cache=True, inline="always")
def permute(board: int, tables: np.ndarray, s: int) -> int:
    """The bitboard ``board`` mapped by symmetry ``s``."""
    out = 0
    c = 0
    while board:
        out |= tables[s, c, board & 255]
        board >>= 8
        c += 1
    return out


@njit(cache=True)
def canonical_code(m: int, e: int, side: int, size: int, tables: np.ndarray) -> int:
    """The smallest ``m << size | e`` over the symmetries, shifted left once, with ``side``."""
    best = -1
    for s in range(tables.shape[0]):
        code = (permute(m, tables, s) << size) | permute(e, tables, s)
        if best < 0 or code < best:
            best = code
    return (best << 1) | side


def placement_images(placement: int, tables: np.ndarray) -> list[int]:
    """The musketeer placement ``placement`` under each symmetry, in order."""
    return [int(permute(placement, tables, s)) for s in range(tables.shape[0])]
