"""Building a Morris variant from its parsed options (``board=six``, ``flying=yes``, ...)."""

from __future__ import annotations

from typing import Any

from zermelo.games.morris.rules import Morris


def create(values: dict[str, Any]) -> Morris:
    """The variant: ``board`` by name, ``flying`` (``auto``: the board's own rule), a draw
    after ``move_limit`` plies (0: never) and by threefold ``repetition``."""
    flying = {"auto": None, "yes": True, "no": False}[values["flying"]]
    return Morris(values["board"], flying, values["move_limit"], values["repetition"])
