"""Routes that help a person play and learn, mounted by :func:`zermelo.web.app.create_app`:
a variant's seats (their number follows its options), moves in words, and a hint for a seat
of a game held by the server. Like the rest of the API they never name a game: each game's
entry says how its moves read in words (``explain``) and which engine hints (``hint_engine``).
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import Response
from pydantic import BaseModel, Field

import zermelo.web.service as service
from zermelo.core.entry import AnyGame
from zermelo.core.errors import GameNotSupportedError, UnknownNameError, ZermeloError
from zermelo.core.game import CHANCE
from zermelo.core.picture import Picture, View
from zermelo.core.value import Kind
from zermelo.engines import create_engine
from zermelo.games.registry import entry_of, get_game
from zermelo.puzzles import Puzzle, judge, perfect_line
from zermelo.puzzles.mine import walk_of
from zermelo.search.base import Budget, budget
from zermelo.web.sessions import Sessions

MAX_MOVES = 400
"""Moves one request may ask to have explained."""
HINT_SECONDS = 2.0
"""Seconds the hint engine of a server-held game may think."""
MINE_SECONDS = 3.0
"""Seconds a puzzle request may spend looking for more puzzles of its variant."""
KEPT = 40
"""Puzzles kept a variant: beyond that a request only picks one of them."""
MAX_LINE = 40
"""Plies of perfect play a line may ask for."""


class Mine:
    """The puzzles found so far in one variant and the walk that finds more."""

    def __init__(self, game: AnyGame) -> None:
        self.walk: Iterator[Any] = walk_of(game)(game, random.Random(0))
        self.found: dict[str, Puzzle] = {}
        self.seen: set[str] = set()
        self.refusal: ZermeloError | None = None
        """The first refusal of the analysis (a missing database, say)."""
        self.answered = self.decided = 0
        """Positions the analysis answered, and those of them won or drawn (not a chance)."""
        self.lock = threading.Lock()

    def give_up(self) -> None:
        """Say why no puzzle was found: the analysis' refusal when it answered nothing (400),
        a game of win probabilities (400), else that none was found yet (404, ask again)."""
        if not self.answered and self.refusal is not None:
            raise self.refusal
        if self.answered and not self.decided:
            raise GameNotSupportedError("its values are win probabilities: no position has "
                                        "one right move")
        raise UnknownNameError(f"no puzzle found yet among {len(self.seen):,} positions of "
                               f"this variant: ask again shortly to look further")

    def more(self, game: AnyGame, data: Path | None, seconds: float) -> None:
        """Look at further positions for ``seconds`` (each analysed within what is left)."""
        entry, end = entry_of(game), time.monotonic() + seconds
        while len(self.found) < KEPT and (left := end - time.monotonic()) > 0.05:
            state = next(self.walk)
            position = game.format_position(state)
            if position in self.seen:
                continue
            self.seen.add(position)
            try:
                with budget(Budget(seconds=left)):
                    analysis = entry.analyze(game, state, data)
            except ZermeloError as error:
                self.refusal = self.refusal or error
                continue
            self.answered += 1
            self.decided += analysis.value.kind is not Kind.PROBABILITY
            puzzle = judge(game, state, analysis)
            if puzzle is not None:
                self.found[position] = puzzle


class OptionsRequest(BaseModel):
    """A game variant."""

    options: dict[str, str] = Field(default_factory=dict, description="Variant options, as on "
                                    "the command line, e.g. {\"players\": \"4\"}.")


class PuzzleRequest(OptionsRequest):
    """A puzzle of a variant."""

    seed: int = Field(0, ge=0, le=2**63 - 1, description="Which of the puzzles found.")


class LineRequest(OptionsRequest):
    """Perfect play from a position."""

    position: str | None = Field(None, description="Position text; omitted: the start.")
    plies: int = Field(12, ge=1, le=MAX_LINE, description="Plies at most.")
    seconds: float = Field(5.0, ge=0.1, le=10, description="Seconds in all.")


class ExplainRequest(OptionsRequest):
    """Moves of a variant in its notation."""

    moves: list[str] = Field(max_length=MAX_MOVES, description="Moves in the game's notation "
                             "(each as its position allowed; not checked against one).")


def mount(app: FastAPI, sessions: Sessions, data: Path | None) -> None:
    """Add the routes to ``app``; server-held games are looked up in ``sessions``, databases
    under ``data``."""
    mines: dict[tuple[str, frozenset[tuple[str, str]]], Mine] = {}
    mines_lock = threading.Lock()

    @app.post("/api/{game}/puzzle")
    def puzzle(game: str, body: PuzzleRequest) -> dict[str, Any]:
        """A position with exactly one winning (or one saving) move, found by the game's
        analysis, which checked every other legal move; 404 while none is found yet, 400
        when the analysis refuses the variant or gives only win probabilities."""
        played = service.game_for(game, body.options)
        if entry_of(played).analysis is None:
            raise GameNotSupportedError(f"{entry_of(played).title} has no analysis to find "
                                        f"puzzles with")
        with mines_lock:
            mine = mines.setdefault((game, frozenset(body.options.items())), Mine(played))
        with mine.lock:
            if len(mine.found) < KEPT:
                mine.more(played, data, MINE_SECONDS)
            found = sorted(mine.found)
            if not found:
                mine.give_up()
            chosen = mine.found[found[body.seed % len(found)]]
        return {**chosen.as_json(), "found": len(found)}

    @app.post("/api/{game}/line")
    def line(game: str, body: LineRequest) -> dict[str, Any]:
        """Perfect play from the position (a best move each ply, by the analysis): its moves
        and the positions they reach, the position itself first."""
        played = service.game_for(game, body.options)
        state = service.read_position(played, body.position)
        moves = perfect_line(played, state, data, body.plies, body.seconds)
        texts, positions = [], [played.format_position(state)]
        for move in moves:
            texts.append(played.format_move(state, move))
            state = played.play(state, move)
            positions.append(played.format_position(state))
        entry = entry_of(played)
        return {"moves": texts, "words": [entry.words(played, m) for m in texts],
                "positions": positions}

    @app.post("/api/{game}/variant")
    def variant(game: str, body: OptionsRequest) -> dict[str, Any]:
        """The variant's seats (letters and names), its engines, default and strengths (as
        ``/api/{game}/engines``) and the engine that gives hints."""
        entry, played = get_game(game), service.game_for(game, body.options)
        info = played.info
        return {"players": list(info.players),
                "names": [info.name_of(p) for p in range(info.num_players)],
                "start": played.format_position(played.initial_state()),
                **service.engines(played), "hint_engine": entry.hint_engine}

    @app.post("/api/{game}/explain")
    def explain(game: str, body: ExplainRequest) -> dict[str, Any]:
        """Each move in words (as written when the game's notation speaks for itself)."""
        played = service.game_for(game, body.options)
        entry = entry_of(played)
        return {"words": [entry.words(played, move[:200]) for move in body.moves]}

    @app.get("/board/session/{token}/narrow.svg", include_in_schema=False)
    def narrow_board(token: str, flip: str = "0") -> Response:
        """The token's seat's board laid out for a phone's narrow screen (taller, its text
        larger on the screen)."""
        def draw(played: AnyGame, state: Any, view: View) -> Picture:
            return service.picture(played, state, dataclasses.replace(view, narrow=True))

        return Response(sessions.picture(token, draw, flip == "1").svg(),
                        media_type="image/svg+xml")

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
