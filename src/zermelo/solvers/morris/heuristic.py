"""Static estimates of Morris positions, compiled: the two of an article on the 23-point board,
and a stronger one of ours.

The article ("Let's see how Artificial Intelligence forms the core of the Nine Men's Morris
game", no author named) gives two estimates, each speaking for White whoever is to move: in the
opening ``W - B`` (stones on the board); in the mid and endgame Black with at most 2 stones
gives 10000, White with at most 2 gives -10000, Black without a move 10000, else
``1000 (W - B) - (Black's moves)``, where a Black move that closes a mill counts once per White
stone it could remove (so not at all when every White stone stands in a mill). Ours speaks for
the side to move and weighs, by phase, stones, closed mills, potential mills (two stones and an
empty point on a mill), double mills, blocked stones and mobility. Tables are those of
:func:`zermelo.games.morris.kernels.tables`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.morris.kernels import decode, generate, in_mill, low_index, popcount, removable

ARTICLE_WIN = 10000


@njit(cache=True)
def article_opening(white, black):
    """The article's opening estimate: White's stones minus Black's."""
    return popcount(white) - popcount(black)


@njit(cache=True)
def article_black_moves(white, black, flying, t, scratch):
    """Black's moves as the article counts them: a slide (a hop with 3 stones) counts once, or
    once per White stone outside a mill when it closes a mill (so not at all when every White
    stone stands in a mill). ``scratch`` holds at least MAX_MOVES moves."""
    point_mills = t[1]
    # typed arguments, not the constants 0 and False: numba would compile generate once more
    no = np.bool_(False)
    n = generate(black, white, np.int64(0), flying, (t[0], t[1], t[2], t[3], no, t[5], t[6]),
                 scratch)
    if removable(white, point_mills, no) != 0:
        return n  # a mill-closing move is listed once per removable stone
    count = 0
    for i in range(n):  # every White stone in a mill: the mill-closing moves count 0
        frm, to, _ = decode(scratch[i])
        if not in_mill((black ^ (1 << frm)) | (1 << to), to, point_mills):
            count += 1
    return count


@njit(cache=True)
def article_midend(white, black, flying, t, scratch):
    """The article's mid/endgame estimate (see the module docstring)."""
    w = popcount(white)
    b = popcount(black)
    if b <= 2:
        return ARTICLE_WIN
    if w <= 2:
        return -ARTICLE_WIN
    moves = article_black_moves(white, black, flying, t, scratch)
    if moves == 0:
        return ARTICLE_WIN
    return 1000 * (w - b) - moves


@njit(cache=True)
def features(own, opp, t):
    """For one side: closed mills, potential mills, double mills, blocked stones, slides."""
    neighbours, point_mills, mills = t[0], t[1], t[2]
    empty = t[3] & ~(own | opp)
    closed = 0
    potential = 0
    for m in mills:
        mine = popcount(own & m)
        if mine == 3:
            closed += 1
        elif mine == 2 and popcount(empty & m) == 1:
            potential += 1
    double = 0
    blocked = 0
    slides = 0
    stones = own
    while stones:
        p = low_index(stones)
        stones &= stones - 1
        free = neighbours[p] & empty
        slides += popcount(free)
        if free == 0:
            blocked += 1
        elif in_mill(own, p, point_mills):
            while free:  # leaving one mill to close another: a double mill
                q = low_index(free)
                free &= free - 1
                if in_mill((own ^ (1 << p)) | (1 << q), q, point_mills):
                    double += 1
    return closed, potential, double, blocked, slides


@njit(cache=True)
def ours(own, opp, hand_own, hand_opp, flying, t):
    """Our estimate for the side owning ``own`` (the side to move): phase-weighted stones,
    mills, potential and double mills, blocked stones and mobility."""
    c1, p1, d1, b1, s1 = features(own, opp, t)
    c2, p2, d2, b2, s2 = features(opp, own, t)
    stones = popcount(own) + hand_own - popcount(opp) - hand_opp
    if hand_own or hand_opp:  # placing: build potential mills, keep room to move
        return 40 * stones + 8 * (c1 - c2) + 12 * (p1 - p2) + 10 * (d1 - d2) + 2 * (b2 - b1)
    few = popcount(own) == 3 or popcount(opp) == 3
    if flying and few:  # flying: only stones and open mills count
        return 60 * stones + 20 * (p1 - p2) + 10 * (c1 - c2)
    return (40 * stones + 10 * (c1 - c2) + 8 * (p1 - p2) + 30 * (d1 - d2)
            + 12 * (b2 - b1) + 2 * (s1 - s2))
