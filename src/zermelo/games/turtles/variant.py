"""Building a Great Turtle Race variant from its parsed options (``players=4``, ...)."""

from __future__ import annotations

from typing import Any

from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Variant


def create(values: dict[str, Any]) -> Turtles:
    """The variant the options describe."""
    return Turtles(Variant(**values))
