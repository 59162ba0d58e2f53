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
                out: np.ndarray, priorities: np.ndarray, geo: Geometry) -> int:
    """Write the cells of ``candidates`` (one per column) into ``out``, best first; return how
    many. An insertion sort on a handful of moves, stable so ties stay centre first;
    ``priorities`` is scratch space as long as ``out``."""
    h, s = geo[1], geo[3]
    column_bits = (1 << h) - 1
    n = 0
    for c in columns:
        m = candidates & (column_bits << (c * s))
        if m:
            p = popcount(winning_cells(current | m, mask | m, geo))
            j = n
            while j > 0 and priorities[j - 1] < p:
                out[j] = out[j - 1]
                priorities[j] = priorities[j - 1]
                j -= 1
            out[j] = m
            priorities[j] = p
            n += 1
    return n
