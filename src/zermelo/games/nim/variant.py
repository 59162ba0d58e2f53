"""Building a Nim variant from the options a user types (``piles=1,3,5,7 misere=yes``)."""

from __future__ import annotations

from collections.abc import Mapping

from zermelo.games.nim.rules import DEFAULT_PILES, Nim

OPTIONS = ("piles", "misere")

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


def parse_flag(name: str, text: str) -> bool:
    """``yes``/``no`` (and 1/0, true/false, on/off) as a boolean."""
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise ValueError(f"{name} {text!r}: expected yes or no")


def game_from_options(options: Mapping[str, str]) -> Nim:
    """The variant the options describe: ``piles`` (sizes separated by commas or spaces) and
    ``misere`` (yes/no); ValueError on an unknown or malformed option."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Nim has no option {unknown[0]!r} (options: {', '.join(OPTIONS)})")
    piles: tuple[int, ...] = DEFAULT_PILES
    if "piles" in options:
        tokens = options["piles"].replace(",", " ").split()
        if not tokens or not all(t.isdigit() for t in tokens):
            raise ValueError(f"piles {options['piles']!r}: expected sizes like 1,3,5,7")
        piles = tuple(int(t) for t in tokens)
    return Nim(piles, parse_flag("misere", options.get("misere", "no")))
