"""What the API does, without HTTP: positions in, positions and moves out, as JSON-ready dicts.

Stateless: every call gets the game's name, its variant options and a position text, and
answers from those alone. Bad input raises the typed errors of :mod:`zermelo.core.errors`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from zermelo.core.errors import DataError, IllegalMoveError, UnknownNameError
from zermelo.core.figures import measured
from zermelo.core.game import CHANCE, Game, Information, M, S
from zermelo.core.picture import Picture, View
from zermelo.engines import create_engine, default_engine_for, engines_for
from zermelo.games.registry import GAMES, AnyGame, entry_of, get_game
from zermelo.search.base import Budget, SearchResult, budget
from zermelo.web.svg import text_picture

Json = dict[str, Any]

MOVE_TIME = 5.0
"""Seconds a search engine may think about one move (``zermelo serve --move-time``)."""


@lru_cache(maxsize=64)
def _variant(name: str, options: frozenset[tuple[str, str]]) -> AnyGame:
    game: AnyGame = get_game(name).game(dict(options))
    return game


def check_served(name: str, openspiel: frozenset[str]) -> None:
    """Refuse (404, before anything is loaded) an OpenSpiel game that is not one of the
    server's ``openspiel`` games (``zermelo serve --openspiel``): OpenSpiel's native code
    trusts its parameters, and some crash the process or take gigabytes."""
    from zermelo.openspiel.adapter import PREFIX

    if name.startswith(PREFIX) and name.removeprefix(PREFIX).strip() not in openspiel:
        shown = name if len(name) <= 60 else name[:60] + "..."
        allowed = ", ".join(sorted(openspiel)) or "none; see zermelo serve --openspiel"
        raise UnknownNameError(f"{shown}: not served here (OpenSpiel games served: "
                               f"{allowed})")


def game_for(name: str, options: Mapping[str, str]) -> AnyGame:
    """The variant of game ``name`` the options describe (rules objects are shared)."""
    return _variant(name, frozenset(options.items()))


def read_position(game: Game[S, M], text: str | None) -> S:
    """The position the text describes; the variant's start when there is none."""
    return game.initial_state() if text is None else game.parse_position(text)


def describe(game: Game[S, M], state: S) -> Json:
    """A position with the side to move and whether and how the game has ended, also in the
    game's own words (``message``)."""
    winner = game.winner(state)
    mover = game.to_move(state)
    return {
        "position": game.format_position(state),
        "to_move": "chance" if mover is CHANCE else game.info.players[mover],
        "status": {"over": game.is_terminal(state),
                   "winner": None if winner is None else game.info.players[winner],
                   "message": entry_of(game).status_line(game, state)},
    }


def picture(game: Game[S, M], state: S, view: View) -> Picture:
    """The board of ``state``: the game's own picture, else its terminal drawing with the
    moves found by comparing drawings."""
    entry = entry_of(game)
    drawn = entry.picture(game, state, view)
    if drawn is None:
        moves = [(game.format_move(state, m), entry.draw(game, game.apply(state, m)))
                 for m in game.legal_moves(state)] if game.to_move(state) is not CHANCE else []
        drawn = text_picture(entry.draw(game, state), moves)
    return drawn


def games() -> Json:
    """Every game with its sides, start position, option schema and engines (the default
    first)."""
    listed = []
    for name, entry in GAMES.items():
        game = game_for(name, {})
        listed.append({
            "name": name, "title": entry.title, "players": list(game.info.players),
            "names": [game.info.name_of(p) for p in range(game.info.num_players)],
            "start": game.format_position(game.initial_state()),
            "options": entry.options.as_json(), **engines(game),
            "analysis": entry.analysis is not None,
            "hidden": game.info.information is Information.IMPERFECT,
            "figures": [figures(name) for name in entry.figures],
        })
    return {"games": listed}


def figures(name: str) -> Json:
    """The measured figures ``name`` as the page shows them; a file that cannot be read is
    its one-line error in their place."""
    try:
        return measured(name).as_json()
    except DataError as error:
        return {"name": name, "error": str(error)}


def engines(game: Game[S, M]) -> Json:
    """The engines that play a variant (a ``perfect`` engine only where its tables are built or
    can be built at once), the one offered first and the strengths in words among them."""
    entry = entry_of(game)
    playing = engines_for(entry, game)
    offered = {e.name for e in playing}
    return {"engines": [e.as_json() for e in playing],
            "default_engine": default_engine_for(entry, game),
            "strengths": [{"name": word, "engine": spec} for word, spec in entry.strengths
                          if spec.partition(":")[0] in offered]}


def moves(game: Game[S, M], state: S) -> Json:
    """The legal moves in the game's notation."""
    return {"moves": [game.format_move(state, m) for m in game.legal_moves(state)],
            **describe(game, state)}


def play(game: Game[S, M], state: S, move_text: str) -> Json:
    """The position after the move, which is checked."""
    if game.is_terminal(state):
        raise IllegalMoveError(f"{move_text}: the game is over")
    return describe(game, game.play(state, game.parse_move(state, move_text)))


def engine_move(game: AnyGame, state: Any, spec: str, seed: int | None, db: Path | None,
                move_time: float = MOVE_TIME) -> Json:
    """The engine's move and the position after it; a search engine stops after
    ``move_time`` seconds with its best move so far (``proven``: whether that move's value is
    exact; None for engines that are not searches)."""
    engine = create_engine(spec, game, seed=seed, data=db)
    if game.is_terminal(state):
        raise IllegalMoveError("the game is over: no move to play")
    proven = None
    if game.to_move(state) is CHANCE:  # the dice are thrown here, not by the engine
        move = game.sample_chance(state, random.Random(seed))
    else:
        with budget(Budget(seconds=move_time)):
            move = engine(game, state)
        last = getattr(engine, "last", None)
        proven = last.exact if isinstance(last, SearchResult) else None
    return {"move": game.format_move(state, move), "proven": proven,
            **describe(game, game.play(state, move))}


def analyze(game: Game[S, M], state: S, data: Path | None, move_time: float = MOVE_TIME
            ) -> Json:
    """The game's analysis: the position's value and every legal move's, best moves marked
    (searches within ``move_time`` seconds); ``unproven``: the legal moves it gives no value."""
    with budget(Budget(seconds=move_time)):
        analysis = entry_of(game).analyze(game, state, data)
    best = set(analysis.best)
    listed = {m for m, _ in analysis.moves}
    open_moves = game.legal_moves(state) if game.to_move(state) is not CHANCE else []
    return {
        "value": analysis.value.as_json(),
        "result": str(analysis.value),
        "moves": [{"move": game.format_move(state, m), "value": v.as_json(), "result": str(v),
                   "best": m in best} for m, v in analysis.moves],
        "unproven": [game.format_move(state, m) for m in open_moves if m not in listed],
        **describe(game, state),
    }


def engine_request(name: str, options: Mapping[str, str], position: str | None, spec: str,
                   seed: int | None, db: Path | None, move_time: float) -> Json:
    """:func:`engine_move` from plain values, as a worker process runs it."""
    game = game_for(name, options)
    return engine_move(game, read_position(game, position), spec, seed, db, move_time)


def analyze_request(name: str, options: Mapping[str, str], position: str | None,
                    db: Path | None, move_time: float) -> Json:
    """:func:`analyze` from plain values, as a worker process runs it."""
    game = game_for(name, options)
    return analyze(game, read_position(game, position), db, move_time)

