"""The Morris boards as data: points, names, coordinates, adjacency, mills, stones and rule flags.

Every board of the family is a :class:`Board`; the rules (:mod:`zermelo.games.morris.rules`),
the compiled kernels and the solvers read nothing else about it. Point ``i`` is bit ``i`` of a
side's bitboard. The standard board numbers its points top row first (``a7`` = 0 ... ``g1`` =
23), as OpenSpiel does; the 23-point board ``variant23`` numbers them bottom row first (``a0`` = 0
... ``g6`` = 22), as its source does: the article "Let's see how Artificial Intelligence forms the
core of the Nine Men's Morris game" (no author named), which gives its neighbours and 18 mills.

>>> b = BOARDS["standard"]
>>> b.size, b.stones, len(b.mills), len(b.symmetries), b.names[0], b.point("g1")
(24, 9, 16, 16, 'a7', 23)
>>> [BOARDS["variant23"].names[p] for p in BOARDS["variant23"].adjacency[6]]
['b1', 'e2', 'c3']
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property

from zermelo.core.errors import InvalidMoveError

Perm = tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """One Morris board and the rules that come with it.

    ``adjacency[p]`` lists the points a stone on ``p`` may slide to; ``mills`` the triples of
    points that form a mill. ``coords[p]`` is ``(column, row)`` on a square grid, row 0 at the
    bottom, for drawing and for the geometric symmetries.
    """

    name: str
    title: str
    names: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    adjacency: tuple[tuple[int, ...], ...]
    mills: tuple[tuple[int, int, int], ...]
    stones: int
    """Stones each side starts with in hand."""
    flying: bool
    """Whether a side reduced to three stones (none in hand) may move to any empty point."""
    remove_when_all_in_mills: bool
    """When every opponent stone stands in a mill: True, any may be removed; False, none."""
    mill_wins: bool = False
    """Three Men's Morris: closing a mill wins at once (no removals)."""
    min_stones: int = 3
    """A side with fewer stones than this (on the board and in hand) has lost."""
    swap: tuple[tuple[str, str], ...] = ()
    """Pairs of points exchanged by a symmetry that is not a turn or reflection of the drawing
    (the inner and outer squares of the standard board)."""
    lines: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    """The drawn lines, each a run of points (for drawing only)."""

    @property
    def size(self) -> int:
        """How many points the board has."""
        return len(self.names)

    @cached_property
    def full(self) -> int:
        """The bitboard of every point."""
        return (1 << self.size) - 1

    @cached_property
    def mill_masks(self) -> tuple[int, ...]:
        """Each mill as a bitboard."""
        return tuple(sum(1 << p for p in mill) for mill in self.mills)

    @cached_property
    def point_mills(self) -> tuple[tuple[int, ...], ...]:
        """For each point, the bitboards of the mills through it."""
        return tuple(tuple(m for m, mill in zip(self.mill_masks, self.mills, strict=True)
                           if p in mill) for p in range(self.size))

    @cached_property
    def neighbours(self) -> tuple[int, ...]:
        """For each point, the bitboard of the points adjacent to it."""
        return tuple(sum(1 << q for q in adj) for adj in self.adjacency)

    @cached_property
    def index(self) -> dict[str, int]:
        """Point number by name."""
        return {n: i for i, n in enumerate(self.names)}

    def point(self, text: str) -> int:
        """The point named ``text`` (a name like ``d2`` or an index like ``17``)."""
        word = text.strip().lower()
        if word in self.index:
            return self.index[word]
        if word.isascii() and word.isdigit() and len(word) <= 3 and int(word) < self.size:
            return int(word)
        shown = repr(word[:12])
        raise InvalidMoveError(f"{shown} is not a point of the {self.name} board "
                               f"({self.names[0]}...{self.names[-1]} or 0-{self.size - 1})")

    def in_mill(self, stones: int, p: int) -> bool:
        """Whether the stone on ``p`` stands in a mill of ``stones``."""
        return any(stones & m == m for m in self.point_mills[p])

    @cached_property
    def symmetries(self) -> tuple[Perm, ...]:
        """Every symmetry as a permutation of the points (``perm[p]`` is the image of ``p``),
        the identity first: the turns and reflections of the drawing that keep adjacency and
        mills, closed under the :attr:`swap`."""
        found: list[Perm] = []
        for t in range(8):
            perm = self._geometric(t)
            if perm is not None and self._keeps_rules(perm):
                found.append(perm)
        if self.swap:
            swap = list(range(self.size))
            for a, b in self.swap:
                swap[self.index[a]], swap[self.index[b]] = self.index[b], self.index[a]
            found += [tuple(swap[g[p]] for p in range(self.size)) for g in list(found)]
        return tuple(found)

    def _geometric(self, t: int) -> Perm | None:
        """The permutation of turn/reflection ``t`` of the grid, if it maps points to points."""
        top = max(max(xy) for xy in self.coords)
        at = {xy: p for p, xy in enumerate(self.coords)}
        perm = []
        for x, y in self.coords:
            if t & 4:
                x, y = y, x
            if t & 2:
                x = top - x
            if t & 1:
                y = top - y
            if (x, y) not in at:
                return None
            perm.append(at[x, y])
        return tuple(perm)

    def _keeps_rules(self, perm: Perm) -> bool:
        """Whether ``perm`` maps adjacency to adjacency and mills to mills."""
        edges = {(p, q) for p, adj in enumerate(self.adjacency) for q in adj}
        mills = {frozenset(m) for m in self.mills}
        return ({(perm[p], perm[q]) for p, q in edges} == edges
                and {frozenset(perm[p] for p in m) for m in mills} == mills)


