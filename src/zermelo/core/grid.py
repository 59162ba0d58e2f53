"""Rectangular boards: square names, orthogonal neighbours, lines and symmetries as bitboards.

Squares are numbered row by row, ``i = row * width + col``, row 0 being the first row of the
game's notation. A set of squares is an ``int`` bitboard (bit ``i`` set = square ``i`` in the
set). Square names are a column letter and a 1-based row number: ``a1`` is square 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from zermelo.core.errors import InvalidMoveError, OptionError

_SQUARE = re.compile(r"([a-z])([1-9][0-9]?)")

MAX_SQUARES = 63
"""Bitboards must fit a signed 64-bit integer in the compiled kernels."""


@dataclass(frozen=True)
class Grid:
    """A ``width`` x ``height`` board of squares."""

    width: int
    height: int
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (1 <= self.width <= 26 and 1 <= self.height <= 99):
            raise OptionError(f"board {self.width}x{self.height}: sides must be 1-26 by 1-99")
        if self.width * self.height > MAX_SQUARES:
            raise OptionError(
                f"board {self.width}x{self.height}: at most {MAX_SQUARES} squares are supported"
            )
        names = tuple(
            f"{chr(ord('a') + i % self.width)}{i // self.width + 1}" for i in range(self.size)
        )
        object.__setattr__(self, "_names", names)

    @property
    def size(self) -> int:
        """Number of squares."""
        return self.width * self.height

    @property
    def full(self) -> int:
        """The bitboard of every square."""
        return (1 << self.size) - 1

    def name(self, square: int) -> str:
        """The name of square number ``square`` (``a1`` for 0)."""
        return self._names[square]

    def parse_square(self, text: str) -> int:
        """The number of the square named ``text``; :class:`InvalidMoveError` if there is none."""
        match = _SQUARE.fullmatch(text.strip().lower())
        if not match:
            raise InvalidMoveError(f"{text!r} is not a square name like a1")
        col = ord(match.group(1)) - ord("a")
        row = int(match.group(2)) - 1
        if col >= self.width or row >= self.height:
            raise InvalidMoveError(f"square {text} is off the {self.width}x{self.height} board")
        return row * self.width + col

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each square, its orthogonal neighbours in increasing order."""
        result = []
        for i in range(self.size):
            row, col = divmod(i, self.width)
            near = []
            if row > 0:
                near.append(i - self.width)
            if col > 0:
                near.append(i - 1)
            if col < self.width - 1:
                near.append(i + 1)
            if row < self.height - 1:
                near.append(i + self.width)
            result.append(tuple(near))
        return tuple(result)

    @cached_property
    def steps(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each square, ``(neighbour, its bit)`` of its orthogonal neighbours in increasing
        order: the rules test a neighbour's bit without shifting a board."""
        return tuple(tuple((n, 1 << n) for n in near) for near in self.neighbours)

    def adjacent(self, board: int) -> int:
        """The squares orthogonally next to a square of ``board`` (a shift a direction, the
        edge columns masked so that no step wraps to the next row)."""
        w, first = self.width, self.columns[0]
        last = first << (w - 1)
        near = (board << w) | (board >> w) | ((board & ~last) << 1) | ((board & ~first) >> 1)
        return near & self.full

    @cached_property
    def rows(self) -> tuple[int, ...]:
        """The bitboard of each row."""
        row = (1 << self.width) - 1
        return tuple(row << (r * self.width) for r in range(self.height))

    @cached_property
    def columns(self) -> tuple[int, ...]:
        """The bitboard of each column."""
        col = sum(1 << (r * self.width) for r in range(self.height))
        return tuple(col << c for c in range(self.width))

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries as square permutations ``perm[i]`` = image of square ``i``.

        A square board has the 8 of the dihedral group, a rectangular one 4 (identity, the two
        mirrors, the half turn). The identity comes first.
        """
        w, h = self.width, self.height
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, w - 1 - c),
            lambda r, c: (h - 1 - r, c),
            lambda r, c: (h - 1 - r, w - 1 - c),
        ]
        if w == h:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, h - 1 - r),
                lambda r, c: (w - 1 - c, r),
                lambda r, c: (w - 1 - c, h - 1 - r),
            ]
        perms = []
        for f in maps:
            perm: list[int] = []
            for i in range(self.size):
                r, c = f(*divmod(i, w))
                perm.append(r * w + c)
            perms.append(tuple(perm))
        return tuple(perms)

    def permute(self, board: int, perm: tuple[int, ...]) -> int:
        """The bitboard ``board`` with every square ``i`` moved to ``perm[i]``."""
        out = 0
        while board:
            low = board & -board
            out |= 1 << perm[low.bit_length() - 1]
            board ^= low
        return out

    def squares(self, board: int) -> list[int]:
        """The squares of a bitboard in increasing order."""
        out = []
        while board:
            low = board & -board
            out.append(low.bit_length() - 1)
            board ^= low
        return out
