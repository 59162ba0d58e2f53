"""Values of placing-phase positions by alpha-beta search into the sliding-phase tables.

Placing only empties the hands, so the placing phase is a tree of at most ``2 x stones`` plies
whose leaves (both hands empty) the ``endgame-K`` tables answer. This is how Gasser proved the
start of Nine Men's Morris a draw ("Solving Nine Men's Morris", Games of No Chance, 1996): an
18-ply alpha-beta search into the 28 databases of the sliding phase.

Scores speak for the side to move: 0 is a draw, ``WIN - d`` a win in ``d`` plies and
``-(WIN - d)`` a loss in ``d`` plies, so a greater score is a quicker win or a slower loss. A
child's score ``c`` is worth ``-c + sign(c)`` to its parent (a ply further); the search maps its
window through the inverse of that map, so a score keeps meaning the same whatever the path to
the position, and a transposition table keyed on the position up to symmetry keeps a lower and
an upper bound of it. A window of (-1, 1) asks win, draw or loss only, which needs far fewer
positions than the distance.

Before its moves are searched a node looks its children up in the table (an enhanced
transposition cutoff); moves are tried in the order: close a mill, block a mill, make two in a
line, points with more neighbours.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, typed

from zermelo.core.errors import OptionError
from zermelo.games.morris.kernels import MAX_MOVES, decode, generate, lost, play, popcount
from zermelo.games.morris.kernels import tables as kernel_tables
from zermelo.search.base import STOP, BudgetExhausted, remaining_budget, watched
from zermelo.solvers.morris.indexing import Indexing
from zermelo.solvers.morris.kernels import locate

WIN = 1000
"""The score of a win in no plies; a win in ``d`` plies scores ``WIN - d``."""
INF = 2 * WIN
"""Beyond every score: the edge of a full window."""
SLOTS_MIN = 1 << 10
"""The fewest transposition-table slots a search gets."""
SLOT_BYTES = 13
"""A slot's bytes: its key (8), its bounds (2 + 2) and its work (1)."""

DEFAULT_SECONDS = 10.0
"""A search's time when no budget is set."""
NO_LIMIT = 1 << 62
"""Nodes without a bound."""

NODES, LIMIT, STOPPED = 0, 1, STOP
"""Entries of a search's counter array: positions searched, the most allowed, and whether the
budget ran out (set by the search or by the watcher thread of
:func:`zermelo.search.base.watched`)."""


@njit(cache=True, inline="always")
def to_parent(c):  # type: ignore[no-untyped-def]
    """A child's score as its parent sees it (a ply further, the other side)."""
    if c > 0:
        return 1 - c
    if c < 0:
        return -c - 1
    return 0


@njit(cache=True, inline="always")
def to_child(p):  # type: ignore[no-untyped-def]
    """The child score whose parent score is ``p`` (the inverse of :func:`to_parent`), with
    the window's edges kept beyond every score."""
    if p >= INF:
        return -INF
    if p <= -INF:
        return INF
    if p > 0:
        return -(p + 1)
    if p < 0:
        return 1 - p
    return 0


@njit(cache=True, inline="always")
def score_of(code):  # type: ignore[no-untyped-def]
    """The score of a table code (see :mod:`zermelo.tablebase.retrograde`)."""
    if code == 0:
        return 0
    d = code - 1
    if d % 2 == 1:
        return WIN - d
    return -(WIN - d)


@njit(cache=True, inline="always")
def key_of(white, black, side, hw, hb, ix):  # type: ignore[no-untyped-def]
    """A position's key, the same for its symmetric copies (its index in its slice, with the
    stone counts and hands)."""
    class_of, sym_of, stab, free_at, syms, binom = ix[0], ix[1], ix[2], ix[3], ix[4], ix[5]
    m = popcount(white)
    index = locate(white, black, m, class_of, sym_of, stab, free_at, syms, binom)
    return (index | (m << 40) | (popcount(black) << 45) | (hw << 50) | (hb << 55)
            | (side << 60))


@njit(cache=True, inline="always")
def _slot(key, keys):  # type: ignore[no-untyped-def]
    """The slot holding ``key``, or -1 - the slot it would replace (the less worked of two)."""
    mask = keys.shape[0] - 1
    h = (key * 0x9E3779B97F4A7C15) & 0x7FFFFFFFFFFFFFFF
    a = (h >> 20) & mask
    b = a ^ 1
    if keys[a] == key:
        return a
    if keys[b] == key:
        return b
    return -1 - a


