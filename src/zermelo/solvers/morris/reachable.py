"""Every position reachable from the start of a Morris variant, with its value from the tables.

A raw position is the board, the side to move and the stones in hand of each side (symmetric
copies counted apart); a removal is part of the move that closes the mill. The walk is
breadth-first, compiled, over the game's own kernels (``generate``, ``play``, ``lost``): one ply
a level, each level a sweep of the positions the last one reached. Positions where the game is
over (the side to move has too few stones, cannot move, or faces three in a row on the Three
Men's Morris board) are counted but not walked from, as the published counts of Six Men's Morris
count them.

Memory is three bitmaps over the raw positions of every stone count the walk can meet: a
*block* per ``(m, o, mh, oh, side)`` (the side to move's stones on the board and in hand, the
other's, who moves), holding bit ``rank(mover) * C(points - m, o) + rank(opp among the points
the mover leaves empty)``, colex ranks. Six Men's Morris needs 3 x 8.8 MB.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt
from numba import njit, typed

from zermelo.core.errors import OptionError
from zermelo.games.morris.kernels import MAX_MOVES, generate, lost, play, popcount
from zermelo.games.morris.kernels import tables as kernel_tables
from zermelo.games.morris.rules import Position
from zermelo.solvers.morris.database import Database, unit_name
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.kernels import compress, expand, locate, rank, unrank

Block = tuple[int, int, int, int, int]
"""``(m, o, mh, oh, side)``: the raw positions of one stone count and side to move."""

WALK_MEMORY = 2 << 30
"""The most bytes the walk's bitmaps may take: boards beyond it are refused."""

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]


def blocks(geometry: Geometry) -> list[Block]:
    """The blocks a walk from the start can meet: the stone counts moves lead to from the
    start, a count where the side to move has lost included (it is met, not walked from); the
    side to move is White while the hands are equal, Black with one stone more in hand, either
    once both hands are empty."""
    board = geometry.board
    start = (0, 0, board.stones, board.stones)
    seen, todo = {start}, [start]
    while todo:
        m, o, mh, oh = todo.pop()
        if m + mh < board.min_stones:
            continue  # the side to move has lost: no move leaves it
        p = 1 if mh else 0
        children = [(o, m + p, oh, mh - p)] if m + p + o <= board.size else []
        if o >= 1 and m + p >= 3 and not board.mill_wins:
            children.append((o - 1, m + p, oh, mh - p))
        for child in children:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    out: list[Block] = []
    for m, o, mh, oh in sorted(seen):
        sides = (0, 1) if mh == oh == 0 else (0,) if mh == oh else (1,)
        out += [(m, o, mh, oh, side) for side in sides]
    return out


def block_bits(geometry: Geometry, block: Block) -> int:
    """The raw positions of a block."""
    n = geometry.points
    return comb(n, block[0]) * comb(n - block[0], block[1])


