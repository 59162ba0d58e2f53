"""Building a Nim variant from its parsed options (``piles=1,3,5,7``, ``misere=yes``)."""

from __future__ import annotations

from typing import Any

from zermelo.games.nim.rules import Nim


def create(values: dict[str, Any]) -> Nim:
    """Nim with ``piles`` and ``misere``."""
    return Nim(values["piles"], values["misere"])