@njit(cache=True)
def _store(key, lo, hi, work, keys, lows, highs, works):  # type: ignore[no-untyped-def]
    """Keep bounds ``lo <= score <= hi`` of ``key``, replacing the less worked slot of two."""
    s = _slot(key, keys)
    if s < 0:
        a = -1 - s
        b = a ^ 1
        s = a
        if keys[a] != 0 and (keys[b] == 0 or works[b] < works[a]):
            s = b
        keys[s] = key
        lows[s] = -INF
        highs[s] = INF
    if lo > lows[s]:
        lows[s] = lo
    if hi < highs[s]:
        highs[s] = hi
    works[s] = work


@njit(cache=True)
def leaf(own, opp, lk):  # type: ignore[no-untyped-def]
    """The tables' score of a position with both hands empty (``own`` to move)."""
    class_of, sym_of, stab, free_at, syms, binom = lk[0], lk[1], lk[2], lk[3], lk[4], lk[5]
    where, offset, codes = lk[6], lk[7], lk[8]
    m = popcount(own)
    o = popcount(opp)
    index = locate(own, opp, m, class_of, sym_of, stab, free_at, syms, binom)
    return score_of(np.int64(codes[where[m, o]][offset[m, o] + index]))


@njit(cache=True)
def _priority(own, opp, move, t):  # type: ignore[no-untyped-def]
    """How early to try a placement: closing a mill, then blocking one, then making two in a
    line, then the point's neighbours."""
    neighbours, point_mills = t[0], t[1]
    _, to, take = decode(move)
    p = popcount(neighbours[to])
    if take >= 0:
        p += 1000
    bit = np.int64(1) << to
    for k in range(point_mills.shape[1]):
        mill = point_mills[to, k]
        if mill == 0:
            continue
        rest = mill ^ bit
        if opp & rest == rest:
            p += 100
        elif own & rest != 0 and opp & mill == 0:
            p += 10
    return p


@njit(cache=True)
def _order(own, opp, out, prio, n, t):  # type: ignore[no-untyped-def]
    """Sort the ``n`` moves in ``out`` by :func:`_priority`, the highest first."""
    for i in range(n):
        prio[i] = _priority(own, opp, out[i], t)
    for i in range(1, n):
        m, p = out[i], prio[i]
        j = i - 1
        while j >= 0 and prio[j] < p:
            out[j + 1] = out[j]
            prio[j + 1] = prio[j]
            j -= 1
        out[j + 1] = m
        prio[j + 1] = p


@njit(cache=True, nogil=True)  # a watcher thread runs beside it
def search(white, black, side, hw, hb, alpha, beta, flying, t, lk, tt, buf, prio,  # type: ignore[no-untyped-def]
           counter):
    """The score of a placing position for the side to move if it lies in the window
    (``alpha``, ``beta``); else a bound on the far side of the window's edge it passed."""
    own = black if side else white
    opp = white if side else black
    hand = hb if side else hw
    if lost(own, opp, hand, t):
        return -WIN
    if hw == 0 and hb == 0:
        return leaf(own, opp, lk)
    counter[NODES] += 1
    if counter[NODES] > counter[LIMIT]:
        counter[STOPPED] = 1
    if counter[STOPPED]:
        return 0
    ix, keys, lows, highs, works = tt[0], tt[1], tt[2], tt[3], tt[4]
    key = key_of(white, black, side, hw, hb, ix)
    s = _slot(key, keys)
    if s >= 0:
        if lows[s] >= beta:
            return lows[s]
        if highs[s] <= alpha:
            return highs[s]
        if lows[s] == highs[s]:
            return lows[s]
        alpha = max(alpha, lows[s] - 1)
        beta = min(beta, highs[s] + 1)
    depth = hw + hb
    out = buf[depth]
    n = generate(own, opp, hand, flying, t, out)
    if n == 0:
        return -WIN
    order = prio[depth]
    for i in range(n):  # enhanced transposition cutoff: a child's bound may decide at once
        w, b, sd, h1, h2 = play(white, black, side, hw, hb, out[i])
        if h1 == 0 and h2 == 0:
            continue
        c = _slot(key_of(w, b, sd, h1, h2, ix), keys)
        if c >= 0 and to_parent(highs[c]) >= beta:
            return to_parent(highs[c])
    _order(own, opp, out, order, n, t)
    best = -INF
    a = alpha
    for i in range(n):
        w, b, sd, h1, h2 = play(white, black, side, hw, hb, out[i])
        c = search(w, b, sd, h1, h2, to_child(beta), to_child(a), flying, t, lk, tt, buf, prio,
                   counter)
        if counter[STOPPED]:
            return 0
        v = to_parent(c)
        if v > best:
            best = v
            if v > a:
                a = v
                if a >= beta:
                    break
    lo = best if best > alpha else -INF
    hi = best if best < beta else INF
    _store(key, lo, hi, depth, keys, lows, highs, works)
    return best


