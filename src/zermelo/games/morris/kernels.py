"""Compiled Morris primitives over bitboards: mills, removable stones, move generation, perft.

Point ``p`` is bit ``p`` of an int64 per side. A board enters the kernels as the tuple
:func:`tables` builds; a move as one int (:func:`encode`). The pure-Python rules
(:meth:`zermelo.games.morris.rules.Morris.moves_of`, :func:`zermelo.games.morris.rules.perft`)
are the readable reference these kernels are tested against, move for move. The kernels know
the plain rules only: the draw rules (move limit, repetition) stay in the Python state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.morris.boards import Board

MAX_MOVES = 1024
"""More than any position has (a flying side: 3 stones x 21 points x 9 removals)."""
MAX_MILLS_PER_POINT = 4


def tables(board: Board):
    """``(neighbours, point_mills, mills, full, remove_all, mill_wins, min_stones)``: the
    board as the kernels read it (``point_mills[p]`` padded with zeros)."""
    point_mills = np.zeros((board.size, MAX_MILLS_PER_POINT), dtype=np.int64)
    for p, masks in enumerate(board.point_mills):
        point_mills[p, :len(masks)] = masks
    return (np.array(board.neighbours, dtype=np.int64), point_mills,
            np.array(board.mill_masks, dtype=np.int64), np.int64(board.full),
            board.remove_when_all_in_mills, board.mill_wins, board.min_stones)


@njit(cache=True, inline="always")
def encode(frm, to, take):
    """One int for a move: ``frm + 1 | to << 5 | take + 1 << 10`` (-1: none)."""
    return (frm + 1) | (to << 5) | ((take + 1) << 10)


@njit(cache=True, inline="always")
def decode(move):
    """``(frm, to, take)`` of an encoded move (-1: none)."""
    return (move & 31) - 1, (move >> 5) & 31, ((move >> 10) & 31) - 1


@njit(cache=True)
def popcount(x):
    """The number of set bits of a non-negative int64."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def low_index(x):
    """The number of the lowest set bit of ``x`` (non-zero)."""
    return popcount((x & -x) - 1)


@njit(cache=True)
def in_mill(stones, p, point_mills):
    """Whether ``p`` stands in a mill of ``stones``."""
    for k in range(point_mills.shape[1]):
        m = point_mills[p, k]
        if m != 0 and stones & m == m:
            return True
    return False


@njit(cache=True)
def has_mill(stones, mills):
    """Whether ``stones`` hold any mill."""
    found = False
    for m in mills:
        found |= stones & m == m
    return found


@njit(cache=True)
def removable(opp, point_mills, remove_all):
    """The opponent stones a mill may remove: those not in a mill; all of them (``remove_all``)
    or none when every one stands in a mill."""
    free = 0
    rest = opp
    while rest:
        q = low_index(rest)
        rest &= rest - 1
        if not in_mill(opp, q, point_mills):
            free |= 1 << q
    if free == 0 and remove_all:
        return opp
    return free


@njit(cache=True, inline="always")
def _emit(frm, to, after, free, point_mills, mill_wins, out, n):
    """Write the move ``frm-to`` (once per stone ``free`` offers if it closes a mill)."""
    if mill_wins or free == 0 or not in_mill(after, to, point_mills):
        out[n] = encode(frm, to, -1)
        return n + 1
    rest = free
    while rest:
        out[n] = encode(frm, to, low_index(rest))
        rest &= rest - 1
        n += 1
    return n


@njit(cache=True)
def generate(own, opp, hand, flying, t, out):
    """Write the moves of the side owning ``own`` into ``out`` in the rules' order (placements
    or moves by point, then removals by point); return how many."""
    neighbours, point_mills, full, remove_all, mill_wins = t[0], t[1], t[3], t[4], t[5]
    empty = full & ~(own | opp)
    free = removable(opp, point_mills, remove_all)
    n = 0
    if hand > 0:
        rest = empty
        while rest:
            to = low_index(rest)
            rest &= rest - 1
            n = _emit(-1, to, own | (1 << to), free, point_mills, mill_wins, out, n)
        return n
    flies = flying and popcount(own) == 3
    stones = own
    while stones:
        frm = low_index(stones)
        stones &= stones - 1
        rest = empty if flies else neighbours[frm] & empty
        while rest:
            to = low_index(rest)
            rest &= rest - 1
            n = _emit(frm, to, (own ^ (1 << frm)) | (1 << to), free, point_mills, mill_wins,
                      out, n)
    return n


