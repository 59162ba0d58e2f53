"""The games by name, for front ends: how to build a variant from options and how to draw it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
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


def _musketeers(options: Mapping[str, str]) -> AnyGame:
    from zermelo.games.musketeers.variant import game_from_options

    return game_from_options(options)


def _musketeers_render(game: Any, state: Any) -> Text:
    from zermelo.games.musketeers.render import board_text

    return board_text(game, state)


def _musketeers_status(game: Any, state: Any) -> str:
    from zermelo.games.musketeers.render import status_line

    return status_line(game, state)


def _nim(options: Mapping[str, str]) -> AnyGame:
    from zermelo.games.nim.variant import game_from_options

    return game_from_options(options)


def _nim_render(game: Any, state: Any) -> Text:
    from zermelo.games.nim.render import board_text

    return board_text(game, state)


def _nim_status(game: Any, state: Any) -> str:
    from zermelo.games.nim.render import status_line

    return status_line(game, state)


def _tictactoe(options: Mapping[str, str]) -> AnyGame:
    from zermelo.games.tictactoe.variant import game_from_options

    return game_from_options(options)


def _tictactoe_render(game: Any, state: Any) -> Text:
    from zermelo.games.tictactoe.render import board_text

    return board_text(game, state)


def _tictactoe_status(game: Any, state: Any) -> str:
    from zermelo.games.tictactoe.render import status_line

    return status_line(game, state)


def _connect4(options: Mapping[str, str]) -> AnyGame:
    from zermelo.games.connect4.variant import game_from_options

    return game_from_options(options)


def _connect4_render(game: Any, state: Any) -> Text:
    from zermelo.games.connect4.render import board_text

    return board_text(game, state)


def _connect4_status(game: Any, state: Any) -> str:
    from zermelo.games.connect4.render import status_line

    return status_line(game, state)


GAMES: dict[str, GameEntry] = {
    "musketeers": GameEntry(
        "musketeers", "Three Musketeers", _musketeers, _musketeers_render, _musketeers_status
    ),
    "connect4": GameEntry(
        "connect4", "Connect Four", _connect4, _connect4_render, _connect4_status
    ),
    "nim": GameEntry("nim", "Nim", _nim, _nim_render, _nim_status),
    "tictactoe": GameEntry(
        "tictactoe", "Tic-tac-toe", _tictactoe, _tictactoe_render, _tictactoe_status
    ),
}


def get_game(name: str) -> GameEntry:
    """The entry named ``name``; :class:`UnknownNameError` listing the known names otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownNameError(f"no game {name!r} (known: {known})") from None
