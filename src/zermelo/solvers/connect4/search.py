"""The solver's search: compiled negamax alpha-beta over bitboards, and the root's narrowing.

Scores follow the standard convention (see :mod:`zermelo.solvers.connect4.solver`): with ``n``
stones on a board of ``cells`` cells, a win by the next stone scores ``(cells + 1 - n) // 2``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.connect4.kernels import Geometry, canonical_key, safe_moves, winning_cells
from zermelo.solvers.connect4.sorter import order_moves
from zermelo.solvers.connect4.table import NO_LOWER, NO_UPPER, Table, probe, store

ETC_EMPTY = 13
"""By default enhanced transposition cut-offs are tried only with more empty cells than this,
where a search saved is worth the table probes."""
MIRROR_EMPTY = 22
"""By default a position with more empty cells than this shares its table entry with its
mirror image: there the subtrees are large enough to be worth the mirror image's cost."""

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


@njit(cache=True, inline="always")
def position_key(current: int, mask: int, n: int, shared_below: int, geo: Geometry) -> int:
    """The table's key of a position of ``n`` stones: below ``shared_below`` stones the
    canonical key, shared with the mirror image (the book's, and worth its cost where the
    subtrees are large); from there on ``current + mask``, which needs no mirror image."""
    if n < shared_below:
        return canonical_key(current, mask, geo[0], geo[3])
    return current + mask


FRAME = 9
"""Fields of a stack frame of :func:`negamax`: position, window, progress."""


@njit(cache=True, nogil=True)  # other threads (a web server's) run during a long solve
def negamax(current: int, mask: int, n: int, alpha: int, beta: int, geo: Geometry,
            table: Table, book: Book, columns: np.ndarray, moves: np.ndarray,
            frames: np.ndarray, etc_below: int, mirror_below: int, nodes: np.ndarray) -> int:
    """The score of a position where the side to move cannot win at once, within a window.

    Returns ``v``: if ``v <= alpha`` the true score is ``<= v``; if ``v >= beta`` it is
    ``>= v``; otherwise ``v`` is exact. The recursion runs on an explicit stack (a call per
    node cost more than the node's own work): row ``n`` of ``moves`` and of ``frames`` belongs
    to the node with ``n`` stones (its ordered moves; its position, window and progress).
    A node with one safe move neither probes nor stores: its child's entry holds the same
    bounds, negated. Enhanced transposition cut-offs are tried with fewer than ``etc_below``
    stones; with fewer than ``mirror_below`` (and in the book) a position shares its entry
    with its mirror image; ``nodes[0]`` counts the nodes. The search is abandoned (returning
    0 at once, storing nothing more) when ``nodes[0]`` passes ``nodes[1]`` (if positive) or
    when another thread sets ``nodes[2]``; ``nodes[2]`` is then 1 and the result meaningless.
    """
    root = n
    cells, width = geo[0] * geo[1], geo[0]
    shared = max(book[0] + 1, mirror_below)  # fewer stones: mirror images share an entry
    threats = -1  # the opponent's threats, when the parent's move ordering found them
    while True:  # enter the node (current, mask) of n stones with the window (alpha, beta)
        nodes[0] += 1
        if nodes[2] != 0 or (nodes[1] > 0 and nodes[0] > nodes[1]):
            nodes[2] = 1
            return 0
        value = NO_LOWER  # the node's result, once known without searching a child
        key = 0
        if threats < 0:
            threats = winning_cells(current ^ mask, mask, geo)
        safe = safe_moves(mask, threats, geo)
        if safe == 0:  # every move lets the opponent win with the next stone
            value = -((cells - n) // 2)
        elif n >= cells - 2:  # neither side can win with the last stones
            value = 0
        else:
            low = -((cells - 2 - n) // 2)  # the opponent cannot win with its next stone
            if alpha < low:
                alpha = low
            if alpha >= beta:
                value = alpha
            else:
                high = (cells - 1 - n) // 2  # nor can we with ours
                lower, upper = NO_LOWER, NO_UPPER
                if safe & (safe - 1) == 0 and n > book[0]:  # one move: its child's entry
                    key = -1  # tells what this node's would, so the table is left alone
                else:
                    key = position_key(current, mask, n, shared, geo)
                    lower, upper = probe(table, key)
                if upper < high:
                    high = upper
                if beta > high:
                    beta = high
                if alpha >= beta:
                    value = beta
                else:
                    if alpha < lower:
                        alpha = lower
                    if alpha >= beta:
                        value = alpha
                    elif n <= book[0]:
                        value = book_score(key, book)
            if value == NO_LOWER and key >= 0 and n < etc_below:  # enhanced transposition
                other = current ^ mask  # cut-off: a child's stored bound may refute the window
                rest = safe
                while rest:
                    m = rest & -rest
                    rest ^= m
                    child = position_key(other, mask | m, n + 1, shared, geo)
                    score = -probe(table, child)[1]  # the child's upper bound, our side
                    if score >= beta:
                        store(table, key, score, NO_UPPER, 1)
                        value = score
                        break
        if value == NO_LOWER:  # search the children, best first: push this node
            if key < 0:
                moves[n, 0] = safe
                count = 1
            else:
                count = order_moves(current, mask, safe, columns, moves, n, geo)
            frames[n, 0] = current
            frames[n, 1] = mask
            frames[n, 2] = alpha  # raised by the children's scores
            frames[n, 3] = beta
            frames[n, 4] = alpha  # as it was before the children
            frames[n, 5] = key
            frames[n, 6] = nodes[0]
            frames[n, 7] = count
            frames[n, 8] = 0  # the child being searched
            current, mask = current ^ mask, mask | moves[n, 0]
            threats = moves[n, 2 * width] if key >= 0 else -1
            alpha, beta = -beta, -alpha
            n += 1
            continue
        while True:  # hand the value to the parent, finishing every node it completes
            if n == root:
                return value
            n -= 1
            score = -value
            if score >= frames[n, 3]:
                if frames[n, 5] >= 0:
                    store(table, frames[n, 5], score, NO_UPPER, nodes[0] - frames[n, 6])
                value = score
                continue
            if score > frames[n, 2]:
                frames[n, 2] = score
            frames[n, 8] += 1
            if frames[n, 8] < frames[n, 7]:  # on to the next child
                current = frames[n, 0] ^ frames[n, 1]
                mask = frames[n, 1] | moves[n, frames[n, 8]]
                threats = moves[n, 2 * width + frames[n, 8]]
                alpha, beta = -frames[n, 3], -frames[n, 2]
                n += 1
                break
            value = frames[n, 2]
            if frames[n, 5] < 0:
                continue
            if value > frames[n, 4]:
                store(table, frames[n, 5], value, value, nodes[0] - frames[n, 6])
            else:
                store(table, frames[n, 5], NO_LOWER, value, nodes[0] - frames[n, 6])


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
