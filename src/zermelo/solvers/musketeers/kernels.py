"""Compiled kernels that fill one (layer, side) of the Three Musketeers database.

Values are one byte, a *score for the musketeers* so that the musketeers maximise and the enemies
minimise it: a musketeer win in p plies is ``200 - p``, an enemy win in p plies is ``p``
(see :mod:`zermelo.solvers.musketeers.values`). A parent's score is its best child's score moved one
ply away from the end: ``s - 1`` if ``s >= 128`` (a win for the musketeers takes one ply longer),
else ``s + 1``.

Every musketeer move captures, so the musketeers' layer n depends only on the enemies' layer
n - 1, and the enemies' layer n on the musketeers' layer n (an enemy move keeps the placement, so
its children stay in the same class block). Each kernel handles a range of placement classes in
parallel; within a class, enemy sets are enumerated in colex order with Gosper's hack, so the
position's rank is the loop counter.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from zermelo.solve.bits import next_subset
from zermelo.solvers.musketeers.values import M_WIN_0, THRESHOLD

E_WIN_0 = 0
NO_MOVE = 255


@njit(cache=True, inline="always")
def _rank(mask, rank_table, popcount8, chunks):  # type: ignore[no-untyped-def]
    """Colex rank of a free mask, one table lookup per byte."""
    r = 0
    k = 0
    for ch in range(chunks):
        b = (mask >> (8 * ch)) & 255
        r += rank_table[ch, b, k]
        k += popcount8[b]
    return r


@njit(cache=True, inline="always")
def _parent(best):  # type: ignore[no-untyped-def]
    """A parent's score from its best child's score: one ply further from the end."""
    return best - 1 if best >= THRESHOLD else best + 1


@njit(cache=True, parallel=True)
def solve_musketeers_to_move(  # type: ignore[no-untyped-def]
    enemies, lo, hi, out, per_class, prev, prev_per_class, aligned,
    m_count, m_target, m_child, m_maps, rank_table, popcount8, chunks,
):
    """Fill ``out[(c - lo) * per_class + rank]`` (the block of classes ``lo <= c < hi``):
    musketeers to move with ``enemies`` enemies; ``prev`` is the enemies' layer ``enemies - 1``.

    A class's block is filled capture by capture, so each pass reads a single child class's
    block of ``prev`` (well inside the cache) rather than one per capture at once; meanwhile the
    block holds one more than the best child's score so far (0: no capture yet)."""
    for c in prange(lo, hi):
        base = (c - lo) * per_class
        if aligned[c]:
            out[base:base + per_class] = E_WIN_0
            continue
        block = out[base:base + per_class]
        block[:] = 0
        for j in range(m_count[c]):
            target = m_target[c, j]
            child_base = m_child[c, j] * prev_per_class
            maps = m_maps[c, j]
            e = np.int64((1 << enemies) - 1)
            for r in range(per_class):
                if (e >> target) & 1:
                    child = np.int64(0)
                    for ch in range(chunks):
                        child |= maps[ch, (e >> (8 * ch)) & 255]
                    v = prev[child_base + _rank(child, rank_table, popcount8, chunks)] + 1
                    if v > block[r]:
                        block[r] = v
                if enemies:
                    e = next_subset(e)
        for r in range(per_class):
            block[r] = M_WIN_0 if block[r] == 0 else _parent(block[r] - 1)


@njit(cache=True, inline="always")
def _insert_zero(x, at):  # type: ignore[no-untyped-def]
    """``x`` with a zero bit inserted at position ``at`` (higher bits move up one)."""
    return (x & ((np.int64(1) << at) - 1)) | ((x >> at) << (at + 1))


@njit(cache=True)
def _over_enemy_steps(  # type: ignore[no-untyped-def]
    c, enemies, nbr, nnbr, binom, free_count, parents, children, solving,
):
    """Visit every enemy step of class ``c`` (free square i to a free neighbour j) from every
    enemy set that allows it, step by step, in increasing order of the set; both arrays are
    indexed by the free mask. Solving: ``parents[p] = min(parents[p], children[child])``;
    otherwise (reachability) ``children[child] |= parents[p]``."""
    count = binom[free_count - 2, enemies - 1] if enemies >= 1 else 0
    for i in range(free_count):
        for q in range(nnbr[c, i]):
            j = nbr[c, i, q]
            low, high = min(i, j), max(i, j)
            step = (np.int64(1) << i) | (np.int64(1) << j)
            from_i = np.int64(1) << i
            rest = np.int64((1 << (enemies - 1)) - 1) if enemies >= 1 else np.int64(0)
            for _ in range(count):
                parent = _insert_zero(_insert_zero(rest, low), high) | from_i
                if solving:
                    parents[parent] = min(parents[parent], children[parent ^ step])
                else:
                    children[parent ^ step] |= parents[parent]
                if enemies > 1:
                    rest = next_subset(rest)


