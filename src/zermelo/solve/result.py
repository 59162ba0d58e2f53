"""Game-theoretic results with distance: who wins with perfect play and in how many plies."""

from __future__ import annotations

import re
from dataclasses import dataclass

from zermelo.core.errors import ZermeloError

_RESULT = re.compile(r"([A-Z])([0-9]+)")


@dataclass(frozen=True)
class Result:
    """``winner`` (the side's notation letter) wins in ``plies`` plies, when the winner wins as
    fast as possible and the loser loses as slowly as possible. Written ``E33``, ``M0``."""

    winner: str
    plies: int

    def __str__(self) -> str:
        return f"{self.winner}{self.plies}"

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read ``E33``-style text."""
        match = _RESULT.fullmatch(text.strip())
        if not match:
            raise ZermeloError(f"{text!r} is not a result like E33")
        return cls(match.group(1), int(match.group(2)))
