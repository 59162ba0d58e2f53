"""The FastAPI application: the JSON endpoints of :mod:`zermelo.web.service`, errors as JSON.

Every bad request answers ``{"error": "<one line>"}``: 404 for an unknown game or engine, 422
for a body that is not the JSON asked for or an option out of its range, 400 for a bad position
or an illegal move. Anything else is a bug: 500 ``{"error": "internal error: ..."}``.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import zermelo.web.learn as learn
import zermelo.web.service as service
from zermelo import __version__
from zermelo.core.errors import OptionError, UnknownNameError, ZermeloError
from zermelo.core.game import Information
from zermelo.core.picture import View
from zermelo.engines import create_engine
from zermelo.games.registry import AnyGame
from zermelo.web.limits import BodyLimit
from zermelo.web.sessions import PooledEngine, Sessions
from zermelo.web.workers import GRACE, Admission, Busy, Pool, TooMany, WorkerLost

PAGE = files("zermelo.web").joinpath("page.html")
"""The single page that plays through the API: no script, style or font from elsewhere."""


class PositionRequest(BaseModel):
    """A position of a game variant."""

    position: str | None = Field(None, description="Position text in the game's notation; "
                                 "omitted: the variant's start.")
    options: dict[str, str] = Field(default_factory=dict, description="Variant options, as on "
                                    "the command line, e.g. {\"board\": \"4x4\"}.")


class ThinkRequest(PositionRequest):
    """A position to think about, within a time."""

    seconds: float | None = Field(None, ge=0.1, le=60, description="Seconds a search may "
                                  "think (at most the server's --move-time; omitted: that).")


class MoveRequest(BaseModel):
    """A move."""

    move: str = Field(max_length=200, description="The move in the game's notation.")


class PlayRequest(PositionRequest, MoveRequest):
    """A move to play in a position."""


class SessionRequest(ThinkRequest):
    """A game held by the server: who plays each seat."""

    seats: dict[str, str] = Field(description="Each player's letter: \"person\" or an engine "
                                  "NAME[:LEVEL], e.g. {\"A\": \"person\", \"B\": \"random\"}.")
    seed: int | None = Field(None, description="Seed of the chance moves and engines, for a "
                             "game with no hidden part only (a game with hidden parts is dealt "
                             "from the server's own randomness).")


class EngineRequest(ThinkRequest):
    """An engine to ask for a move."""

    engine: str = Field(description="NAME or NAME:LEVEL, e.g. perfect or alphabeta:4.")
    seed: int | None = Field(None, description="Seed of the engine's random choices.")


_PATH = re.compile(r"/(?:[^\s/:'\"]+/)+([^\s/:'\"]+)")
MAX_MESSAGE = 200


def public(message: str) -> str:
    """An error message fit to send: one line, no absolute path of the server (only the last
    part of it), at most MAX_MESSAGE characters."""
    line = " ".join(_PATH.sub(r"\1", message).split())
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE - 3] + "..."


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": public(message)}, status_code=status)


def _validation_message(error: RequestValidationError) -> str:
    """The first problem of a request body, as one line."""
    first = error.errors()[0]
    if first.get("type") == "json_invalid":
        return f"bad JSON: {first.get('ctx', {}).get('error', first['msg'])}"
    where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "body"
    return f"{where}: {first['msg']}"


def client_of(request: Request) -> str:
    """The address a request came from (a proxy's client only when the server was told to
    trust that proxy: ``zermelo serve --proxy``)."""
    return request.client.host if request.client else ""


def create_app(db: Path | None = None, move_time: float = service.MOVE_TIME,
               workers: int = 0, sessions: Sessions | None = None,
               openspiel: Sequence[str] = (), worker_memory: int | None = None) -> FastAPI:
    """The application; database engines and analysis read under ``db`` (default location),
    search engines and analyses think at most ``move_time`` seconds, in a pool of ``workers``
    processes with ``worker_memory`` bytes each (0: in the application's own process, one
    search at a time, for tests); hidden-information games are held in ``sessions`` (default: a
    new :class:`Sessions`), their engines moving through the same pool. Of OpenSpiel's games
    only those named in ``openspiel`` are served."""
    pool: Pool | Admission = Admission()
    if workers:
        pool = Pool(workers) if worker_memory is None else Pool(workers, memory=worker_memory)
    sessions = sessions or Sessions()
    served = frozenset(openspiel)

    def game_for(name: str, options: dict[str, str]) -> AnyGame:
        service.check_served(name, served)
        return service.game_for(name, options)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        pool.close()

    app = FastAPIOffline(title="zermelo", version=__version__, lifespan=lifespan,
                         description="Stateless play: the client sends the position, the "
                                     "server answers.")  # /docs served without a CDN
    app.add_middleware(BodyLimit)

    async def heavy(request: Request, seconds: float, task: Callable[..., dict[str, Any]],
                    *args: Any) -> dict[str, Any]:
        """``task(*args, seconds)`` in the pool (cancelled if the client goes away), or here
        when no other search runs."""
        answer: dict[str, Any] = await pool.run_async(seconds + GRACE, request.is_disconnected,
                                                      task, *args, seconds,
                                                      client=client_of(request))
        return answer

    def budget(body: ThinkRequest) -> float:
        """The seconds a request may think: its own, at most the server's move time."""
        return move_time if body.seconds is None else min(body.seconds, move_time)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = error.detail if isinstance(error.detail, str) else "bad request"
        reason = "bad JSON: " if "parsing the body" in detail else ""
        return _error(error.status_code, reason + detail)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_message(error))

    @app.exception_handler(ZermeloError)
    async def bad_input(request: Request, error: ZermeloError) -> JSONResponse:
        if isinstance(error, UnknownNameError):
            return _error(404, str(error))
        if isinstance(error, Busy | WorkerLost):
            return _error(503, str(error))
        if isinstance(error, TooMany):
            return _error(429, str(error))
        return _error(422 if isinstance(error, OptionError) else 400, str(error))

    @app.exception_handler(Exception)
    async def failure(request: Request, error: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(error).__name__}, please report")

    learn.mount(app, sessions, db)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return PAGE.read_text(encoding="utf-8")

    @app.get("/board/{game}.svg", include_in_schema=False)
    def board(game: str, request: Request) -> Response:
        """The game's board picture of a position, with the path of clicks of each legal move;
        query: ``position``, ``before`` (the position before the last move, marked),
        ``flip=1`` and the variant options."""
        options = dict(request.query_params)
        position, before = options.pop("position", None), options.pop("before", None)
        flip = options.pop("flip", "0") == "1"
        variant = game_for(game, options)
        state = service.read_position(variant, position)
        earlier = None if before is None else service.read_position(variant, before)
        return Response(service.picture(variant, state, View(flip, earlier)).svg(),
                        media_type="image/svg+xml")

    @app.post("/api/{game}/sessions")
    def open_session(game: str, body: SessionRequest, request: Request) -> dict[str, Any]:
        """A game held by the server (for hidden information): a secret token per seat a
        person plays, engines on the others (moving in the worker pool)."""
        variant = game_for(game, body.options)
        players = variant.info.players
        unknown = [s for s in body.seats if s not in players]
        if unknown or len(body.seats) != len(players):
            raise OptionError(f"seats: name each of {', '.join(players)} once, as "
                              f"\"person\" or an engine")
        if body.seed is not None and variant.info.information is Information.IMPERFECT:
            raise OptionError("seed: a game with hidden parts is dealt from the server's own "
                              "randomness, not a seed")
        seconds = budget(body)
        people = [players.index(s) for s, who in body.seats.items() if who == "person"]
        engines = {}
        for seat, who in body.seats.items():
            if who != "person":
                create_engine(who, variant, seed=0, data=db)  # an unknown engine: 404 here
                seeds = None if body.seed is None else random.Random(body.seed)
                run = functools.partial(pool.run, client=client_of(request))
                engines[players.index(seat)] = PooledEngine(who, seconds, db, run, seeds)
        client = client_of(request)
        return {"tokens": sessions.open(variant, people, engines, seconds, body.seed, client)}

    @app.get("/api/sessions/{token}")
    def session_view(token: str) -> dict[str, Any]:
        """What the token's seat may see of its game."""
        return sessions.view(token)

    @app.post("/api/sessions/{token}/play")
    def session_play(token: str, body: MoveRequest) -> dict[str, Any]:
        """Play a move for the token's seat; the engines reply before the answer."""
        return sessions.play(token, body.move)

    @app.post("/api/sessions/{token}/undo")
    def session_undo(token: str) -> dict[str, Any]:
        """Take back the token's seat's last move (a game with one person): chance and the
        engines' replies after it are kept, to be replayed when play reaches them again."""
        return sessions.undo(token)

    @app.post("/api/sessions/{token}/redo")
    def session_redo(token: str) -> dict[str, Any]:
        """Play the last move taken back again: the same cards drawn, the same replies."""
        return sessions.redo(token)

    @app.get("/board/session/{token}.svg", include_in_schema=False)
    def session_board(token: str, flip: str = "0") -> Response:
        """The token's seat's board, drawn from what the seat may see."""
        return Response(sessions.picture(token, service.picture, flip == "1").svg(),
                        media_type="image/svg+xml")

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        """The games, their sides and start positions, and the engines."""
        return service.games()

    @app.post("/api/{game}/engines")
    def engines(game: str, body: PositionRequest) -> dict[str, Any]:
        """The engines that play the variant of ``options`` (``position`` is not read), the
        default one and the strengths in words."""
        return service.engines(game_for(game, body.options))

    @app.post("/api/{game}/analyze")
    async def analyze(game: str, body: ThinkRequest, request: Request) -> dict[str, Any]:
        """The game's analysis: the value of the position and of every legal move (from a
        database or a solver), best moves marked; 400 for a game without one."""
        variant = game_for(game, body.options)  # bad input is refused here, at once
        service.read_position(variant, body.position)
        return await heavy(request, budget(body), service.analyze_request, game, body.options,
                           body.position, db)

    @app.post("/api/{game}/moves")
    def moves(game: str, body: PositionRequest) -> dict[str, Any]:
        """The legal moves in the position."""
        variant = game_for(game, body.options)
        return service.moves(variant, service.read_position(variant, body.position))

    @app.post("/api/{game}/play")
    def play(game: str, body: PlayRequest) -> dict[str, Any]:
        """The position after a move."""
        variant = game_for(game, body.options)
        return service.play(variant, service.read_position(variant, body.position), body.move)

    @app.post("/api/{game}/engine")
    async def engine(game: str, body: EngineRequest, request: Request) -> dict[str, Any]:
        """An engine's move and the position after it."""
        variant = game_for(game, body.options)  # bad input is refused here, at once
        service.read_position(variant, body.position)
        return await heavy(request, budget(body), service.engine_request, game, body.options,
                           body.position, body.engine, body.seed, db)

    return app