def walk_bytes(geometry: Geometry) -> int:
    """What the walk's three bitmaps take (each block rounded up to whole 64-bit words)."""
    return 3 * 8 * sum(-(-block_bits(geometry, b) // 64) for b in blocks(geometry))


def check_walkable(geometry: Geometry) -> None:
    """Refuse (:class:`OptionError`) a variant whose bitmaps exceed :data:`WALK_MEMORY`."""
    need = walk_bytes(geometry)
    if need > WALK_MEMORY:
        raise OptionError(f"{geometry.name}: walking every reachable position takes "
                          f"{need / 2**30:,.1f} GiB of bitmaps, more than "
                          f"{WALK_MEMORY / 2**30:.0f} GiB (six and three are walkable)")


@dataclass(frozen=True)
class Reachable:
    """The positions reachable from the start, by value for the side to move."""

    positions: int
    over: int
    """Positions where the game is over (the side to move has lost before moving)."""
    placing: int
    """Positions with stones in hand."""
    wins: int
    draws: int
    losses: int
    """Losses of the side to move, the positions where the game is over included."""
    longest_win: int | None
    """The longest forced win in plies (a removal is part of its move)."""
    longest_position: Position | None
    """The first position in the walk's order with that win."""
    depth: int
    """Plies from the start to the positions reached last."""
    seconds: float


class Walk:
    """The bitmaps and tables of one walk over a variant whose full database is built."""

    def __init__(self, database: Database) -> None:
        plan = database.plan
        geometry = plan.geometry
        if geometry.board.stones not in plan.starts():
            raise OptionError(f"{geometry.name}: the reachable positions need the full "
                              f"database (this one is {plan.scope})")
        check_walkable(geometry)
        self.database = database
        self.geometry = geometry
        board = geometry.board
        top = board.stones + 1
        self.blocks = blocks(geometry)
        self.offsets = np.full((top, top, top, top, 2), -1, np.int64)
        self.meta = np.zeros((len(self.blocks), 7), np.int64)
        at = 0
        for i, b in enumerate(self.blocks):
            self.offsets[b] = at
            self.meta[i] = (*b, at, block_bits(geometry, b))
            at += -(-block_bits(geometry, b) // 64) * 64
        self.words = at // 64
        ix = plan.ix
        self.binom = ix.binom
        self.t = kernel_tables(board)
        self.where = np.full((top, top, top, top), -1, np.int64)
        self.base = np.zeros((top, top, top, top), np.int64)
        names = sorted({unit_name(s) for s in plan.slices})
        for s in plan.slices:
            self.where[s] = names.index(unit_name(s))
            self.base[s] = plan.offset[s]
        codes = typed.List([np.asarray(database.table(name)) for name in names])
        self.tables = (self.where, self.base, ix.class_of, ix.sym_of, ix.stab, ix.free_at,
                       ix.syms, codes)

    def run(self, progress: Callable[[int, int], None] | None = None) -> Reachable:
        """Walk from the start, valuing every position reached; ``progress`` is told the plies
        walked and the positions reached after each level."""
        started = time.perf_counter()
        seen = np.zeros(self.words, np.uint64)
        frontier = np.zeros(self.words, np.uint64)
        following = np.zeros(self.words, np.uint64)
        board = self.geometry.board
        start = (np.int64(0), np.int64(0), np.int64(0), np.int64(board.stones),
                 np.int64(board.stones))
        _mark(*start, self.offsets, self.binom, board.size, seen, frontier)
        total, depth = 1, 0
        buf = np.zeros(MAX_MOVES, np.int64)
        hist = np.zeros(256, np.int64)
        counts = np.zeros(2, np.int64)
        best = np.zeros(6, np.int64)
        while True:
            new = _level(frontier, seen, following, self.meta, self.offsets, self.binom,
                         board.size, self.geometry.flying, self.t, self.tables, buf,
                         (hist, counts, best))
            if new == 0:
                break
            total += new
            depth += 1
            if progress is not None:
                progress(depth, total)
            frontier, following = following, frontier
            following[:] = 0
        wins = int(hist[2::2].sum())
        longest = None if best[0] == 0 else int(best[0]) - 1
        white, black, side, hw, hb = (int(x) for x in best[1:])
        position = None if longest is None else Position(white, black, side, hw, hb)
        return Reachable(total, int(counts[0]), int(counts[1]), wins, int(hist[0]),
                         total - wins - int(hist[0]), longest, position, depth,
                         time.perf_counter() - started)


@njit(cache=True, inline="always")
def _bit(white, black, side, hw, hb, offsets, binom, n):  # type: ignore[no-untyped-def]
    """The bit of a raw position in the bitmaps."""
    own = black if side else white
    opp = white if side else black
    m = popcount(own)
    o = popcount(opp)
    mh = hb if side else hw
    oh = hw if side else hb
    at = offsets[m, o, mh, oh, side]
    return at + rank(own, binom) * binom[n - m, o] + rank(compress(opp, own, n), binom)


@njit(cache=True)
def _mark(white, black, side, hw, hb, offsets, binom, n, seen, frontier):  # type: ignore[no-untyped-def]
    """Mark one position seen and in the frontier (the start)."""
    bit = _bit(white, black, side, hw, hb, offsets, binom, n)
    one = np.uint64(1) << np.uint64(bit & 63)
    seen[bit >> 6] |= one
    frontier[bit >> 6] |= one


@njit(cache=True, inline="always")
def _position(meta_row, index, binom, n):  # type: ignore[no-untyped-def]
    """``(white, black, side, hw, hb)`` of entry ``index`` of a block."""
    m, o, mh, oh, side = meta_row[0], meta_row[1], meta_row[2], meta_row[3], meta_row[4]
    per = binom[n - m, o]
    q = index // per
    own = unrank(q, m, binom)
    opp = expand(unrank(index - q * per, o, binom), own, n)
    if side:
        return opp, own, side, oh, mh
    return own, opp, side, mh, oh


@njit(cache=True)
def _level(frontier, seen, following, meta, offsets, binom, n, flying, t, tables, buf,  # type: ignore[no-untyped-def]
           tally):
    """Value every frontier position and play its moves; mark the positions not seen before
    in ``seen`` and ``following``; return how many. ``tally`` gathers the values: positions per
    table code (a finished game's code is a loss in 0 plies), the finished games and the
    placing positions, and the first position met of the longest win (code, white, black,
    side, hw, hb)."""
    where, base, class_of, sym_of, stab, free_at, syms, codes = tables
    hist, counts, best = tally
    new = 0
    for b in range(meta.shape[0]):
        start, size = meta[b, 5], meta[b, 6]
        m, o, mh, oh = meta[b, 0], meta[b, 1], meta[b, 2], meta[b, 3]
        for w in range(start >> 6, (start + size + 63) >> 6):
            word = frontier[w]
            while word:
                low = word & (~word + np.uint64(1))
                k = np.int64(popcount(np.int64(low - np.uint64(1))))
                word ^= low
                white, black, side, hw, hb = _position(meta[b], (w << 6) + k - start, binom, n)
                own = black if side else white
                opp = white if side else black
                if mh or oh:
                    counts[1] += 1
                count = 0 if lost(own, opp, mh, t) else generate(own, opp, mh, flying, t, buf)
                if count == 0:
                    counts[0] += 1
                    hist[1] += 1
                    continue
                index = locate(own, opp, m, class_of, sym_of, stab, free_at, syms, binom)
                code = np.int64(codes[where[m, o, mh, oh]][base[m, o, mh, oh] + index])
                hist[code] += 1
                if code % 2 == 0 and code > best[0]:
                    best[0] = code
                    best[1], best[2], best[3], best[4], best[5] = white, black, side, hw, hb
                for i in range(count):
                    cw, cb, cs, ch1, ch2 = play(white, black, side, hw, hb, buf[i])
                    bit = _bit(cw, cb, cs, ch1, ch2, offsets, binom, n)
                    one = np.uint64(1) << np.uint64(bit & 63)
                    if seen[bit >> 6] & one == 0:
                        seen[bit >> 6] |= one
                        following[bit >> 6] |= one
                        new += 1
    return new
