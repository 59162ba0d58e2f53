"""Building a Connect Four variant from its parsed options (``board=5x4``, ``k=3``)."""

from __future__ import annotations

from typing import Any

from zermelo.core.errors import OptionError
from zermelo.games.connect4.board import MAX_BITS, MAX_WIDTH
from zermelo.games.connect4.rules import ConnectFour


def create(values: dict[str, Any]) -> ConnectFour:
    """The variant of ``board`` (width, height) and ``k``; the bitboard needs
    ``width x (height + 1)`` bits and ``k`` at most the board's longer side."""
    width, height = values["board"]
    k = values["k"]
    if width > MAX_WIDTH or width * (height + 1) > MAX_BITS:
        raise OptionError(f"board {width}x{height}: width at most {MAX_WIDTH} and "
                          f"width x (height + 1) at most {MAX_BITS}")
    if k > max(width, height):
        raise OptionError(f"k {k}: at most the board's longer side ({max(width, height)})")
    return ConnectFour(width, height, k)
