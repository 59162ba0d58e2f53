"""Building an m,n,k-game from its parsed options (``board=4x4``, ``k=3``)."""

from __future__ import annotations

from typing import Any

from zermelo.core.errors import OptionError
from zermelo.games.tictactoe.rules import TicTacToe


def create(values: dict[str, Any]) -> TicTacToe:
    """The ``board`` (width, height) game where ``k`` in a row wins (k at most the longer
    side)."""
    width, height = values["board"]
    if values["k"] > max(width, height):
        raise OptionError(f"k {values['k']}: at most the board's longer side "
                          f"({max(width, height)})")
    return TicTacToe(width, height, values["k"])
