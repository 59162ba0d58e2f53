"""The FastAPI application: the JSON endpoints of :mod:`zermelo.web.service`, errors as JSON.

Every bad request answers ``{"error": "<one line>"}``: 404 for an unknown game or engine, 422
for a body that is not the JSON asked for or an option out of its range, 400 for a bad position
or an illegal move. Anything else is a bug: 500 ``{"error": "internal error: ..."}``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
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

import zermelo.web.service as service
from zermelo import __version__
from zermelo.core.errors import OptionError, UnknownNameError, ZermeloError
from zermelo.games.registry import get_game
from zermelo.web.limits import BodyLimit
from zermelo.web.svg import text_to_svg
from zermelo.web.workers import GRACE, Busy, Pool

PAGE = files("zermelo.web").joinpath("page.html")
"""The single page that plays through the API: no script, style or font from elsewhere."""


class PositionRequest(BaseModel):
    """A position of a game variant."""

    position: str | None = Field(None, description="Position text in the game's notation; "
                                 "omitted: the variant's start.")
    options: dict[str, str] = Field(default_factory=dict, description="Variant options, as on "
                                    "the command line, e.g. {\"board\": \"4x4\"}.")


class PlayRequest(PositionRequest):
    """A move to play in a position."""

    move: str = Field(description="The move in the game's notation.")


class EngineRequest(PositionRequest):
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


def create_app(db: Path | None = None, move_time: float = service.MOVE_TIME,
               workers: int = 0) -> FastAPI:
    """The application; database engines and analysis read under ``db`` (default location),
    search engines and analyses think at most ``move_time`` seconds, in a pool of ``workers``
    processes (0: in the server's own process)."""
    pool = Pool(workers) if workers else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        if pool is not None:
            pool.close()

    app = FastAPIOffline(title="zermelo", version=__version__, lifespan=lifespan,
                         description="Stateless play: the client sends the position, the "
                                     "server answers.")  # /docs served without a CDN
    app.add_middleware(BodyLimit)

    def heavy(task: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
        """``task(*args)`` in the pool when there is one, else here."""
        if pool is None:
            return task(*args)
        answer: dict[str, Any] = pool.run(move_time + GRACE, task, *args)
        return answer

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
        if isinstance(error, Busy):
            return _error(503, str(error))
        return _error(422 if isinstance(error, OptionError) else 400, str(error))

    @app.exception_handler(Exception)
    async def failure(request: Request, error: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(error).__name__}, please report")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return PAGE.read_text(encoding="utf-8")

    @app.get("/board/{game}.svg", include_in_schema=False)
    def board(game: str, request: Request) -> Response:
        """The game's own drawing of a position, with where each legal move is clicked;
        query: ``position`` and the variant options."""
        options = dict(request.query_params)
        position = options.pop("position", None)
        variant = service.game_for(game, options)
        state = service.read_position(variant, position)
        render = get_game(game).draw
        moves = [(variant.format_move(state, m), render(variant, variant.apply(state, m)))
                 for m in variant.legal_moves(state)]
        return Response(text_to_svg(render(variant, state), moves), media_type="image/svg+xml")

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        """The games, their sides and start positions, and the engines."""
        return service.games()

    @app.post("/api/{game}/analyze")
    def analyze(game: str, body: PositionRequest) -> dict[str, Any]:
        """The game's analysis: the value of the position and of every legal move (from a
        database or a solver), best moves marked; 400 for a game without one."""
        variant = service.game_for(game, body.options)  # bad input is refused here, at once
        service.read_position(variant, body.position)
        return heavy(service.analyze_request, game, body.options, body.position, db, move_time)

    @app.post("/api/{game}/moves")
    def moves(game: str, body: PositionRequest) -> dict[str, Any]:
        """The legal moves in the position."""
        variant = service.game_for(game, body.options)
        return service.moves(variant, service.read_position(variant, body.position))

    @app.post("/api/{game}/play")
    def play(game: str, body: PlayRequest) -> dict[str, Any]:
        """The position after a move."""
        variant = service.game_for(game, body.options)
        return service.play(variant, service.read_position(variant, body.position), body.move)

    @app.post("/api/{game}/engine")
    def engine(game: str, body: EngineRequest) -> dict[str, Any]:
        """An engine's move and the position after it."""
        variant = service.game_for(game, body.options)  # bad input is refused here, at once
        service.read_position(variant, body.position)
        return heavy(service.engine_request, game, body.options, body.position, body.engine,
                     body.seed, db, move_time)

    return app