@dataclass(frozen=True)
class Outcome:
    """What a search found: the score (exact in its window), whether it is exact or only a
    bound, and the positions it searched."""

    score: int
    exact: bool
    nodes: int
    seconds: float

    @property
    def result(self) -> int:
        """1 the side to move wins, 0 draw, -1 it loses."""
        return (self.score > 0) - (self.score < 0)

    @property
    def plies(self) -> int | None:
        """The distance to the end in plies (None for a draw)."""
        return None if self.score == 0 else WIN - abs(self.score)


class PlacingSearch:
    """Searches placing positions of one variant into its sliding-phase tables."""

    def __init__(self, ix: Indexing, flying: bool, tables: dict[tuple[int, int], tuple[Any, int]],
                 memory: int = 64 << 20) -> None:
        """``tables[m, o]``: the code array holding slice ``(m, o, 0, 0)`` and its offset
        there; ``memory``: the transposition table's bytes."""
        board = ix.geometry.board
        if board.size > 40 or board.stones > 31:
            raise OptionError(f"{board.name}: too large a board for the placing search")
        self.flying = flying
        self.memory = memory
        self.t = kernel_tables(board)
        top = ix.class_of.shape[0]
        where = np.zeros((top, top), np.int64)
        offset = np.zeros((top, top), np.int64)
        arrays: list[npt.NDArray[np.uint8]] = []
        for (m, o), (codes, at) in sorted(tables.items()):
            where[m, o] = len(arrays)
            offset[m, o] = at
            arrays.append(np.asarray(codes))
        self.index = (ix.class_of, ix.sym_of, ix.stab, ix.free_at, ix.syms, ix.binom)
        self.lookup = (*self.index, where, offset, typed.List(arrays))
        slots = SLOTS_MIN
        while slots * 2 * SLOT_BYTES <= memory:
            slots *= 2
        self.keys = np.zeros(slots, np.int64)
        self.lows = np.zeros(slots, np.int16)  # zeros: pages are given as the table fills
        self.highs = np.zeros(slots, np.int16)
        self.works = np.zeros(slots, np.uint8)
        rows = 2 * board.stones + 1
        self.buf = np.zeros((rows, MAX_MOVES), np.int64)
        self.prio = np.zeros((rows, MAX_MOVES), np.int64)
        self._run((0, 0, 0, 0, 0), (-INF, INF), np.zeros(3, np.int64))  # compile now

    def _run(self, plain: tuple[int, int, int, int, int], window: tuple[int, int],
             counter: npt.NDArray[np.int64]) -> int:
        """:func:`search` called with the types it is compiled for."""
        w, b, side, hw, hb = (np.int64(x) for x in plain)
        tt = (self.index, self.keys, self.lows, self.highs, self.works)
        return int(search(w, b, side, hw, hb, np.int64(window[0]), np.int64(window[1]),
                          self.flying, self.t, self.lookup, tt, self.buf, self.prio, counter))

    def score(self, white: int, black: int, side: int, hw: int, hb: int,
              window: tuple[int, int] = (-INF, INF),
              listener: Callable[[int], None] | None = None) -> Outcome:
        """The search's score of a plain position in ``window`` within the current search
        budget (:func:`zermelo.search.base.budget`; :data:`DEFAULT_SECONDS` if none is set);
        :class:`BudgetExhausted` if it runs out first. ``listener`` is told the positions
        searched so far 50 times a second and at the end (a long search's progress)."""
        nodes, seconds = remaining_budget()
        if nodes is None and seconds is None:
            seconds = DEFAULT_SECONDS
        counter = np.array([0, NO_LIMIT if nodes is None else nodes, 0], np.int64)
        started = time.perf_counter()
        with watched(counter, seconds, listener=listener):
            score = self._run((white, black, side, hw, hb), window, counter)
        spent = time.perf_counter() - started
        if counter[STOPPED]:
            raise BudgetExhausted(f"the placing search stopped at its budget "
                                  f"({int(counter[NODES]):,} positions, {spent:.1f} s)")
        return Outcome(score, window[0] < score < window[1], int(counter[NODES]), spent)
