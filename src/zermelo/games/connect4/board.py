"""The shape of a Connect Four board and its bitboard layout, shared by the rules and the kernels.

Cell ``(col, row)``, row 0 at the bottom, is bit ``col * (height + 1) + row``: each column takes
``height + 1`` bits, the extra bit on top (the *sentinel row*) is never set, so that shifting a
bitboard by one column never joins the top of a column to the bottom of the next. The whole
layout must fit 63 bits, so that the compiled kernels can work in signed 64-bit integers.
"""

from __future__ import annotations

from dataclasses import dataclass

from zermelo.core.errors import OptionError

MAX_BITS = 63
"""Bits available to a board with its sentinel row (the sign bit of an int64 stays free)."""
MAX_WIDTH = 9
"""Columns are written as the digits 1-9."""


@dataclass(frozen=True)
class Board:
    """A ``width`` x ``height`` board where ``k`` stones in a row win (7 x 6, k = 4 by default)."""

    width: int = 7
    height: int = 6
    k: int = 4

    def __post_init__(self) -> None:
        if not (1 <= self.width <= MAX_WIDTH and self.height >= 1):
            raise OptionError(
                f"board {self.width}x{self.height}: width must be 1-{MAX_WIDTH}, height at least 1"
            )
        if self.width * (self.height + 1) > MAX_BITS:
            raise OptionError(
                f"board {self.width}x{self.height}: width x (height + 1) must be at most "
                f"{MAX_BITS} bits"
            )
        if self.k < 2:
            raise OptionError(f"k = {self.k}: at least 2 stones in a row must be needed to win")

    @property
    def stride(self) -> int:
        """Bits per column (the height plus the sentinel row)."""
        return self.height + 1

    @property
    def cells(self) -> int:
        """Number of cells: the longest possible game."""
        return self.width * self.height

    @property
    def directions(self) -> tuple[int, int, int, int]:
        """Bit shifts of the four line directions: vertical, horizontal and the two diagonals."""
        s = self.stride
        return (1, s, s - 1, s + 1)

    @property
    def bottom(self) -> int:
        """The bitboard of the bottom cell of every column."""
        return sum(1 << (c * self.stride) for c in range(self.width))

    @property
    def full(self) -> int:
        """The bitboard of every cell (sentinel row excluded)."""
        return self.bottom * ((1 << self.height) - 1)

    def bit(self, col: int, row: int) -> int:
        """The bit number of cell ``(col, row)``."""
        return col * self.stride + row

    def column_mask(self, col: int) -> int:
        """The bitboard of the cells of column ``col``."""
        return ((1 << self.height) - 1) << (col * self.stride)

    def top_cell(self, col: int) -> int:
        """The bitboard of the top cell of column ``col``."""
        return 1 << (col * self.stride + self.height - 1)

    def height_of(self, mask: int, col: int) -> int:
        """How many stones column ``col`` holds in the occupied cells ``mask``."""
        return (mask & self.column_mask(col)).bit_count()

    def line_through(self, stones: int, bit: int) -> bool:
        """Whether ``stones`` hold ``k`` in a row through cell ``bit`` (one cell walked at a time).

        The readable reference of the kernels' shift-and-mask test.
        """
        for d in self.directions:
            run = 1
            for sign in (1, -1):
                b = bit + sign * d
                while 0 <= b < MAX_BITS and stones >> b & 1:
                    run += 1
                    b += sign * d
            if run >= self.k:
                return True
        return False

    def mirror(self, bitboard: int) -> int:
        """``bitboard`` reflected left to right."""
        out = 0
        for c in range(self.width):
            column = (bitboard >> (c * self.stride)) & ((1 << self.stride) - 1)
            out |= column << ((self.width - 1 - c) * self.stride)
        return out
