"""Compiled kernels indexing Morris positions up to symmetry.

A position is seen from the side to move: its stones ``M`` (``m`` on the board, ``mh`` in hand)
and the opponent's ``O`` (``o``, ``oh``). A slice holds every position of given
``(m, o, mh, oh)``; its index is ``class * C(points - m, o) + rank``, where ``class`` numbers the
mover's stone sets up to the board's symmetries (the smallest bitmask of each orbit represents
it) and ``rank`` is the colex rank of the opponent's stones, mapped by the same symmetry, among
the points the representative leaves empty. When a representative has symmetries of its own,
several entries stand for one position: :func:`locate` always answers the smallest, the others
are *aliases* that a solve fills last. :class:`~zermelo.solvers.morris.indexing.Indexing` holds
a board's arrays for them.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from zermelo.tablebase.bits import next_subset


@njit(cache=True, inline="always")
def rank(mask, binom):  # type: ignore[no-untyped-def]
    """Colex rank of a set of points among the sets of its size."""
    r = 0
    k = 0
    while mask:
        k += 1
        r += binom[trailing_zeros(mask), k]
        mask &= mask - 1
    return r


@njit(cache=True, inline="always")
def image_of(mask, perm):  # type: ignore[no-untyped-def]
    """The image of a set of points under a symmetry."""
    out = np.int64(0)
    while mask:
        out |= np.int64(1) << perm[trailing_zeros(mask)]
        mask &= mask - 1
    return out


@njit(cache=True, inline="always")
def image_in(mask, syms, g):  # type: ignore[no-untyped-def]
    """:func:`image_of` under symmetry number ``g`` of ``syms`` (read in place, no row view)."""
    out = np.int64(0)
    while mask:
        out |= np.int64(1) << syms[g, trailing_zeros(mask)]
        mask &= mask - 1
    return out


@njit(cache=True, inline="always")
def expand(compact, rep, n):  # type: ignore[no-untyped-def]
    """The points of ``compact``, whose bit j is the j-th point outside ``rep``."""
    out = np.int64(0)
    j = 0
    for p in range(n):
        if (rep >> p) & 1:
            continue
        if (compact >> j) & 1:
            out |= np.int64(1) << p
        j += 1
    return out


@njit(cache=True, inline="always")
def compress(points, rep, n):  # type: ignore[no-untyped-def]
    """The inverse of :func:`expand`: bit j set for each point of ``points`` that is the j-th
    point outside ``rep``."""
    out = np.int64(0)
    j = 0
    for p in range(n):
        if (rep >> p) & 1:
            continue
        if (points >> p) & 1:
            out |= np.int64(1) << j
        j += 1
    return out


@njit(cache=True)
def classes(n, m, syms, binom):  # type: ignore[no-untyped-def]
    """For every set of ``m`` points (by colex rank): its class and a symmetry taking it to the
    class representative; each representative and its orbit size."""
    total = binom[n, m]
    canon_rank = np.empty(total, np.int64)
    sym_of = np.empty(total, np.int8)
    mask = np.int64((1 << m) - 1)
    for r in range(total):
        best = mask
        g_best = 0
        for g in range(1, syms.shape[0]):
            image = image_of(mask, syms[g])
            if image < best:
                best, g_best = image, g
        canon_rank[r] = rank(best, binom)
        sym_of[r] = g_best
        if m:
            mask = next_subset(mask)
    class_of_rank = np.full(total, -1, np.int64)
    count = 0
    for r in range(total):
        if canon_rank[r] == r:
            class_of_rank[r] = count
            count += 1
    reps = np.empty(count, np.int64)
    sizes = np.zeros(count, np.int64)
    class_of = np.empty(total, np.int32)
    mask = np.int64((1 << m) - 1)
    for r in range(total):
        c = class_of_rank[canon_rank[r]]
        class_of[r] = c
        sizes[c] += 1
        if canon_rank[r] == r:
            reps[c] = mask
        if m:
            mask = next_subset(mask)
    return class_of, sym_of, reps, sizes


@njit(cache=True, inline="always")
def locate(mover, opp, m, class_of, sym_of, stab, free_at, syms, binom):  # type: ignore[no-untyped-def]
    """The index of a position in its slice (see the module docstring): the opponent's stones
    are mapped by the symmetry taking the mover's to its representative, then by the one of
    the representative's own symmetries (``stab[m, c]``, -1 padded) that makes them smallest,
    so that every symmetric copy of a position finds the same entry. ``free_at[m, c, p]``
    numbers point ``p`` among the points class ``c``'s representative leaves empty."""
    r = rank(mover, binom)
    return locate_image(class_of[m, r], image_in(opp, syms, sym_of[m, r]), m, stab, free_at,
                        syms, binom)


@njit(cache=True, inline="always")
def locate_image(c, image, m, stab, free_at, syms, binom):  # type: ignore[no-untyped-def]
    """:func:`locate` once the mover's class ``c`` is known and the opponent's stones are
    mapped by its symmetry (``image``): a caller with many positions of one mover set maps
    their opponents' stones once and moves the image as the stones move."""
    best = image
    for k in range(stab.shape[2]):
        if stab[m, c, k] < 0:
            break
        other = image_in(image, syms, stab[m, c, k])
        if other < best:
            best = other
    within = 0
    k = 0
    while best:
        k += 1
        within += binom[free_at[m, c, trailing_zeros(best)], k]
        best &= best - 1
    return c * binom[free_at.shape[2] - m, k] + within


@njit(cache=True)
def stabilizers(reps, nclasses, syms):  # type: ignore[no-untyped-def]
    """``stab[m, c]``: the symmetries other than the identity that keep class ``c``'s
    representative of ``m`` stones in place, -1 padded."""
    stab = np.full((reps.shape[0], reps.shape[1], max(syms.shape[0] - 1, 1)), -1, np.int8)
    for m in range(reps.shape[0]):
        for c in range(nclasses[m]):
            k = 0
            for g in range(1, syms.shape[0]):
                if image_of(reps[m, c], syms[g]) == reps[m, c]:
                    stab[m, c, k] = g
                    k += 1
    return stab


@njit(cache=True)
def free_points(reps, nclasses, n):  # type: ignore[no-untyped-def]
    """``free_at[m, c, p]``: the number of point ``p`` among the points left empty by class
    ``c``'s representative of ``m`` stones (-1 on its stones)."""
    out = np.full((reps.shape[0], reps.shape[1], n), -1, np.int8)
    for m in range(reps.shape[0]):
        for c in range(nclasses[m]):
            j = 0
            for p in range(n):
                if not (reps[m, c] >> p) & 1:
                    out[m, c, p] = j
                    j += 1
    return out


@njit(cache=True)
def unrank(index, k, binom):  # type: ignore[no-untyped-def]
    """The set of ``k`` points whose colex rank is ``index`` (the inverse of :func:`rank`)."""
    out = np.int64(0)
    for size in range(k, 0, -1):
        j = size - 1
        while binom[j + 1, size] <= index:
            j += 1
        out |= np.int64(1) << j
        index -= binom[j, size]
    return out


@njit(cache=True)
def histogram(codes, sub_m, sub_o, n, nclasses, sizes, binom):  # type: ignore[no-untyped-def]
    """Positions per code in a slice, each stored position counted as many times as the raw
    positions it stands for (its mover class's orbit size)."""
    hist = np.zeros(256, np.int64)
    per = binom[n - sub_m, sub_o]
    u = 0
    for c in range(nclasses[sub_m]):
        w = sizes[sub_m, c]
        for _ in range(per):
            hist[codes[u]] += w
            u += 1
    return hist
