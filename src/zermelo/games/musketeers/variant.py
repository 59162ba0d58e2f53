"""Building a Three Musketeers variant from the options a user types (``--board 4x5`` ...)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from zermelo.games.musketeers.rules import ThreeMusketeers

OPTIONS = ("board", "musketeers", "start", "first")


def parse_board(text: str) -> tuple[int, int]:
    """``"5x5"`` -> ``(5, 5)`` (width x height)."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match:
        raise ValueError(f"board {text!r}: expected WIDTHxHEIGHT, e.g. 5x5")
    return int(match.group(1)), int(match.group(2))


def game_from_options(options: Mapping[str, str]) -> ThreeMusketeers:
    """The variant the options describe; ValueError naming an unknown or malformed option.

    ``board`` is ``WxH``, ``musketeers`` a count, ``start`` comma-separated square names
    (``a1,a2,b2``), ``first`` ``M`` or ``E``.
    """
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Three Musketeers has no option {unknown[0]!r}")
    width, height = parse_board(options.get("board", "5x5"))
    start = None
    if options.get("start"):
        start = [s.strip() for s in options["start"].split(",") if s.strip()]
    count_text = options.get("musketeers")
    if count_text is None:
        count = len(start) if start else 3
    elif not count_text.strip().isdigit():
        raise ValueError(f"musketeers {count_text!r}: expected a whole number")
    else:
        count = int(count_text)
    first = options.get("first", "M").strip().upper()
    return ThreeMusketeers(width, height, count, start, first)