def _grid_names(rows: str) -> tuple[str, ...]:
    return tuple(rows.split())


def _coords(names: tuple[str, ...], base: int) -> tuple[tuple[int, int], ...]:
    return tuple((ord(n[0]) - ord("a"), int(n[1:]) - base) for n in names)


def _from_lines(names: tuple[str, ...], lines: str) -> tuple[
        tuple[tuple[int, ...], ...], tuple[tuple[int, int, int], ...], tuple[tuple[int, ...], ...]]:
    """Adjacency (consecutive points of a line), mills (lines of three) and the lines, from
    lines written as runs of point names separated by ``/``."""
    index = {n: i for i, n in enumerate(names)}
    runs = tuple(tuple(index[n] for n in run.split()) for run in lines.split("/"))
    adjacency: list[set[int]] = [set() for _ in names]
    for run in runs:
        for a, b in itertools.pairwise(run):
            adjacency[a].add(b)
            adjacency[b].add(a)
    mills = tuple((r[0], r[1], r[2]) for r in runs if len(r) == 3)
    return tuple(tuple(sorted(a)) for a in adjacency), mills, runs


_STANDARD = _grid_names("a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1")
_STANDARD_LINES = _from_lines(_STANDARD, (
    "a7 d7 g7 / b6 d6 f6 / c5 d5 e5 / a4 b4 c4 / e4 f4 g4 / c3 d3 e3 / b2 d2 f2 / a1 d1 g1 /"
    "a7 a4 a1 / b6 b4 b2 / c5 c4 c3 / d7 d6 d5 / d3 d2 d1 / e5 e4 e3 / f6 f4 f2 / g7 g4 g1"))

STANDARD = Board(
    "standard", "Nine Men's Morris", _STANDARD, _coords(_STANDARD, 1),
    _STANDARD_LINES[0], _STANDARD_LINES[1], stones=9, flying=True,
    remove_when_all_in_mills=True,
    swap=(("a7", "c5"), ("d7", "d5"), ("g7", "e5"), ("a4", "c4"), ("g4", "e4"),
          ("a1", "c3"), ("d1", "d3"), ("g1", "e3")),
    lines=_STANDARD_LINES[2],
)

_VARIANT = _grid_names(
    "a0 d0 g0 b1 d1 f1 c2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6")
