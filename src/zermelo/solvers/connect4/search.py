"""The solver's search: compiled negamax alpha-beta over bitboards, and the root's narrowing.

Scores follow the standard convention (see :mod:`zermelo.solvers.connect4.solver`): with ``n``
stones on a board of ``cells`` cells, a win by the next stone scores ``(cells + 1 - n) // 2``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.connect4.kernels import Geometry, canonical_key, non_losing_moves
from zermelo.solvers.connect4.sorter import order_moves
from zermelo.solvers.connect4.table import NO_LOWER, NO_UPPER, Table, probe, store

ETC_EMPTY = 22
"""By default enhanced transposition cut-offs are tried only with more empty cells than this,
where a search saved is worth the table probes."""

Book = tuple[int, np.ndarray, np.ndarray]
"""``(depth, sorted keys, scores)`` of the opening book; depth -1 for none."""


@njit(cache=True)
def book_score(key: int, book: Book) -> int:
    """The book's score of the position of canonical key ``key``, or NO_LOWER if it is not
    there."""
    keys, scores = book[1], book[2]
    i = np.searchsorted(keys, key)
    if i < keys.size and keys[i] == key:
        return int(scores[i])
    return NO_LOWER


@njit(cache=True, nogil=True)  # other threads (a web server's) run during a long solve
def negamax(current: int, mask: int, n: int, alpha: int, beta: int, geo: Geometry,
            table: Table, book: Book, columns: np.ndarray, moves: np.ndarray,
            priorities: np.ndarray, etc_below: int, nodes: np.ndarray) -> int:
    """The score of a position where the side to move cannot win at once, within a window.

    Returns ``v``: if ``v <= alpha`` the true score is ``<= v``; if ``v >= beta`` it is
    ``>= v``; otherwise ``v`` is exact. ``moves`` and ``priorities`` hold one row of scratch
    space per stone count; enhanced transposition cut-offs are tried with fewer than
    ``etc_below`` stones; ``nodes[0]`` counts the calls. The search is abandoned (returning 0
    at once, storing nothing more) when ``nodes[0]`` passes ``nodes[1]`` (if positive) or when
    another thread sets ``nodes[2]``; ``nodes[2]`` is then 1 and the result meaningless.
    """
    nodes[0] += 1
    if nodes[2] != 0 or (nodes[1] > 0 and nodes[0] > nodes[1]):
        nodes[2] = 1
        return 0
    first_node = nodes[0]
    cells = geo[0] * geo[1]
    safe = non_losing_moves(current, mask, geo)
    if safe == 0:  # every move lets the opponent win with the next stone
        return -((cells - n) // 2)
    if n >= cells - 2:  # neither side can win with the last stones
        return 0
    low = -((cells - 2 - n) // 2)  # the opponent cannot win with its next stone
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = (cells - 1 - n) // 2  # nor can we with ours
    key = canonical_key(current, mask, geo[0], geo[3])  # mirror images share a score
    lower, upper = probe(table, key)
    if upper < high:
        high = upper
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta
    if alpha < lower:
        alpha = lower
        if alpha >= beta:
            return alpha
    if n <= book[0]:
        known = book_score(key, book)
        if known != NO_LOWER:
            return known
    if n < etc_below:  # enhanced transposition cut-off: a child's stored bound may
        other = current ^ mask  # already refute the window, so no child need be searched
        rest = safe
        while rest:
            m = rest & -rest
            rest ^= m
            child = canonical_key(other, mask | m, geo[0], geo[3])
            score = -probe(table, child)[1]  # the child's upper bound, from our side
            if score >= beta:
                store(table, key, score, NO_UPPER, 1)
                return score
    count = order_moves(current, mask, safe, columns, moves[n], priorities[n], geo)
    start = alpha
    for i in range(count):
        m = moves[n, i]
        score = -negamax(current ^ mask, mask | m, n + 1, -beta, -alpha, geo, table, book,
                         columns, moves, priorities, etc_below, nodes)
        if nodes[2] != 0:  # abandoned below: nothing found here may be stored
            return 0
        if score >= beta:
            store(table, key, score, NO_UPPER, nodes[0] - first_node)
            return score
        if score > alpha:
            alpha = score
    if alpha > start:
        store(table, key, alpha, alpha, nodes[0] - first_node)
    else:
        store(table, key, NO_LOWER, alpha, nodes[0] - first_node)
    return alpha


def _toward_zero_half(x: int) -> int:
    return -((-x) // 2) if x < 0 else x // 2


def next_probe(low: int, high: int) -> int:
    """The value the next null-window search tests, for a score known to lie in
    ``[low, high]``: halfway, but nearer to 0 first, since most positions are close to a
    draw."""
    probe = low + (high - low) // 2
    if probe <= 0 and _toward_zero_half(low) < probe:
        return _toward_zero_half(low)
    if probe >= 0 and _toward_zero_half(high) > probe:
        return _toward_zero_half(high)
    return probe
