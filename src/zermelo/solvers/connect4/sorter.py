"""Move ordering for the solver: most new threats first, then columns from the centre out.

A move's priority is the number of cells where, after it, the mover would complete a line
(its threats). Ties keep the centre-first order, which matters most on an empty board.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.connect4.kernels import Geometry, popcount, winning_cells


def centre_first(width: int) -> np.ndarray:
    """Column indices ordered from the centre outwards, left before right at equal distance."""
    return np.array(sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c)), np.int64)


@njit(cache=True)
def order_moves(current: int, mask: int, candidates: int, columns: np.ndarray,
                moves: np.ndarray, row: int, geo: Geometry) -> int:
    """Write the cells of ``candidates`` (one per column) into ``moves[row, :count]``, best
    first, and the mover's threats after each into ``moves[row, 2 * width:][:count]``; return
    ``count``. An insertion sort on a handful of moves, stable so ties stay centre first; the
    middle third of the row is scratch space for the priorities. The row is named, not passed
    as a slice: a slice is an array object to count references to at every node."""
    h, s, width = geo[1], geo[3], geo[0]
    column_bits = (1 << h) - 1
    n = 0
    for i in range(columns.size):  # by index: an iterator is one more object to count
        c = columns[i]
        m = candidates & (column_bits << (c * s))
        if m:
            threats = winning_cells(current | m, mask | m, geo)
            p = popcount(threats)
            j = n
            while j > 0 and moves[row, width + j - 1] < p:
                moves[row, j] = moves[row, j - 1]
                moves[row, width + j] = moves[row, width + j - 1]
                moves[row, 2 * width + j] = moves[row, 2 * width + j - 1]
                j -= 1
            moves[row, j] = m
            moves[row, width + j] = p
            moves[row, 2 * width + j] = threats
            n += 1
    return n
