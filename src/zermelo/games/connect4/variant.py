"""Building a Connect Four variant from the options a user types (``--board 5x4 --k 3``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from zermelo.games.connect4.rules import ConnectFour

OPTIONS = ("board", "k")


def parse_board(text: str) -> tuple[int, int]:
    """``"7x6"`` -> ``(7, 6)`` (width x height)."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match:
        raise ValueError(f"board {text!r}: expected WIDTHxHEIGHT, e.g. 7x6")
    return int(match.group(1)), int(match.group(2))


def game_from_options(options: Mapping[str, str]) -> ConnectFour:
    """The variant the options describe; ValueError naming an unknown or malformed option."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"connect4 has no option {unknown[0]!r} (options: {', '.join(OPTIONS)})")
    width, height = parse_board(options.get("board", "7x6"))
    k_text = options.get("k", "4")
    if not k_text.strip().isdigit():
        raise ValueError(f"k {k_text!r}: expected a whole number")
    return ConnectFour(width, height, int(k_text))
