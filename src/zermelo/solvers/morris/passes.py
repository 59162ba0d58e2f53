"""The compiled passes of the Morris retrograde solver over one unit, with the game's own move
generator (:mod:`zermelo.games.morris.kernels`: ``generate`` forward, ``unmoves`` back).

A unit is a few slices (``sub[s] = (m, o, mh, oh, offset)``); ``targets[s, capture] = (kind,
where, m')`` says where the moves of slice ``s`` lead without and with a removal: a slice of
the unit (``INTERNAL``, ``where`` its number) or a finished table (``EXTERNAL``, ``where`` the
number of the array ``ext0..ext3`` holding that slice). A *block* ``(s, c)`` is the positions of
slice ``s`` whose mover stones are class ``c``: blocks are the pieces the threads share.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from zermelo.games.morris.kernels import MAX_MOVES, decode, generate, unmoves
from zermelo.solvers.morris.kernels import expand, unrank
from zermelo.tablebase.bits import next_subset
from zermelo.tablebase.retrograde import ALIAS, NONE, from_child, preference

INTERNAL, EXTERNAL = 0, 1


@njit(cache=True, inline="always")
def _external(where, v, ext0, ext1, ext2, ext3):  # type: ignore[no-untyped-def]
    """Entry ``v`` of external array number ``where``."""
    if where == 0:
        return ext0[v]
    if where == 1:
        return ext1[v]
    if where == 2:
        return ext2[v]
    return ext3[v]


@njit(cache=True, nogil=True)
def forward(thread, piece, cut, blocks, sub, targets, ext0, ext1, ext2, ext3, flying, t,  # type: ignore[no-untyped-def]
            class_of, sym_of, reps, stab, free_at, syms, binom, count, exit_code):
    """For every position of the blocks ``cut[piece] <= b < cut[piece + 1]``: the distinct
    positions of the unit its moves reach (``count``; :data:`ALIAS` for an entry that copies a
    smaller one) and the best code its moves leaving the unit reach (``exit_code``)."""
    for b in range(cut[piece], cut[piece + 1]):
        _forward_block(blocks[b, 0], blocks[b, 1], sub, targets, ext0, ext1, ext2, ext3, flying,
                       t, class_of, sym_of, reps, stab, free_at, syms, binom, count, exit_code)


def _likes() -> npt.NDArray[np.int64]:
    """``LIKES[x]``: how much a mover likes a move to a position of code ``x``
    (:func:`~zermelo.tablebase.retrograde.preference` of its
    :func:`~zermelo.tablebase.retrograde.from_child`), one look-up instead of two branchy
    calls a move."""
    return np.array([preference.py_func(from_child.py_func(x)) for x in range(256)], np.int64)


LIKES = _likes()


@njit(cache=True, inline="always")
def _pick(where, ext0, ext1, ext2, ext3):  # type: ignore[no-untyped-def]
    """External array number ``where``."""
    if where == 0:
        return ext0
    if where == 1:
        return ext1
    if where == 2:
        return ext2
    return ext3


@njit(cache=True, inline="always")
def _has_mill(stones, mills):  # type: ignore[no-untyped-def]
    """Whether ``stones`` hold one of the ``mills``."""
    for k in range(mills.shape[0]):  # noqa: SIM110 (a loop compiles; a generator in any() does not)
        if stones & mills[k] == mills[k]:
            return True
    return False


@njit(cache=True)
def _smallest(image, stab, m, c, syms):  # type: ignore[no-untyped-def]
    """The smallest image of ``image`` under the symmetries ``stab[m, c]`` keeping class
    ``c``'s representative in place (see :func:`~zermelo.solvers.morris.kernels.locate`)."""
    best = image
    for k in range(stab.shape[2]):
        g = stab[m, c, k]
        if g < 0:
            break
        other = np.int64(0)
        rest = image
        while rest:
            other |= np.int64(1) << syms[g, trailing_zeros(rest)]
            rest &= rest - 1
        if other < best:
            best = other
    return best


