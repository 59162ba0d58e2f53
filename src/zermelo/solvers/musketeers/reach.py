"""Counting the positions reachable from a start, over every musketeer placement.

The search runs forward layer by layer (captures lower the enemy count, so every layer is
finished before the next), over the database's canonical indexing. Each stored position carries
one bit per board symmetry, so that the count is of *raw* positions, as if no symmetry were used:
a raw position is reachable when the bit of the symmetry that canonicalises it is set on its
stored image. Terminal positions (musketeers in line, or no move) are reached but not expanded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb

import numba
import numpy as np

from zermelo.games.musketeers.rules import ENEMIES, MUSKETEERS, SIDES, Position
from zermelo.solvers.musketeers import kernels
from zermelo.solvers.musketeers.indexing import Indexing
from zermelo.tablebase.threads import spread

_POPCOUNT = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)


@dataclass(frozen=True)
class Reachable:
    """How many raw positions with ``enemies`` enemies and ``side`` to move are reachable."""

    enemies: int
    side: str
    positions: int
    of: int


def count_reachable(ix: Indexing, start: Position,
                    progress: Callable[[int], None] | None = None) -> list[Reachable]:
    """Reachable raw positions per (enemy count, side), from the most enemies down."""
    f = ix.free_count
    top = start.enemy_count
    workers = numba.get_num_threads()
    scratch = [np.empty((workers, 1 << f), dtype=np.uint8) for _ in range(2)]
    moves = ix.musketeer_moves
    nbr, nnbr = ix.enemy_neighbours
    compose = ix.compose
    inverse = np.array([list(row).index(0) for row in compose], dtype=np.int64)
    chosen, stabilizer = ix.chosen_symmetry, ix.stabilizer_maps
    count, offset = ix.locate(start.musketeers, start.enemies)
    symmetry = ix.canon[start.musketeers][1]
    enemy_side = np.zeros(ix.layer_size(top), dtype=np.uint8)
    if start.to_move == ENEMIES:
        enemy_side[offset] = 1 << symmetry
    result = []
    for n in range(top, -1, -1):
        per_class = comb(f, n)
        musketeer_side = np.zeros(ix.layer_size(n), dtype=np.uint8)
        spread(kernels.reach_by_enemy_moves, workers, n, enemy_side, musketeer_side, per_class,
               ix.aligned, nbr, nnbr, ix.binomials, f, *scratch)
        if n == top and start.to_move == MUSKETEERS:
            musketeer_side[offset] |= 1 << symmetry
        for side, table in ((MUSKETEERS, musketeer_side), (ENEMIES, enemy_side)):
            reached = int(np.bincount(table, minlength=256) @ _POPCOUNT)
            result.append(Reachable(n, SIDES[side], reached, ix.raw_layer_size(n)))
        if n:
            targets = np.zeros((workers, ix.layer_size(n - 1)), dtype=np.uint8)
            spread(kernels.reach_by_musketeer_moves, workers, n, musketeer_side, per_class,
                   targets, comb(f, n - 1), ix.aligned, moves.counts, moves.target, moves.child,
                   moves.symmetry, moves.maps, compose, inverse, chosen, stabilizer,
                   ix.rank_table, ix.popcount8, ix.chunks)
            enemy_side = np.bitwise_or.reduce(targets, axis=0)
        if progress is not None:
            progress(n)
    assert count == top
    return result
