"""One Morris unit (a table of one or two slices) as the retrograde solver asks for its moves:
the compiled passes of :mod:`zermelo.solvers.morris.passes` over the unit's class blocks."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from zermelo.core.errors import InvariantError
from zermelo.games.morris.kernels import tables
from zermelo.solvers.morris import passes
from zermelo.solvers.morris.indexing import Indexing, Slice
from zermelo.tablebase.retrograde import U8
from zermelo.tablebase.threads import cuts, spread, threads_for

I64 = npt.NDArray[np.int64]
Array = npt.NDArray[np.generic]
CHUNK = 1 << 22
"""About how many positions a piece of the forward pass holds (a progress step)."""
PIECES_PER_THREAD = 8
"""Pieces of a pass for each thread, which take the next as each is free."""


class SliceMoves:
    """The moves of a unit's slices (``members``, stored one after another), leading inside
    the unit or to the finished ``external`` slices (each an array of their codes)."""

    def __init__(self, ix: Indexing, flying: bool, members: Sequence[Slice],
                 targets: I64, external: Sequence[U8]) -> None:
        self.ix = ix
        self.flying = flying
        self.rules = tables(ix.geometry.board)
        offsets = np.cumsum([0] + [ix.slice_size(s) for s in members])
        self.size = int(offsets[-1])
        self.sub = np.array([(*s, offsets[i]) for i, s in enumerate(members)], np.int64)
        self.targets = targets
        if len(external) > 4:
            raise InvariantError("a unit reads at most four external slices")
        self.ext = [*external, *[np.zeros(1, np.uint8)] * (4 - len(external))]
        self.inner = np.array([targets[i, 0, 1] if targets[i, 0, 0] == passes.INTERNAL else -1
                               for i in range(len(members))], np.int64)
        board = ix.geometry.board
        degree = max(len(a) for a in board.adjacency)
        self.width = (max(board.stones * degree, 3 * board.size if flying else 0)
                      if (self.inner >= 0).any() else 0)
        per = [ix.slice_size(s) // int(ix.nclasses[s[0]]) for s in members]
        self.blocks = np.array([(i, c) for i, s in enumerate(members)
                                for c in range(int(ix.nclasses[s[0]]))], np.int64)
        self.block_start = np.concatenate([[0], np.cumsum(
            [per[i] for i, s in enumerate(members) for _ in range(int(ix.nclasses[s[0]]))])])

    def _index(self) -> tuple[Array, Array, Array, Array, Array, Array, Array]:
        """The index arrays the passes read, in their order."""
        ix = self.ix
        return ix.class_of, ix.sym_of, ix.reps, ix.stab, ix.free_at, ix.syms, ix.binom

    def chunks(self) -> list[tuple[int, int]]:
        """Runs of whole class blocks of about :data:`CHUNK` positions."""
        cuts = np.searchsorted(self.block_start, np.arange(0, self.size, CHUNK))
        cuts = np.unique(np.append(cuts, len(self.blocks)))
        return [(int(self.block_start[a]), int(self.block_start[b]))
                for a, b in itertools.pairwise(cuts)]

    def _pieces(self, a: int, b: int) -> I64:
        """Cuts of blocks ``a`` to ``b`` into pieces of about equal positions for the threads
        (several a thread: the cost of a position varies)."""
        return cuts(np.diff(self.block_start[a:b + 1]), PIECES_PER_THREAD * threads_for(b - a))

    def forward(self, lo: int, hi: int, count: U8, exit_code: U8) -> None:
        """Moves of every position in ``[lo, hi)`` (whole blocks)."""
        a, b = np.searchsorted(self.block_start, [lo, hi])
        cut = self._pieces(a, b)
        ext0, ext1, ext2, ext3 = self.ext
        spread(passes.forward, len(cut) - 1, cut, self.blocks[a:b], self.sub, self.targets,
               ext0, ext1, ext2, ext3, self.flying, self.rules, *self._index(), count,
               exit_code)

    def backward(self, targets: I64, counts: I64, preds: I64) -> None:
        """Unmoves of each target, as distinct positions of the unit."""
        cut = cuts(np.ones(targets.size, np.int64),
                   PIECES_PER_THREAD * threads_for(targets.size))
        spread(passes.backward, len(cut) - 1, cut, targets, counts, preds, self.sub, self.inner,
               self.flying, self.rules, *self._index())

    def finish(self, code: U8) -> None:
        """Copy the codes of the entries that stand for the same position as a smaller one."""
        ix = self.ix
        cut = self._pieces(0, len(self.blocks))
        spread(passes.fill_aliases, len(cut) - 1, cut, self.blocks, self.sub, ix.class_of,
               ix.sym_of, ix.reps, ix.stab, ix.free_at, ix.syms, ix.binom, code)
