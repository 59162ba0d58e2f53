"""Perfect indexing of Three Musketeers positions for the strong-solution database.

A position is (musketeer placement, enemy set, side to move). The placement is canonicalised
under the board's symmetries to one of a few *classes* (319 on 5x5 with three musketeers); the
enemies are then a subset of the class representative's F free squares, written as an F-bit
*free mask* (bit i = the i-th free square in increasing board order). Positions with n enemies
form a layer; inside a layer the index is ``class * C(F, n) + rank``, where ``rank`` is the
colexicographic rank of the free mask among the n-subsets (the order in which Gosper's hack
enumerates them), computed with per-byte tables.

The tables built here drive both the compiled kernels (flat numpy arrays) and Python lookups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from zermelo.core.errors import OptionError
from zermelo.core.grid import Grid
from zermelo.games.musketeers.rules import ThreeMusketeers
from zermelo.games.musketeers.symmetry import placement_images

I64 = npt.NDArray[np.int64]

_BYTES = np.arange(256, dtype=np.int64)

@dataclass(frozen=True)
class Variant:
    """What a database covers: the board and the number of musketeers (starts share it)."""

    width: int = 5
    height: int = 5
    musketeers: int = 3

    @property
    def name(self) -> str:
        """A file-system friendly name, e.g. ``musketeers-5x5-m3``."""
        return f"musketeers-{self.width}x{self.height}-m{self.musketeers}"

    @classmethod
    def of(cls, game: ThreeMusketeers) -> Variant:
        """The variant a game is played on."""
        return cls(game.grid.width, game.grid.height, game.musketeers)


class Indexing:
    """Placement classes, free-square maps, rank tables and move tables of one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.grid = Grid(variant.width, variant.height)
        game = ThreeMusketeers(variant.width, variant.height, variant.musketeers)
        size = self.grid.size
        self.free_count = size - variant.musketeers
        if variant.musketeers > 8:
            raise OptionError("at most 8 musketeers are supported by the database")
        tables = game.symmetry_tables
        # canonical placement (the rules' order, zermelo.games.musketeers.symmetry) and the
        # symmetry that maps each placement onto it
        self.canon: dict[int, tuple[int, int]] = {}
        reps: dict[int, int] = {}
        orbit: dict[int, int] = {}
        for squares in combinations(range(size), variant.musketeers):
            mask = sum(1 << s for s in squares)
            images = placement_images(mask, tables)
            rep = min(images)
            reps.setdefault(rep, len(reps))
            orbit[rep] = len(set(images))
            self.canon[mask] = (rep, images.index(rep))
        order = sorted(reps)
        number = {rep: i for i, rep in enumerate(order)}
        self.canon = {m: (number[rep], g) for m, (rep, g) in self.canon.items()}
        self.reps = order
        self.classes = len(order)
        self.orbit = np.array([orbit[r] for r in order], dtype=np.int64)
        self.aligned = np.array([game.aligned(r) for r in order], dtype=np.bool_)
        self.free_squares = [
            [s for s in range(size) if not rep >> s & 1] for rep in order
        ]
        self.free_index = [{s: i for i, s in enumerate(fs)} for fs in self.free_squares]
        self.chunks = (self.free_count + 7) // 8

    # -- counting and ranking ------------------------------------------------------------

    def layer_size(self, enemies: int) -> int:
        """Positions of one side with ``enemies`` enemies, one per class and free mask."""
        return self.classes * comb(self.free_count, enemies)

    def raw_layer_size(self, enemies: int) -> int:
        """Positions of one side with ``enemies`` enemies over every placement (no symmetry)."""
        return comb(self.grid.size, self.variant.musketeers) * comb(self.free_count, enemies)

    @cached_property
    def binomials(self) -> I64:
        """``binomials[a, b]`` = C(a, b) for 0 <= a, b <= F (0 when b > a)."""
        f = self.free_count
        return np.array([[comb(a, b) for b in range(f + 1)] for a in range(f + 1)],
                        dtype=np.int64)

    @cached_property
    def popcount8(self) -> I64:
        """Bits set in each byte value."""
        return np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)

    @cached_property
    def rank_table(self) -> I64:
        """``[chunk, byte, k]``: colex contribution of a byte of the free mask when ``k`` lower
        bits are set below it."""
        f = self.free_count
        table = np.zeros((self.chunks, 256, f + 1), dtype=np.int64)
        for chunk in range(self.chunks):
            for byte in range(256):
                bits = [8 * chunk + b for b in range(8) if byte >> b & 1]
                if bits and bits[-1] >= f:
                    continue
                for k in range(f + 1):
                    table[chunk, byte, k] = sum(comb(s, k + i + 1) for i, s in enumerate(bits))
        return table

    def rank(self, free_mask: int) -> int:
        """Colex rank of ``free_mask`` among the masks with as many bits (Python reference)."""
        return sum(comb(s, i + 1) for i, s in enumerate(self.grid.squares(free_mask)))

    def unrank(self, enemies: int, rank: int) -> int:
        """The free mask with ``enemies`` bits whose colex rank is ``rank``."""
        mask = 0
        for k in range(enemies, 0, -1):
            s = k - 1
            while comb(s + 1, k) <= rank:
                s += 1
            rank -= comb(s, k)
            mask |= 1 << s
        return mask

    # -- positions <-> (layer, offset) -----------------------------------------------------

    def locate(self, musketeers: int, enemies: int) -> tuple[int, int]:
        """``(enemy count, offset in the layer)`` of a position's canonical image."""
        cls, sym = self.canon[musketeers]
        image = self.grid.permute(enemies, self.grid.symmetries[sym])
        free_index = self.free_index[cls]
        free_mask = 0
        for s in self.grid.squares(image):
            free_mask |= 1 << free_index[s]
        count = enemies.bit_count()
        return count, cls * comb(self.free_count, count) + self.rank(free_mask)

    def position_at(self, enemies: int, offset: int) -> tuple[int, int]:
        """``(musketeers, enemies)`` bitboards of the stored position at ``offset``."""
        per_class = comb(self.free_count, enemies)
        cls, rank = divmod(offset, per_class)
        free_mask = self.unrank(enemies, rank)
        squares = self.free_squares[cls]
        board = sum(1 << squares[i] for i in self.grid.squares(free_mask))
        return self.reps[cls], board

    # -- move tables for the kernels -----------------------------------------------------

    @cached_property
    def enemy_neighbours(self) -> tuple[I64, I64]:
        """``(neighbours[c, i, q], counts[c, i])``: free-mask neighbours of free square i."""
        f = self.free_count
        nbr = np.zeros((self.classes, f, 4), dtype=np.int64)
        count = np.zeros((self.classes, f), dtype=np.int64)
        for c in range(self.classes):
            index = self.free_index[c]
            for i, s in enumerate(self.free_squares[c]):
                near = [index[t] for t in self.grid.neighbours[s] if t in index]
                nbr[c, i, : len(near)] = near
                count[c, i] = len(near)
        return nbr, count

    @cached_property
    def enemy_steps(self) -> I64:
        """``[c, i]``: the free mask of free square i's neighbours in class ``c`` (where an enemy
        on i can step)."""
        nbr, count = self.enemy_neighbours
        steps = np.zeros((self.classes, self.free_count), dtype=np.int64)
        for q in range(nbr.shape[2]):
            steps |= np.where(q < count, np.int64(1) << nbr[:, :, q], 0)
        return steps

    def _free_mask_maps(self, c: int, bit_of: dict[int, int]) -> I64:
        """``[chunk, byte]`` tables turning class ``c``'s free-mask bytes into another free
        mask, free square ``s`` of ``c`` going to bit ``bit_of[s]`` (absent: dropped)."""
        bit = np.zeros(8 * self.chunks, dtype=np.int64)
        for s, i in self.free_index[c].items():
            if s in bit_of:
                bit[i] = 1 << bit_of[s]
        maps = np.zeros((self.chunks, 256), dtype=np.int64)
        for b in range(8 * self.chunks):
            maps[b // 8] += ((_BYTES >> (b % 8)) & 1) * bit[b]
        return maps

    @cached_property
    def musketeer_moves(self) -> MusketeerMoves:
        """Every musketeer capture from every class representative, as kernel tables."""
        most = 4 * self.variant.musketeers
        counts = np.zeros(self.classes, dtype=np.int64)
        target = np.zeros((self.classes, most), dtype=np.int64)
        child = np.zeros((self.classes, most), dtype=np.int64)
        symmetry = np.zeros((self.classes, most), dtype=np.int64)
        maps = np.zeros((self.classes, most, self.chunks, 256), dtype=np.int64)
        unmaps = np.zeros((self.classes, most, self.chunks, 256), dtype=np.int64)
        vacated = np.zeros((self.classes, most), dtype=np.int64)
        for c, rep in enumerate(self.reps):
            j = 0
            for m in self.grid.squares(rep):
                for d in self.grid.neighbours[m]:
                    if rep >> d & 1:
                        continue
                    cc, sym = self.canon[rep ^ (1 << m) ^ (1 << d)]
                    perm = self.grid.symmetries[sym]
                    child_index = self.free_index[cc]
                    maps[c, j] = self._free_mask_maps(
                        c, {s: child_index[perm[s]] for s in self.free_squares[c] if s != d})
                    target[c, j] = self.free_index[c][d]
                    vacated[c, j] = child_index[perm[m]]
                    unmaps[c, j] = self._free_mask_maps(
                        cc, {perm[s]: i for s, i in self.free_index[c].items() if s != d})
                    child[c, j] = cc
                    symmetry[c, j] = sym
                    j += 1
            counts[c] = j
        return MusketeerMoves(counts, target, child, symmetry, maps, vacated, unmaps)

    @cached_property
    def low_bits(self) -> int:
        """How many low bits of a free mask :attr:`low_lists` cover (the rest are high)."""
        return self.free_count // 2

    @cached_property
    def low_lists(self) -> tuple[I64, I64]:
        """``(entries, start)``: the masks of the low bits with k bits set, in increasing
        order (so in colex order), without bit ``q`` (``q`` = :attr:`low_bits`: all of them),
        are ``entries[start[q, k]:start[q, k + 1]]``, each ``index << low_bits | mask`` with
        ``index`` its place among all the masks with k bits set."""
        low = self.low_bits
        by_count: list[list[int]] = [[] for _ in range(low + 1)]
        for mask in range(1 << low):
            by_count[mask.bit_count()].append(mask)
        entries: list[int] = []
        start = np.zeros((low + 1, low + 2), dtype=np.int64)
        for q in range(low + 1):
            for k in range(low + 1):
                start[q, k] = len(entries)
                entries += [index << low | mask for index, mask in enumerate(by_count[k])
                            if not mask >> q & 1]
            start[q, low + 1] = len(entries)
        return np.array(entries, dtype=np.int64), start

    # -- symmetry bookkeeping for counting raw positions -----------------------------------

    @cached_property
    def compose(self) -> I64:
        """``compose[h, t]``: the symmetry "t, then h"."""
        perms = self.grid.symmetries
        index = {p: i for i, p in enumerate(perms)}
        return np.array([[index[tuple(h[t[s]] for s in range(self.grid.size))] for t in perms]
                         for h in perms], dtype=np.int64)

    @cached_property
    def chosen_symmetry(self) -> I64:
        """``[c, k]``: the symmetry the canonical table picks for the placement that symmetry
        ``k`` maps onto class ``c``'s representative."""
        perms = self.grid.symmetries
        table = np.zeros((self.classes, len(perms)), dtype=np.int64)
        for c, rep in enumerate(self.reps):
            for k, perm in enumerate(perms):
                inverse = [0] * len(perm)
                for s, image in enumerate(perm):
                    inverse[image] = s
                table[c, k] = self.canon[self.grid.permute(rep, tuple(inverse))][1]
        return table

    @cached_property
    def stabilizer_maps(self) -> I64:
        """``[c, s, chunk, byte]``: free-mask images under each symmetry ``s`` that maps class
        ``c``'s representative onto itself (zero tables for the others)."""
        perms = self.grid.symmetries
        maps = np.zeros((self.classes, len(perms), self.chunks, 256), dtype=np.int64)
        for c, rep in enumerate(self.reps):
            for s, perm in enumerate(perms):
                if self.grid.permute(rep, perm) == rep:
                    index = self.free_index[c]
                    maps[c, s] = self._free_mask_maps(
                        c, {q: index[perm[q]] for q in self.free_squares[c]})
        return maps


@dataclass(frozen=True)
class MusketeerMoves:
    """Per class ``c`` and capture ``j``: the free-mask bit of the captured enemy, the class
    after the move, the symmetry that canonicalises it, and byte tables mapping the free mask
    to the child's (dropping the captured enemy); and back: ``vacated``, the child's free-mask
    bit of the square the musketeer left (empty in every child a capture leads to), and
    ``unmaps``, tables taking a child's free mask to its parent's without the captured enemy."""

    counts: I64
    target: I64
    child: I64
    symmetry: I64
    maps: I64
    vacated: I64
    unmaps: I64
