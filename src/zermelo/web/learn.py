"""Routes that help a person play and learn, mounted by :func:`zermelo.web.app.create_app`:
a variant's seats (their number follows its options), moves in words, and a hint for a seat
of a game held by the server. Like the rest of the API they never name a game: each game's
entry says how its moves read in words (``explain``) and which engine hints (``hint_engine``).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

import zermelo.web.service as service
from zermelo.core.game import CHANCE
from zermelo.engines import create_engine, engines_for
from zermelo.games.registry import entry_of, get_game
from zermelo.search.base import Budget, budget
from zermelo.web.sessions import Sessions

MAX_MOVES = 400
"""Moves one request may ask to have explained."""
HINT_SECONDS = 2.0
"""Seconds the hint engine of a server-held game may think."""


class OptionsRequest(BaseModel):
    """A game variant."""

    options: dict[str, str] = Field(default_factory=dict, description="Variant options, as on "
                                    "the command line, e.g. {\"players\": \"4\"}.")


class ExplainRequest(OptionsRequest):
    """Moves of a variant in its notation."""

    moves: list[str] = Field(max_length=MAX_MOVES, description="Moves in the game's notation "
                             "(each as its position allowed; not checked against one).")


def mount(app: FastAPI, sessions: Sessions) -> None:
    """Add the routes to ``app``; server-held games are looked up in ``sessions``."""

    @app.post("/api/{game}/variant")
    def variant(game: str, body: OptionsRequest) -> dict[str, Any]:
        """The variant's seats (letters and names), the engines that play it (the default
        first) and the engine that gives hints."""
        entry, played = get_game(game), service.game_for(game, body.options)
        info = played.info
        return {"players": list(info.players),
                "names": [info.name_of(p) for p in range(info.num_players)],
                "start": played.format_position(played.initial_state()),
                "engines": [e.as_json() for e in engines_for(entry, played)],
                "default_engine": entry.default_engine, "hint_engine": entry.hint_engine}

    @app.post("/api/{game}/explain")
    def explain(game: str, body: ExplainRequest) -> dict[str, Any]:
        """Each move in words (as written when the game's notation speaks for itself)."""
        played = service.game_for(game, body.options)
        entry = entry_of(played)
        return {"words": [entry.words(played, move[:200]) for move in body.moves]}

    @app.post("/api/sessions/{token}/hint")
    def hint(token: str) -> dict[str, Any]:
        """The game's hint engine's move for the token's seat, chosen in a state drawn from
        what the seat may see (so it tells nothing the seat does not know), with its words."""
        table, seat = sessions.seat(token)
        with table.lock:
            played, state = table.game, table.seen(seat)
            if played.is_terminal(state) or played.to_move(state) in (CHANCE, None) or \
                    played.to_move(state) != seat:
                return {"move": None, "words": "no hint: it is not your move"}
            entry = entry_of(played)
            with budget(Budget(seconds=HINT_SECONDS)):
                move = create_engine(entry.hint_engine, played, seed=None)(played, state)
            text = played.format_move(state, move)
            return {"move": text, "words": entry.words(played, text)}
