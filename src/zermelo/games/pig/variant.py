"""Building a Pig variant from its parsed options (``goal=50``)."""

from __future__ import annotations

from typing import Any

from zermelo.games.pig.rules import Pig


def create(values: dict[str, Any]) -> Pig:
    """Pig to ``goal`` points."""
    return Pig(values["goal"])
