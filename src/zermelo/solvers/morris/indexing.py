"""A board's arrays for indexing Morris positions up to symmetry (the scheme is described in
:mod:`zermelo.solvers.morris.kernels`)."""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.kernels import (
    classes,
    expand,
    free_points,
    locate,
    stabilizers,
    unrank,
)

Slice = tuple[int, int, int, int]
"""``(m, o, mh, oh)``: stones on the board and in hand of the side to move and of the other."""


class Indexing:
    """The classes of the mover's stone sets for 0..``most`` stones, as stacked arrays."""

    def __init__(self, geometry: Geometry, most: int) -> None:
        self.geometry = geometry
        n = geometry.points
        self.n = n
        self.syms = np.array(geometry.board.symmetries, np.int64)
        self.binom = np.array([[comb(p, k) for k in range(n + 2)] for p in range(n + 2)],
                              np.int64)
        per_m = [classes(n, m, self.syms, self.binom) for m in range(most + 1)]
        widest = max(len(c[0]) for c in per_m)
        count = max(len(c[2]) for c in per_m)
        self.class_of = np.zeros((most + 1, widest), np.int32)
        self.sym_of = np.zeros((most + 1, widest), np.int8)
        self.reps = np.zeros((most + 1, count), np.int64)
        self.sizes = np.zeros((most + 1, count), np.int64)
        self.nclasses = np.array([len(c[2]) for c in per_m], np.int64)
        for m, (class_of, sym_of, reps, sizes) in enumerate(per_m):
            self.class_of[m, :len(class_of)] = class_of
            self.sym_of[m, :len(sym_of)] = sym_of
            self.reps[m, :len(reps)] = reps
            self.sizes[m, :len(sizes)] = sizes
        self.free_at = free_points(self.reps, self.nclasses, n)
        self.stab = stabilizers(self.reps, self.nclasses, self.syms)

    def slice_size(self, s: Slice) -> int:
        """Stored positions of slice ``s``."""
        return int(self.nclasses[s[0]]) * comb(self.n - s[0], s[1])

    def locate(self, mover: int, opp: int) -> int:
        """The index of a position in its slice."""
        m = mover.bit_count()
        return int(locate(np.int64(mover), np.int64(opp), m, self.class_of,
                                  self.sym_of, self.stab, self.free_at, self.syms, self.binom))

    def position(self, s: Slice, index: int) -> tuple[int, int]:
        """The stones ``(mover, opp)`` of entry ``index`` of slice ``s``."""
        m, o = s[0], s[1]
        c, rank = divmod(index, comb(self.n - m, o))
        rep = self.reps[m, c]
        return int(rep), int(expand(unrank(np.int64(rank), o, self.binom), rep, self.n))


def distinct_positions(symmetries: npt.NDArray[np.int64], m: int, o: int) -> int:
    """How many positions of ``m`` stones of the side to move and ``o`` of the other there are
    up to the board's symmetries (given as point permutations): Burnside's lemma, the mean over
    the symmetries of the positions each keeps in place. A kept position is a union of the
    permutation's cycles for each side, so the count is a coefficient of the product of
    ``1 + x^L + y^L`` over its cycles of length ``L``."""
    total = 0
    for perm in symmetries.tolist():
        ways = np.zeros((m + 1, o + 1), dtype=object)
        ways[0, 0] = 1
        for length in _cycle_lengths(perm):
            after = ways.copy()
            if length <= m:
                after[length:, :] += ways[:m + 1 - length, :]
            if length <= o:
                after[:, length:] += ways[:, :o + 1 - length]
            ways = after
        total += int(ways[m, o])
    return total // len(symmetries)


def _cycle_lengths(perm: list[int]) -> list[int]:
    """The lengths of a permutation's cycles."""
    seen = [False] * len(perm)
    lengths = []
    for start in range(len(perm)):
        length = 0
        p = start
        while not seen[p]:
            seen[p] = True
            p = perm[p]
            length += 1
        if length:
            lengths.append(length)
    return lengths
