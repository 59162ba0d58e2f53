"""Three Musketeers: rules, notation, rendering (and, beside them, the solver's kernels)."""

from zermelo.games.musketeers.rules import (
    ENEMIES,
    MUSKETEERS,
    SIDES,
    STANDARD_START,
    Move,
    Position,
    ThreeMusketeers,
)

__all__ = [
    "ENEMIES",
    "MUSKETEERS",
    "SIDES",
    "STANDARD_START",
    "Move",
    "Position",
    "ThreeMusketeers",
]
