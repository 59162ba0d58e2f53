"""The games by name: each game package's ``entry.py`` declares what front ends need of it."""

from __future__ import annotations

from importlib import import_module

from zermelo.core.entry import AnyEntry, AnyGame, GameEntry
from zermelo.core.errors import UnknownNameError

PACKAGES = ("musketeers", "connect4", "nim", "tictactoe", "pig", "turtles", "morris")
"""The registered game packages, in the order front ends list them."""

GAMES: dict[str, AnyEntry] = {}
for _package in PACKAGES:
    _entry: AnyEntry = import_module(f"zermelo.games.{_package}.entry").ENTRY
    GAMES[_entry.name] = _entry


def get_game(name: str) -> AnyEntry:
    """The entry named ``name``; :class:`UnknownNameError` listing the known names otherwise.
    ``openspiel:GAME`` is OpenSpiel's game ``GAME`` (:mod:`zermelo.openspiel.entry`)."""
    if isinstance(name, str) and name.startswith("openspiel:"):
        from zermelo.openspiel.entry import entry_for
        return entry_for(name)
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        shown = name if len(name) <= 30 else name[:30] + "..."
        raise UnknownNameError(f"no game {shown!r} (known: {known})") from None


def entry_of(game: AnyGame) -> AnyEntry:
    """The entry of the game ``game`` is a variant of."""
    return get_game(game.info.name)


__all__ = ["GAMES", "PACKAGES", "AnyEntry", "AnyGame", "GameEntry", "entry_of", "get_game"]