_VARIANT_ADJACENCY = (  # the article's neighbours(), exactly as printed (6 and 7 adjacent)
    (1, 3, 8), (0, 2, 4), (1, 5, 13), (0, 4, 6, 9), (1, 3, 5), (2, 4, 7, 12), (3, 7, 10),
    (5, 6, 11), (0, 9, 20), (3, 8, 10, 17), (6, 9, 14), (7, 12, 16), (5, 11, 13, 19),
    (2, 12, 22), (10, 15, 17), (14, 16, 18), (11, 15, 19), (9, 14, 18, 20),
    (15, 17, 19, 21), (12, 16, 18, 22), (8, 17, 21), (18, 20, 22), (13, 19, 21))
_VARIANT_MILLS = (
    (0, 1, 2), (3, 4, 5), (8, 9, 10), (11, 12, 13), (14, 15, 16), (17, 18, 19), (20, 21, 22),
    (0, 8, 20), (2, 13, 22), (3, 9, 17), (5, 12, 19), (6, 10, 14), (7, 11, 16), (15, 18, 21),
    (0, 3, 6), (2, 5, 7), (14, 17, 20), (16, 19, 22))

VARIANT23 = Board(
    "variant23", "Morris on the 23-point board", _VARIANT, _coords(_VARIANT, 0),
    _VARIANT_ADJACENCY, _VARIANT_MILLS, stones=9, flying=True,
    remove_when_all_in_mills=False,
    lines=tuple(tuple(sorted((p, q))) for p, adj in enumerate(_VARIANT_ADJACENCY)
                for q in adj if p < q),
)

_SIX = _grid_names("a5 c5 e5 b4 c4 d4 a3 b3 d3 e3 b2 c2 d2 a1 c1 e1")
_SIX_LINES = _from_lines(_SIX, (
    "a5 c5 e5 / b4 c4 d4 / b2 c2 d2 / a1 c1 e1 / a5 a3 a1 / b4 b3 b2 / d4 d3 d2 / e5 e3 e1 /"
    "c5 c4 / a3 b3 / d3 e3 / c2 c1"))

SIX = Board(
    "six", "Six Men's Morris", _SIX, _coords(_SIX, 1), _SIX_LINES[0], _SIX_LINES[1],
    stones=6, flying=False, remove_when_all_in_mills=True,
    swap=(("a5", "b4"), ("c5", "c4"), ("e5", "d4"), ("a3", "b3"), ("e3", "d3"),
          ("a1", "b2"), ("c1", "c2"), ("e1", "d2")),
    lines=_SIX_LINES[2],
)

_THREE = _grid_names("a3 b3 c3 a2 b2 c2 a1 b1 c1")
_THREE_LINES = _from_lines(_THREE, (
    "a3 b3 c3 / a2 b2 c2 / a1 b1 c1 / a3 a2 a1 / b3 b2 b1 / c3 c2 c1 / a3 b2 c1 / c3 b2 a1"))

THREE = Board(
    "three", "Three Men's Morris", _THREE, _coords(_THREE, 1), _THREE_LINES[0],
    _THREE_LINES[1], stones=3, flying=False, remove_when_all_in_mills=False, mill_wins=True,
    lines=_THREE_LINES[2],
)

THREE_ORTHOGONAL = Board(
    "three-orthogonal", "Three Men's Morris, no moves along the diagonals", _THREE,
    _coords(_THREE, 1),
    _from_lines(_THREE, "a3 b3 c3 / a2 b2 c2 / a1 b1 c1 / a3 a2 a1 / b3 b2 b1 / c3 c2 c1")[0],
    _THREE_LINES[1], stones=3, flying=False, remove_when_all_in_mills=False, mill_wins=True,
    lines=_THREE_LINES[2],
)
"""Murray's version of Three Men's Morris in which a stone moves along a row or a column
only; three in a line on a diagonal still wins."""

BOARDS: dict[str, Board] = {b.name: b for b in (STANDARD, VARIANT23, SIX, THREE,
                                                THREE_ORTHOGONAL)}
"""Every board by name, in the order front ends list them."""