@njit(cache=True)
def _forward_block(s, c, sub, targets, ext0, ext1, ext2, ext3, flying, t, class_of, sym_of,  # type: ignore[no-untyped-def]
                   reps, stab, free_at, syms, binom, count, exit_code):
    """:func:`forward` over block ``(s, c)``: the mover's stones are the block's
    representative throughout, so what depends on them alone is found once; the rules'
    :func:`~zermelo.games.morris.kernels.lost` test of a child is its stone count (fixed by
    the slice and whether the move removes) and, when a mill wins, the mover's mills."""
    n = free_at.shape[2]
    m, o, mh, oh, offset = sub[s, 0], sub[s, 1], sub[s, 2], sub[s, 3], sub[s, 4]
    per = binom[n - m, o]
    mover = reps[m, c]
    aliased = stab[m, c, 0] >= 0
    mills = t[2]
    mill_wins = t[5]
    least = t[6]
    gone = m + mh < least  # the mover has lost whatever the opponent's stones
    gone_plain = o + oh < least  # the opponent has lost after a move removing nothing
    gone_take = o - 1 + oh < least  # ... after a removal
    kind0, where0, cm0 = targets[s, 0, 0], targets[s, 0, 1], targets[s, 0, 2]
    kind1, where1, cm1 = targets[s, 1, 0], targets[s, 1, 1], targets[s, 1, 2]
    out0 = _pick(where0 if kind0 == EXTERNAL else 0, ext0, ext1, ext2, ext3)
    out1 = _pick(where1 if kind1 == EXTERNAL else 0, ext0, ext1, ext2, ext3)
    at0 = sub[where0, 4] if kind0 == INTERNAL else 0
    at1 = sub[where1, 4] if kind1 == INTERNAL else 0
    likes = LIKES
    after0 = m + (1 if mh else 0)  # the mover's stones after a move removing nothing
    moves = np.empty(MAX_MOVES, np.int64)
    seen = np.empty(MAX_MOVES, np.int64)
    reads0 = np.empty(MAX_MOVES, np.int64)
    reads1 = np.empty(MAX_MOVES, np.int64)
    compact = np.int64((1 << o) - 1)
    for r in range(per):
        opp = expand(compact, mover, n)
        if o:
            compact = next_subset(compact)
        u = offset + c * per + r
        # the mover's stones are their class's representative: the entry stands for a
        # smaller one when a symmetry keeping them maps the opponent's to a smaller set
        if aliased and _smallest(opp, stab, m, c, syms) != opp:
            count[u] = ALIAS
            continue
        count[u] = 0
        exit_code[u] = NONE
        if gone or (mill_wins and _has_mill(opp, mills)):
            continue
        best = NONE  # the child code of the best exit so far
        k = 0
        e0 = e1 = 0
        # a move without a removal leaves the opponent's stones, the child's mover set, as
        # they are: their class and symmetry are found once, and the image of our stones
        # under it moves with the stone moved
        r_opp = 0
        j = 0
        rest = opp
        while rest:
            j += 1
            r_opp += binom[trailing_zeros(rest), j]
            rest &= rest - 1
        c_opp = class_of[o, r_opp]
        g = sym_of[o, r_opp]
        image = np.int64(0)
        rest = mover
        while rest:
            image |= np.int64(1) << syms[g, trailing_zeros(rest)]
            rest &= rest - 1
        # two such moves reach one entry only through a symmetry keeping the opponent's
        # stones in place: without one, they need no look for a repeat
        alone = stab[o, c_opp, 0] < 0
        base0 = c_opp * binom[n - o, after0]
        for i in range(generate(mover, opp, mh, flying, t, moves)):
            frm, to, take = decode(moves[i])
            after = mover | (np.int64(1) << to)
            if frm >= 0:
                after ^= np.int64(1) << frm
            if take >= 0:
                child = opp ^ (np.int64(1) << take)
                if gone_take or (mill_wins and _has_mill(after, mills)):
                    if likes[1] > likes[best]:  # the opponent has lost: a win in one ply
                        best = 1
                    continue
                # locate(child, after, cm1, ...), written out: a call passing arrays counts
                # references to them, an atomic write both threads fight over
                rc = 0
                j = 0
                rest = child
                while rest:
                    j += 1
                    rc += binom[trailing_zeros(rest), j]
                    rest &= rest - 1
                cc = class_of[cm1, rc]
                gc = sym_of[cm1, rc]
                v = np.int64(0)
                rest = after
                while rest:
                    v |= np.int64(1) << syms[gc, trailing_zeros(rest)]
                    rest &= rest - 1
                if stab[cm1, cc, 0] >= 0:
                    v = _smallest(v, stab, cm1, cc, syms)
                within = 0
                j = 0
                while v:
                    j += 1
                    within += binom[free_at[cm1, cc, trailing_zeros(v)], j]
                    v &= v - 1
                v = cc * binom[n - cm1, j] + within
                if kind1 == EXTERNAL:
                    reads1[e1] = v
                    e1 += 1
                    continue
                v += at1
                new = True
                for j in range(k):
                    if seen[j] == v:
                        new = False
                        break
            else:
                if gone_plain or (mill_wins and _has_mill(after, mills)):
                    if likes[1] > likes[best]:
                        best = 1
                    continue
                moved = image | (np.int64(1) << syms[g, to])
                if frm >= 0:
                    moved ^= np.int64(1) << syms[g, frm]
                # locate_image(c_opp, moved, cm0, ...), written out
                if not alone:
                    moved = _smallest(moved, stab, cm0, c_opp, syms)
                v = base0
                j = 0
                while moved:
                    j += 1
                    v += binom[free_at[cm0, c_opp, trailing_zeros(moved)], j]
                    moved &= moved - 1
                if kind0 == EXTERNAL:
                    reads0[e0] = v
                    e0 += 1
                    continue
                v += at0
                new = True
                if not alone:
                    for j in range(k):
                        if seen[j] == v:
                            new = False
                            break
            if new:
                seen[k] = v
                k += 1
        # the finished tables are read once every entry is known, so that the reads, most of
        # them cache misses, overlap
        for j in range(e0):
            x = out0[reads0[j]]
            if likes[x] > likes[best]:
                best = x
        for j in range(e1):
            x = out1[reads1[j]]
            if likes[x] > likes[best]:
                best = x
        count[u] = k
        exit_code[u] = from_child(best)


