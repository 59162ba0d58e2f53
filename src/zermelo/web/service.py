"""What the API does, without HTTP: positions in, positions and moves out, as JSON-ready dicts.

Stateless: every call gets the game's name, its variant options and a position text, and
answers from those alone. Bad input raises the typed errors of :mod:`zermelo.core.errors`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from zermelo.core.errors import GameNotSupportedError, IllegalMoveError
from zermelo.engines import ENGINES, create_engine
from zermelo.engines.registry import open_database
from zermelo.games.registry import GAMES, AnyGame, get_game

Json = dict[str, Any]


@lru_cache(maxsize=64)
def _variant(name: str, options: frozenset[tuple[str, str]]) -> AnyGame:
    return get_game(name).create(dict(options))


def game_for(name: str, options: Mapping[str, str]) -> AnyGame:
    """The variant of game ``name`` the options describe (rules objects are shared)."""
    return _variant(name, frozenset(options.items()))


def read_position(game: AnyGame, text: str | None) -> Any:
    """The position the text describes; the variant's start when there is none."""
    return game.initial_state() if text is None else game.parse_position(text)


def describe(game: AnyGame, state: Any) -> Json:
    """A position with the side to move and whether and how the game has ended, also in the
    game's own words (``message``)."""
    winner = game.winner(state)
    return {
        "position": game.format_position(state),
        "to_move": game.info.players[game.to_move(state)],
        "status": {"over": game.is_terminal(state),
                   "winner": None if winner is None else game.info.players[winner],
                   "message": get_game(game.info.name).status(game, state)},
    }


def games() -> Json:
    """The games (with their sides, start and engines) and the engines."""
    return {
        "games": [
            {"name": name, "title": entry.title, "players": list(game.info.players),
             "start": game.format_position(game.initial_state()),
             "engines": [e.name for e in ENGINES.values() if e.games is None or name in e.games]}
            for name, entry in GAMES.items()
            for game in [game_for(name, {})]
        ],
        "engines": [
            {"name": e.name, "summary": e.summary, "level": e.level,
             "default_level": e.default_level, "games": e.games}
            for e in ENGINES.values()
        ],
    }


def moves(game: AnyGame, state: Any) -> Json:
    """The legal moves in the game's notation."""
    return {"moves": [game.format_move(state, m) for m in game.legal_moves(state)],
            **describe(game, state)}


def play(game: AnyGame, state: Any, move_text: str) -> Json:
    """The position after the move, which is checked."""
    if game.is_terminal(state):
        raise IllegalMoveError(f"{move_text}: the game is over")
    return describe(game, game.play(state, game.parse_move(state, move_text)))


def engine_move(game: AnyGame, state: Any, spec: str, seed: int | None, db: Path | None
                ) -> Json:
    """The engine's move and the position after it."""
    engine = create_engine(spec, game, seed=seed, db=db)
    if game.is_terminal(state):
        raise IllegalMoveError("the game is over: no move to play")
    move = engine(game, state)
    return {"move": game.format_move(state, move), **describe(game, game.play(state, move))}


def analyze(game: AnyGame, state: Any, db: Path | None) -> Json:
    """The database's result of the position and of every legal move (Three Musketeers)."""
    if game.info.name != "musketeers":
        raise GameNotSupportedError(f"no analysis for {game.info.title}")
    database = open_database(game, db)
    return {
        "result": str(database.lookup(state)),
        "moves": [{"move": game.format_move(state, m), "result": str(r)}
                  for m, r in database.analyze(state)],
        **describe(game, state),
    }
