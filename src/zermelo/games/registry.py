"""The games by name, for front ends: how to build a variant from options and how to draw it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from rich.text import Text

from zermelo.core.errors import UnknownNameError
from zermelo.core.game import Game

AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class GameEntry:
    """A game as front ends see it: its name, a variant factory and a terminal renderer."""

    name: str
    title: str
    create: Callable[[Mapping[str, str]], AnyGame]
    """Builds a variant from string options (``{"board": "4x4"}``); ValueError on a bad one."""
    render: Callable[[Any, Any], Text]
    """Draws a state of a game this entry created."""
    status: Callable[[Any, Any], str]
    """Says whose turn it is, or how the game ended."""


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on first call so that start-up loads no game it does not use."""

    def call(*args: Any) -> Any:
        return getattr(import_module(module), name)(*args)

    return call


def _entry(name: str, title: str) -> GameEntry:
    """The entry of the game package ``zermelo.games.<name>``, which provides
    ``variant.game_from_options`` and ``render.board_text`` / ``render.status_line``."""
    package = f"zermelo.games.{name}"
    return GameEntry(
        name,
        title,
        _lazy(f"{package}.variant", "game_from_options"),
        _lazy(f"{package}.render", "board_text"),
        _lazy(f"{package}.render", "status_line"),
    )


GAMES: dict[str, GameEntry] = {
    entry.name: entry
    for entry in (
        _entry("musketeers", "Three Musketeers"),
        _entry("connect4", "Connect Four"),
        _entry("nim", "Nim"),
        _entry("tictactoe", "Tic-tac-toe"),
    )
}


def get_game(name: str) -> GameEntry:
    """The entry named ``name``; :class:`UnknownNameError` listing the known names otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownNameError(f"no game {name!r} (known: {known})") from None