@njit(cache=True, nogil=True)
def backward(thread, piece, cut, targets, counts, preds, sub, inner, flying, t, class_of,  # type: ignore[no-untyped-def]
             sym_of, reps, stab, free_at, syms, binom):
    """For each position ``targets[i]`` (``cut[piece] <= i < cut[piece + 1]``) of a sliding
    unit: the distinct positions of the unit with a move to it, in ``preds[i, :counts[i]]``
    (the row holds the unmoves first, then their indices); ``inner[s]`` is the slice those
    moves start from (-1: none)."""
    n = free_at.shape[2]
    last = sub.shape[0] - 1
    for i in range(cut[piece], cut[piece + 1]):
        v = targets[i]
        s = 0
        while s < last and v >= sub[s + 1, 4]:
            s += 1
        counts[i] = 0
        if inner[s] < 0:  # no move inside the unit leads here
            continue
        m, o = sub[s, 0], sub[s, 1]
        per = binom[n - m, o]
        local = v - sub[s, 4]
        c = local // per
        mover = reps[m, c]
        opp = expand(unrank(local - c * per, o, binom), mover, n)
        row = preds[i]
        before = unmoves(opp, mover, flying, t, row)
        at = sub[inner[s], 4]
        per_pred = binom[n - o, m]  # entries of a class of the slice the moves start from
        k = 0
        for j in range(before):
            # locate(row[j], mover, o, ...), written out as in the forward pass
            pred = row[j]
            rp = 0
            q = 0
            while pred:
                q += 1
                rp += binom[trailing_zeros(pred), q]
                pred &= pred - 1
            cp = class_of[o, rp]
            gp = sym_of[o, rp]
            image = np.int64(0)
            rest = mover
            while rest:
                image |= np.int64(1) << syms[gp, trailing_zeros(rest)]
                rest &= rest - 1
            if stab[o, cp, 0] >= 0:
                image = _smallest(image, stab, o, cp, syms)
            u = at + cp * per_pred
            q = 0
            while image:
                q += 1
                u += binom[free_at[o, cp, trailing_zeros(image)], q]
                image &= image - 1
            new = True
            for q in range(k):
                if row[q] == u:
                    new = False
                    break
            if new:
                row[k] = u
                k += 1
        counts[i] = k


@njit(cache=True, nogil=True)
def fill_aliases(thread, piece, cut, blocks, sub, class_of, sym_of, reps, stab, free_at, syms,  # type: ignore[no-untyped-def]
                 binom, code):
    """Copy into every alias entry of the blocks ``cut[piece] <= b < cut[piece + 1]`` the
    code of the entry it stands for."""
    n = free_at.shape[2]
    for b in range(cut[piece], cut[piece + 1]):
        s, c = blocks[b, 0], blocks[b, 1]
        m, o, offset = sub[s, 0], sub[s, 1], sub[s, 4]
        if stab[m, c, 0] < 0:
            continue
        per = binom[n - m, o]
        mover = reps[m, c]
        compact = np.int64((1 << o) - 1)
        for r in range(per):
            opp = expand(compact, mover, n)
            if o:
                compact = next_subset(compact)
            # as in the forward pass: the smallest image of the opponent's stones under the
            # symmetries keeping the representative, ranked among the points it leaves empty
            best = _smallest(opp, stab, m, c, syms)
            if best == opp:
                continue
            within = 0
            j = 0
            while best:
                j += 1
                within += binom[free_at[m, c, trailing_zeros(best)], j]
                best &= best - 1
            code[offset + c * per + r] = code[offset + c * per + within]
