"""zermelo and OpenSpiel, both ways: every zermelo game as an OpenSpiel game
(:mod:`zermelo.openspiel.export`), any OpenSpiel game as a zermelo game
(:mod:`zermelo.openspiel.adapter`), and counterfactual regret minimisation with exact best
responses over zermelo's protocol (:mod:`zermelo.openspiel.cfr`).

OpenSpiel is an optional extra (``pip install 'zermelo[openspiel]'``): this package imports
without it, and the modules that need it say so in one line (:func:`require`).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from zermelo.core.errors import GameNotSupportedError

INSTALL = "OpenSpiel is not installed (pip install 'zermelo[openspiel]')"


def require() -> ModuleType:
    """The ``pyspiel`` module, or a one-line :class:`GameNotSupportedError` saying how to
    install it."""
    try:
        return import_module("pyspiel")
    except ImportError:
        raise GameNotSupportedError(INSTALL) from None
