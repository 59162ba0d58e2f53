"""The games by name: each game package's ``entry.py`` declares what front ends need of it."""

from __future__ import annotations

from importlib import import_module

from zermelo.core.entry import AnyGame, GameEntry
from zermelo.core.errors import UnknownNameError

PACKAGES = ("musketeers", "connect4", "nim", "tictactoe", "pig", "turtles", "morris")
"""The registered game packages, in the order front ends list them."""

GAMES: dict[str, GameEntry] = {}
for _package in PACKAGES:
    _entry: GameEntry = import_module(f"zermelo.games.{_package}.entry").ENTRY
    GAMES[_entry.name] = _entry


def get_game(name: str) -> GameEntry:
    """The entry named ``name``; :class:`UnknownNameError` listing the known names otherwise.
    ``openspiel:GAME`` is OpenSpiel's game ``GAME`` (:mod:`zermelo.openspiel.adapter`)."""
    if isinstance(name, str) and name.startswith("openspiel:"):
        from zermelo.openspiel.adapter import entry_for
        return entry_for(name)
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        shown = name if len(name) <= 30 else name[:30] + "..."
        raise UnknownNameError(f"no game {shown!r} (known: {known})") from None


def entry_of(game: AnyGame) -> GameEntry:
    """The entry of the game ``game`` is a variant of."""
    return get_game(game.info.name)


__all__ = ["GAMES", "PACKAGES", "AnyGame", "GameEntry", "entry_of", "get_game"]
