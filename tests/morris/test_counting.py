"""Counting Morris positions up to symmetry: Burnside's lemma against brute force and the index."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from zermelo.games.morris.boards import BOARDS
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.indexing import Indexing, distinct_positions


def canonical_count(board: str, m: int, o: int) -> int:
    """Positions of ``m`` and ``o`` stones counted by keeping the smallest image of each."""
    b = BOARDS[board]
    seen = set()
    for mover in combinations(range(b.size), m):
        rest = [p for p in range(b.size) if p not in mover]
        for opp in combinations(rest, o):
            seen.add(min((tuple(sorted(perm[p] for p in mover)),
                          tuple(sorted(perm[p] for p in opp))) for perm in b.symmetries))
    return len(seen)


@pytest.mark.parametrize(("board", "most"), [("three", 4), ("six", 2), ("standard", 2)])
def test_burnside_counts_equal_brute_force(board: str, most: int) -> None:
    syms = np.array(BOARDS[board].symmetries, np.int64)
    for m in range(most + 1):
        for o in range(most + 1):
            assert distinct_positions(syms, m, o) == canonical_count(board, m, o), (m, o)


def test_index_entries_less_their_aliases_are_the_distinct_positions() -> None:
    """An entry whose position locates another entry copies it: what remains is one entry a
    position up to symmetry."""
    ix = Indexing(Geometry.of("six"), 4)
    for m, o in [(3, 3), (4, 3), (3, 4), (4, 4)]:
        s = (m, o, 0, 0)
        own = sum(ix.locate(*ix.position(s, e)) == e for e in range(ix.slice_size(s)))
        assert own == distinct_positions(ix.syms, m, o) < ix.slice_size(s)
