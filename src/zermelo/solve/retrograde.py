"""Retrograde analysis of a game graph with cycles: win, loss or draw and the distance in plies.

A game hands the solver one unit of work at a time (for Morris, the positions with given stone
counts): the unit's positions are numbered ``0..n-1``, and for each the game gives

* ``succ_count[u]`` — how many of its moves lead to a position of the unit;
* the predecessors of each position inside the unit, as a CSR pair ``pred_ptr``/``pred_idx``
  (built by the game in two passes over its successor generator, so no edge list is held);
* ``exit_code[u]`` — the best value ``u`` reaches through moves leaving the unit (to finished
  units or to the end of the game), already seen from ``u``, or :data:`NONE`.

Values are one byte (a *code*): 0 is a draw, ``d + 1`` means the side to move reaches the end in
``d`` plies — a win if ``d`` is odd, a loss if ``d`` is even (a side to move without a move has
lost: ``d = 0``). The winner wins as fast as it can, the loser loses as slowly as it can. The
solver fixes positions level by level: at level ``d`` every position whose value is decided in
``d`` plies; a position losing through its last undecided move waits until its slowest exit.
Positions never decided are draws (the play can be kept in a cycle forever).

>>> import numpy as np
>>> # 0 -> 1 -> 2 (no move) and 3 <-> 4: 2 has lost, 1 wins in 1, 0 loses in 2, 3 and 4 draw
>>> succ, ptr = np.array([1, 1, 0, 1, 1]), np.array([0, 0, 1, 2, 3, 4])
>>> codes = solve_graph(succ, ptr, np.array([0, 1, 4, 3]), np.full(5, NONE, np.uint8))
>>> [describe(int(c)) for c in codes]
[(-1, 2), (1, 1), (-1, 0), (0, None), (0, None)]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from zermelo.core.errors import DataError

DRAW = 0
"""The code of a draw."""
NONE = 255
"""Not a value: no move leaves the unit (as an ``exit_code``)."""
MAX_PLIES = 253
"""The longest distance a code holds; a longer one is refused, never wrapped."""
_OPEN = -1

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]


@njit(cache=True, inline="always")
def from_child(code):  # type: ignore[no-untyped-def]
    """A move's value for the mover, from the code of the position it leads to: one ply
    further from the end (a loss for the child's mover is a win for the parent), a draw stays."""
    if code in (DRAW, NONE):
        return code
    return code + 1


@njit(cache=True, inline="always")
def preference(code):  # type: ignore[no-untyped-def]
    """A key that grows with how much the side to move likes a code: a sooner win, then a
    draw, then a later loss; :data:`NONE` below everything."""
    if code == NONE:
        return -1000
    if code == DRAW:
        return 0
    d = code - 1
    return 500 - d if d % 2 == 1 else -500 + d


@njit(cache=True)
def _solve(succ_count, pred_ptr, pred_idx, exit_code, levels):  # type: ignore[no-untyped-def]
    n = succ_count.size
    remaining = succ_count.astype(np.int32)
    dist = np.full(n, _OPEN, np.int32)
    # two bucket queues as linked lists: exits promising a win (tentative), and fixed values
    head_t = np.full(levels, -1, np.int64)
    head_f = np.full(levels, -1, np.int64)
    next_t = np.full(n, -1, np.int64)
    next_f = np.full(n, -1, np.int64)
    overflow = False
    for u in range(n):
        e = exit_code[u]
        if e != NONE and e != DRAW and (e - 1) % 2 == 1:  # a move leaving the unit wins
            next_t[u] = head_t[e - 1]
            head_t[e - 1] = u
        elif remaining[u] == 0:
            if e == DRAW:
                dist[u] = levels  # decided: a draw, never enqueued
            else:
                d = 0 if e == NONE else e - 1
                dist[u] = d
                next_f[u] = head_f[d]
                head_f[d] = u
    for d in range(levels):
        u = head_t[d]
        while u >= 0:
            if dist[u] == _OPEN:
                dist[u] = d
                next_f[u] = head_f[d]
                head_f[d] = u
            u = next_t[u]
        v = head_f[d]
        while v >= 0:
            won = d % 2 == 1
            for k in range(pred_ptr[v], pred_ptr[v + 1]):
                u = pred_idx[k]
                if dist[u] != _OPEN:
                    continue
                if not won:  # v lost: u wins through it
                    if d + 1 >= levels:
                        overflow = True
                        continue
                    dist[u] = d + 1
                    next_f[u] = head_f[d + 1]
                    head_f[d + 1] = u
                    continue
                remaining[u] -= 1
                if remaining[u] > 0:
                    continue
                e = exit_code[u]
                if e == DRAW:
                    dist[u] = levels
                    continue
                late = d + 1
                if e != NONE and e - 1 > late:
                    late = e - 1
                if late >= levels:
                    overflow = True
                    continue
                dist[u] = late
                next_f[u] = head_f[late]
                head_f[late] = u
            v = next_f[v]
    out = np.zeros(n, np.uint8)
    for u in range(n):
        if 0 <= dist[u] < levels:
            out[u] = dist[u] + 1
    return out, overflow


def solve_graph(succ_count: npt.NDArray[np.integer], pred_ptr: npt.NDArray[np.integer],
                pred_idx: npt.NDArray[np.integer], exit_code: U8) -> U8:
    """The code of every position of a unit (see the module docstring for the inputs);
    :class:`~zermelo.core.errors.DataError` if a distance exceeds :data:`MAX_PLIES`."""
    n = len(succ_count)
    if len(pred_ptr) != n + 1 or len(exit_code) != n or pred_ptr[-1] != len(pred_idx):
        raise DataError(f"a graph of {n} positions needs {n + 1} offsets and {n} exit codes")
    codes, overflow = _solve(np.asarray(succ_count), np.asarray(pred_ptr, np.int64),
                             np.asarray(pred_idx), np.asarray(exit_code, np.uint8),
                             MAX_PLIES + 1)
    if overflow:
        raise DataError(f"a distance beyond {MAX_PLIES} plies: the one-byte codes cannot hold it")
    return np.asarray(codes, np.uint8)


def describe(code: int) -> tuple[int, int | None]:
    """``(outcome, plies)`` of a code for the side to move: outcome 1 win, 0 draw, -1 loss."""
    if code == DRAW:
        return 0, None
    if not 1 <= code <= MAX_PLIES + 1:
        raise DataError(f"{code} is not a value code")
    d = code - 1
    return (1 if d % 2 else -1), d
