"""Building an m,n,k-game from the options a user types (``board=4x4 k=3``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from zermelo.games.tictactoe.rules import TicTacToe

OPTIONS = ("board", "k")


def game_from_options(options: Mapping[str, str]) -> TicTacToe:
    """``board`` is ``WIDTHxHEIGHT`` (default 3x3), ``k`` the row length to win (default 3)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Tic-tac-toe has no option {unknown[0]!r} (options: board, k)")
    board = options.get("board", "3x3")
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", board)
    if not match:
        raise ValueError(f"board {board!r}: expected WIDTHxHEIGHT, e.g. 3x3")
    k_text = options.get("k", "3").strip()
    if not k_text.isdigit():
        raise ValueError(f"k {k_text!r}: expected a whole number")
    return TicTacToe(int(match.group(1)), int(match.group(2)), int(k_text))