@njit(cache=True)
def unmoves(moved, other, flying, t, out):
    """Write the stones the side that just moved had before each plain move (a slide, or a
    flight with three stones, that removed nothing and won nothing) leaving ``moved`` beside
    ``other``; return how many. The inverse of :func:`generate` with no stones in hand: the
    retrograde solver walks it back from decided positions (tested against :func:`generate`)."""
    neighbours, point_mills, full, remove_all, mill_wins = t[0], t[1], t[3], t[4], t[5]
    if lost(moved, other, 0, t):  # before it, the side that moved had lost already
        return 0
    free = removable(other, point_mills, remove_all)
    empty = full & ~(moved | other)
    flies = flying and popcount(moved) == 3
    n = 0
    stones = moved
    while stones:
        to = low_index(stones)
        stones &= stones - 1
        if in_mill(moved, to, point_mills) and (mill_wins or free != 0):
            continue  # arriving there closed a mill: it removed a stone or won
        rest = empty if flies else neighbours[to] & empty
        while rest:
            frm = low_index(rest)
            rest &= rest - 1
            out[n] = (moved ^ (1 << to)) | (1 << frm)
            n += 1
    return n


@njit(cache=True)
def lost(own, opp, hand, t):
    """Whether the side owning ``own`` has lost before moving: too few stones, or (Three Men's
    Morris) the opponent has three in a row. Having no move is checked by the caller."""
    return popcount(own) + hand < t[6] or (t[5] and has_mill(opp, t[2]))


@njit(cache=True)
def play(white, black, side, hw, hb, move):
    """The plain position after an encoded ``move``: ``(white, black, side, hw, hb)``."""
    frm, to, take = decode(move)
    own = black if side else white
    opp = white if side else black
    if frm >= 0:
        own ^= 1 << frm
    else:
        if side:
            hb -= 1
        else:
            hw -= 1
    own |= 1 << to
    if take >= 0:
        opp ^= 1 << take
    if side:
        return opp, own, 0, hw, hb
    return own, opp, 1, hw, hb


@njit(cache=True)
def perft(white, black, side, hw, hb, depth, split, flying, t, buf):
    """The number of move sequences of ``depth`` plies; with ``split`` a removal is a ply of
    its own (as OpenSpiel counts). ``buf`` is scratch of shape ``(depth + 1, MAX_MOVES)``."""
    if depth == 0:
        return 1
    own = black if side else white
    opp = white if side else black
    hand = hb if side else hw
    if lost(own, opp, hand, t):
        return 0
    out = buf[depth]
    n = generate(own, opp, hand, flying, t, out)
    if depth == 1:
        if not split:
            return n
        groups = 0  # a stone's move counts once, whatever it removes
        for i in range(n):
            if i == 0 or (out[i - 1] & 1023) != (out[i] & 1023):
                groups += 1
        return groups
    total = 0
    for i in range(n):
        m = out[i]
        rest = depth - 1
        if split and (m >> 10) != 0:
            rest = depth - 2
        if rest == 0:
            total += 1
            continue
        w, b, s, h1, h2 = play(white, black, side, hw, hb, m)
        total += perft(w, b, s, h1, h2, rest, split, flying, t, buf)
    return total


def perft_of(board: Board, position: tuple[int, int, int, int, int], depth: int,
             split: bool, flying: bool) -> int:
    """:func:`perft` of a plain position ``(white, black, side, hw, hb)`` (compiles once)."""
    buf = np.zeros((depth + 1, MAX_MOVES), dtype=np.int64)
    w, b, s, hw, hb = position
    return int(perft(np.int64(w), np.int64(b), s, hw, hb, depth, split, flying,
                     tables(board), buf))