@njit(cache=True, parallel=True)
def solve_enemies_to_move(  # type: ignore[no-untyped-def]
    enemies, lo, hi, out, per_class, current, aligned, steps, children_buf,
):
    """Fill ``out``, the block of classes ``lo <= c < hi``: enemies to move with ``enemies``
    enemies; ``current`` is the musketeers' whole layer with as many enemies.

    Each class block is first spread into a scratch row indexed by the free mask itself, so an
    enemy step from free square i to j reads ``children[mask ^ (1 << i) ^ (1 << j)]``; then each
    position takes the minimum over its steps (``steps[c, i]``: the free-mask neighbours of free
    square i). Positions go in increasing order of their mask, so each step's reads sweep the
    row in increasing order too, and the low steps stay in the cache lines just read.
    ``children_buf`` holds one ``2 ** free_count`` row per worker."""
    workers = children_buf.shape[0]
    for w in prange(workers):
        children = children_buf[w]
        for c in range(lo + w, hi, workers):
            base = c * per_class
            at = (c - lo) * per_class
            if aligned[c]:
                out[at:at + per_class] = E_WIN_0
                continue
            e = np.int64((1 << enemies) - 1)
            for r in range(per_class):
                children[e] = current[base + r]
                if enemies:
                    e = next_subset(e)
            e = np.int64((1 << enemies) - 1)
            for r in range(per_class):
                best = NO_MOVE
                movers = e
                while movers:
                    i = trailing_zeros(movers)
                    movers &= movers - 1
                    targets = steps[c, i] & ~e
                    while targets:
                        v = children[e ^ (np.int64(1) << i) ^ (targets & -targets)]
                        targets &= targets - 1
                        if v < best:
                            best = v
                out[at + r] = M_WIN_0 if best == NO_MOVE else _parent(best)
                if enemies:
                    e = next_subset(e)


@njit(cache=True, parallel=True)
def class_histograms(values, classes, per_class):  # type: ignore[no-untyped-def]
    """``hist[c, s]``: how many positions of class ``c`` in a table have score ``s``."""
    hist = np.zeros((classes, 256), dtype=np.int64)
    for c in prange(classes):
        for r in range(c * per_class, (c + 1) * per_class):
            hist[c, values[r]] += 1
    return hist


# -- reachability: which raw positions a start leads to ---------------------------------------
# A table byte holds, for one stored position x, a bit per symmetry t: bit t set when the raw
# position t^-1(x) is reachable, t being the symmetry the canonical table picks for its placement.


@njit(cache=True, parallel=True)
def reach_by_enemy_moves(  # type: ignore[no-untyped-def]
    enemies, source, target, per_class, aligned, nbr, nnbr, binom, free_count,
    source_buf, target_buf,
):
    """``target`` (musketeers to move) gains the children of ``source`` (enemies to move, same
    enemy count) by enemy steps; an enemy step keeps the placement, hence the symmetry bits."""
    workers = source_buf.shape[0]
    classes = aligned.shape[0]
    for w in prange(workers):
        parents = source_buf[w]
        children = target_buf[w]
        for c in range(w, classes, workers):
            if aligned[c]:
                continue
            base = c * per_class
            seen = 0
            e = np.int64((1 << enemies) - 1)
            for r in range(per_class):
                parents[e] = source[base + r]
                children[e] = 0
                seen |= source[base + r]
                if enemies:
                    e = next_subset(e)
            if seen == 0:
                continue
            _over_enemy_steps(c, enemies, nbr, nnbr, binom, free_count, parents, children, False)
            e = np.int64((1 << enemies) - 1)
            for r in range(per_class):
                target[base + r] |= children[e]
                if enemies:
                    e = next_subset(e)


@njit(cache=True, parallel=True)
def reach_by_musketeer_moves(  # type: ignore[no-untyped-def]
    enemies, source, per_class, targets, target_per_class, aligned, m_count, m_target, m_child,
    m_symmetry, m_maps, compose, inverse, chosen, stabilizer_maps, rank_table, popcount8, chunks,
):
    """``targets[w]`` (enemies to move, one enemy fewer) gain the children of ``source``
    (musketeers to move) by captures; worker ``w`` writes only its own row."""
    workers = targets.shape[0]
    classes = aligned.shape[0]
    for w in prange(workers):
        out = targets[w]
        for c in range(w, classes, workers):
            if aligned[c]:
                continue
            base = c * per_class
            e = np.int64((1 << enemies) - 1)
            for r in range(per_class):
                bits_here = source[base + r]
                if bits_here:
                    for j in range(m_count[c]):
                        if not (e >> m_target[c, j]) & 1:
                            continue
                        child = np.int64(0)
                        for ch in range(chunks):
                            child |= m_maps[c, j, ch, (e >> (8 * ch)) & 255]
                        cc = m_child[c, j]
                        bits = np.int64(bits_here)
                        while bits:
                            t = trailing_zeros(bits)
                            bits &= bits - 1
                            k = compose[m_symmetry[c, j], t]
                            t2 = chosen[cc, k]
                            image = child
                            if t2 != k:
                                s = compose[t2, inverse[k]]
                                image = np.int64(0)
                                for ch in range(chunks):
                                    image |= stabilizer_maps[cc, s, ch, (child >> (8 * ch)) & 255]
                            at = cc * target_per_class + _rank(image, rank_table, popcount8, chunks)
                            out[at] |= np.uint8(1 << t2)
                if enemies:
                    e = next_subset(e)
