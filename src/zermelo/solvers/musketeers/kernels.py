"""Compiled kernels that fill one (layer, side) of the Three Musketeers database.

Values are one byte, a *score for the musketeers* so that the musketeers maximise and the enemies
minimise it: a musketeer win in p plies is ``200 - p``, an enemy win in p plies is ``p``
(see :mod:`zermelo.solvers.musketeers.values`). A parent's score is its best child's score moved one
ply away from the end: ``s - 1`` if ``s >= 128`` (a win for the musketeers takes one ply longer),
else ``s + 1``.

Every musketeer move captures, so the musketeers' layer n depends only on the enemies' layer
n - 1, and the enemies' layer n on the musketeers' layer n (an enemy move keeps the placement, so
its children stay in the same class block). Each kernel fills one placement class, the classes
going to whichever thread is free (:func:`~zermelo.tablebase.threads.spread`); within a class,
enemy sets are enumerated in colex order with Gosper's hack, so the position's rank is the loop
counter.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from zermelo.solvers.musketeers.values import M_WIN_0, THRESHOLD
from zermelo.tablebase.bits import next_subset

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
def _popcount(x, popcount8):  # type: ignore[no-untyped-def]
    """Bits set in ``x``, a byte at a time."""
    count = 0
    while x:
        count += popcount8[x & 255]
        x >>= 8
    return count


@njit(cache=True, inline="always")
def _parent(best):  # type: ignore[no-untyped-def]
    """A parent's score from its best child's score: one ply further from the end."""
    return best - 1 if best >= THRESHOLD else best + 1


@njit(cache=True, nogil=True)
def solve_musketeers_to_move(  # type: ignore[no-untyped-def]
    thread, piece, enemies, lo, out, per_class, prev, prev_per_class, aligned, m_count, m_target,
    m_child, m_vacated, m_unmaps, chunks, free_count, low_bits, low_entries, low_start,
    popcount8, binom, scratch, maps_buf,
):
    """Fill ``out[piece * per_class + rank]``, the block of class ``c = lo + piece`` in a
    unit of classes from ``lo``: musketeers to move with ``enemies`` enemies; ``prev`` is the
    enemies' layer ``enemies - 1``.

    Captures are pushed from the children, so no mask is ranked: for each capture, the child
    class's block of ``prev`` is read in colex order, a run of low-bit masks
    (:attr:`~zermelo.solvers.musketeers.indexing.Indexing.low_lists`) for each value of the
    high bits, skipping the children with an enemy on the square the musketeer left (no capture
    leads there). Each child's mask maps to its parent's through two tables made for the
    capture (one for the low bits, one for the high); the parent's entry in a scratch row
    indexed by the free mask keeps one more than the best child's score so far (0: no capture
    yet). ``scratch`` holds one ``2 ** free_count`` row per thread and ``maps_buf`` the two
    tables; ``thread`` picks the rows. The classes go to the threads one at a time as each
    becomes free (their costs differ widely: an aligned class costs nothing)."""
    c = lo + piece
    low_size = np.int64(1) << low_bits
    high_size = np.int64(1) << (free_count - low_bits)
    at = piece * per_class
    if aligned[c]:
        out[at:at + per_class] = E_WIN_0
        return
    row, maps = scratch[thread], maps_buf[thread]
    e = np.int64((1 << enemies) - 1)
    for _ in range(per_class):
        row[e] = 0
        if enemies:
            e = next_subset(e)
    for j in range(m_count[c] if enemies else 0):
        unmaps = m_unmaps[c, j]
        for x in range(low_size + high_size):
            mask = x if x < low_size else (x - low_size) << low_bits
            parent = np.int64(0) if x < low_size else np.int64(1) << m_target[c, j]
            for ch in range(chunks):
                parent |= unmaps[ch, (mask >> (8 * ch)) & 255]
            maps[x] = parent
        vacated = m_vacated[c, j]
        q = min(vacated, low_bits)
        high_skip = np.int64(1) << (vacated - low_bits) if vacated >= low_bits else 0
        base = m_child[c, j] * prev_per_class
        for high in range(high_size):
            k = enemies - 1 - _popcount(high, popcount8)
            if k < 0 or k > low_bits:
                continue
            if not high & high_skip:
                high_parent = maps[low_size + high]
                for i in range(low_start[q, k], low_start[q, k + 1]):
                    entry = low_entries[i]
                    parent = high_parent | maps[entry & (low_size - 1)]
                    row[parent] = max(row[parent], prev[base + (entry >> low_bits)] + 1)
            base += binom[low_bits, k]
    e = np.int64((1 << enemies) - 1)
    for r in range(per_class):
        v = row[e]
        out[at + r] = M_WIN_0 if v == 0 else _parent(v - 1)
        if enemies:
            e = next_subset(e)


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


@njit(cache=True, nogil=True)
def solve_enemies_to_move(  # type: ignore[no-untyped-def]
    thread, piece, enemies, lo, out, per_class, current, aligned, steps, free_count, low_bits,
    low_entries, low_start, popcount8, scratch, flips_buf,
):
    """Fill the block of class ``c = lo + piece`` in ``out``, a unit of classes from ``lo``:
    enemies to move
    with ``enemies`` enemies; ``current`` is the musketeers' whole layer with as many enemies.

    Each class block is first spread into a scratch row indexed by the free mask itself, so an
    enemy step along the edge between free squares i and j (an enemy on one, the other empty)
    reads ``children[mask ^ (1 << i) ^ (1 << j)]``; then each position takes the minimum over
    its steps. Positions go in colex order, a run of low-bit masks for each value of the high
    bits, with the steps split by where the edge lies: among the low bits (listed per low mask
    for the class), among the high bits (listed per high value), or across (tested per
    position without a branch: a step not taken reads the position's own entry, made 255, no
    move, by an or). For a high value the reads stay in a few runs of ``2 ** low_bits`` bytes
    of the row, each read in increasing order. ``scratch`` holds one ``2 ** free_count`` row
    per thread (``thread`` picks the rows), ``flips_buf`` the lists; classes are handed out
    as in :func:`solve_musketeers_to_move`."""
    c = lo + piece
    low_size = np.int64(1) << low_bits
    high_size = np.int64(1) << (free_count - low_bits)
    base = c * per_class
    at = piece * per_class
    if aligned[c]:
        out[at:at + per_class] = E_WIN_0
        return
    children, flips = scratch[thread], flips_buf[thread]
    e = np.int64((1 << enemies) - 1)
    for r in range(per_class):
        children[e] = current[base + r]
        if enemies:
            e = next_subset(e)
    # flips[:low_size + 1]: where each low mask's list of steps starts, then the lists
    n_low = 0
    for low in range(low_size):
        flips[low] = low_size + 1 + n_low
        for i in range(low_bits):
            ahead = steps[c, i] & (low_size - 1) & ~((np.int64(2) << i) - 1)
            while ahead:
                j = trailing_zeros(ahead)
                ahead &= ahead - 1
                if ((low >> i) ^ (low >> j)) & 1:
                    flips[low_size + 1 + n_low] = (np.int64(1) << i) | (np.int64(1) << j)
                    n_low += 1
    flips[low_size] = low_size + 1 + n_low
    within = low_size + 1 + n_low  # then this high value's steps among the high bits
    across = within + 2 * free_count  # and the edges across: flip, low bit, high end
    n_across = 0
    for i in range(low_bits):
        ahead = steps[c, i] & ~(low_size - 1)
        while ahead:
            j = trailing_zeros(ahead)
            ahead &= ahead - 1
            flips[across + 3 * n_across] = (np.int64(1) << i) | (np.int64(1) << j)
            flips[across + 3 * n_across + 1] = i
            flips[across + 3 * n_across + 2] = j - low_bits
            n_across += 1
    r = 0
    for high in range(high_size):
        k = enemies - _popcount(high, popcount8)
        if k < 0 or k > low_bits:
            continue
        n_within = 0
        for i in range(low_bits, free_count):
            ahead = steps[c, i] & ~((np.int64(2) << i) - 1)
            while ahead:
                j = trailing_zeros(ahead)
                ahead &= ahead - 1
                if ((high >> (i - low_bits)) ^ (high >> (j - low_bits))) & 1:
                    flips[within + n_within] = (np.int64(1) << i) | (np.int64(1) << j)
                    n_within += 1
        top = high << low_bits
        for x in range(low_start[low_bits, k], low_start[low_bits, k + 1]):
            low = low_entries[x] & (low_size - 1)
            e = top | low
            best = NO_MOVE
            for y in range(flips[low], flips[low + 1]):
                best = min(best, children[e ^ flips[y]])
            for y in range(within, within + n_within):
                best = min(best, children[e ^ flips[y]])
            for y in range(across, across + 3 * n_across, 3):
                taken = ((low >> flips[y + 1]) ^ (high >> flips[y + 2])) & 1
                best = min(best, children[e ^ (flips[y] & -taken)] | ((taken - 1) & NO_MOVE))
            out[at + r] = M_WIN_0 if best == NO_MOVE else _parent(best)
            r += 1


@njit(cache=True, nogil=True)
def class_histogram(thread, c, values, per_class, hist):  # type: ignore[no-untyped-def]
    """``hist[c, s]``: how many positions of class ``c`` in a table have score ``s``."""
    for r in range(c * per_class, (c + 1) * per_class):
        hist[c, values[r]] += 1


# -- reachability: which raw positions a start leads to ---------------------------------------
# A table byte holds, for one stored position x, a bit per symmetry t: bit t set when the raw
# position t^-1(x) is reachable, t being the symmetry the canonical table picks for its placement.


@njit(cache=True, nogil=True)
def reach_by_enemy_moves(  # type: ignore[no-untyped-def]
    thread, w, enemies, source, target, per_class, aligned, nbr, nnbr, binom, free_count,
    source_buf, target_buf,
):
    """``target`` (musketeers to move) gains the children of ``source`` (enemies to move, same
    enemy count) by enemy steps, in the classes of worker ``w`` (every ``workers``-th, one
    scratch row each); an enemy step keeps the placement, hence the symmetry bits."""
    workers = source_buf.shape[0]
    classes = aligned.shape[0]
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


@njit(cache=True, nogil=True)
def reach_by_musketeer_moves(  # type: ignore[no-untyped-def]
    thread, w, enemies, source, per_class, targets, target_per_class, aligned, m_count, m_target,
    m_child, m_symmetry, m_maps, compose, inverse, chosen, stabilizer_maps, rank_table,
    popcount8, chunks,
):
    """``targets[w]`` (enemies to move, one enemy fewer) gain the children of ``source``
    (musketeers to move) by captures from every ``workers``-th class from ``w``; worker ``w``
    writes only its own row."""
    workers = targets.shape[0]
    classes = aligned.shape[0]
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
