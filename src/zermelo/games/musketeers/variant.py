"""Building a Three Musketeers variant from its parsed options (``board=4x5``, ``start=...``)."""

from __future__ import annotations

from typing import Any

from zermelo.games.musketeers.rules import ThreeMusketeers


def create(values: dict[str, Any]) -> ThreeMusketeers:
    """The variant: ``board`` (width, height), ``musketeers`` (0: as many as ``start`` names,
    else 3), ``start`` square names (None: the standard corners and centre), ``first`` M or E."""
    start = values["start"]
    count = values["musketeers"] or (len(start) if start else 3)
    width, height = values["board"]
    return ThreeMusketeers(width, height, count, start, values["first"])
