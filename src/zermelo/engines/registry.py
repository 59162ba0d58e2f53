"""The engines by name: ``NAME`` or ``NAME:LEVEL``, built for one game variant."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from zermelo.core.errors import GameNotSupportedError, UnknownNameError, ZermeloError
from zermelo.games.registry import AnyGame
from zermelo.search.players import Player, RandomPlayer, SearchPlayer
from zermelo.solve.store import MANIFEST, default_root

if TYPE_CHECKING:
    from zermelo.games.connect4.rules import ConnectFour
    from zermelo.games.connect4.solver import Solver
    from zermelo.games.musketeers.database import Database

T = TypeVar("T")

Factory = Callable[[AnyGame, int | None, int | None, Path | None], Player]
"""Builds an engine from the game, the level (None: the default), a seed and a database root."""


@dataclass(frozen=True)
class EngineInfo:
    """An engine as front ends see it."""

    name: str
    summary: str
    level: str | None
    """What the level after the colon means (None: the engine takes no level)."""
    default_level: int | None
    min_level: int
    games: tuple[str, ...] | None
    """The games it plays (None: every game)."""
    create: Factory


def _random(game: AnyGame, level: int | None, seed: int | None, db: Path | None) -> Player:
    return RandomPlayer(seed)


def _alphabeta(game: AnyGame, level: int | None, seed: int | None, db: Path | None) -> Player:
    return SearchPlayer("alphabeta-tt", depth=level, seed=seed)


def _mcts(game: AnyGame, level: int | None, seed: int | None, db: Path | None) -> Player:
    return SearchPlayer("mcts", iterations=level or 1, seed=0 if seed is None else seed)


def open_database(game: AnyGame, db: Path | None) -> Database:
    """The Three Musketeers database of ``game``'s variant under ``db`` (default location).

    Opened databases are kept (building the indexing tables takes about a second on 5x5) and
    opened anew when the manifest changes, e.g. after a build adds tables."""
    from zermelo.games.musketeers.database import Database
    from zermelo.games.musketeers.indexing import Variant
    from zermelo.games.musketeers.rules import ThreeMusketeers

    if not isinstance(game, ThreeMusketeers):
        raise GameNotSupportedError(f"no database for {game.info.title}")
    variant = Variant.of(game)
    stamp = _stamp((db or default_root()) / variant.name / MANIFEST)
    if stamp is None:
        return Database.open(variant, db)  # raises the "build it first" error
    return _kept(("musketeers", variant, db), stamp, lambda: Database.open(variant, db))


def _perfect(game: AnyGame, level: int | None, seed: int | None, db: Path | None) -> Player:
    from zermelo.games.connect4.rules import ConnectFour

    if isinstance(game, ConnectFour):
        from zermelo.engines.solver import SolverPlayer

        return SolverPlayer(_connect4_solver(game, db), seed)
    from zermelo.engines.database import PerfectPlayer

    return PerfectPlayer(open_database(game, db), seed)


def _connect4_solver(game: ConnectFour, db: Path | None) -> Solver:
    """A solver of ``game``'s board with its opening book, if any (see
    :meth:`OpeningBook.find`), kept: its table (about 235 MB on 7x6) takes time to set up and
    keeps what earlier moves found. A book written later is picked up."""
    from zermelo.games.connect4.book import OpeningBook
    from zermelo.games.connect4.solver import Solver

    path = OpeningBook.locate(game.board, db)
    stamp = None if path is None else _stamp(path)
    return _kept(("connect4", game.board, db), stamp, lambda: Solver(
        game, book=None if path is None else OpeningBook.load(path, game.board)))


_KEPT: dict[Hashable, tuple[int | None, Any]] = {}
_KEPT_LOCK = threading.Lock()


def _stamp(path: Path) -> int | None:
    """The modification time of ``path`` (None if it does not exist)."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def _kept(key: Hashable, stamp: int | None, make: Callable[[], T]) -> T:
    """The object kept under ``key``, made anew by ``make()`` when ``stamp`` (the modification
    time of the files it reads) changed."""
    with _KEPT_LOCK:
        kept = _KEPT.get(key)
        if kept is None or kept[0] != stamp:
            kept = _KEPT[key] = (stamp, make())
        result: T = kept[1]
        return result


def _heuristic(evaluation: str) -> Factory:
    """The factory of Connect Four's depth-limited alpha-beta with ``evaluation``."""

    def create(game: AnyGame, level: int | None, seed: int | None, db: Path | None) -> Player:
        from zermelo.games.connect4.heuristic import heuristic_player

        return heuristic_player(evaluation, level or 1)

    return create


def _swindle(game: AnyGame, level: int | None, seed: int | None, db: Path | None) -> Player:
    from zermelo.engines.database import SwindlePlayer

    return SwindlePlayer(open_database(game, db), seed, level or 0)


ENGINES: dict[str, EngineInfo] = {
    e.name: e
    for e in (
        EngineInfo("random", "a uniformly random legal move", None, None, 0, None, _random),
        EngineInfo("alphabeta", "alpha-beta with a transposition table to a depth limit",
                   "depth in plies", 4, 1, None, _alphabeta),
        EngineInfo("mcts", "UCT Monte Carlo tree search", "simulations", 1000, 1, None, _mcts),
        EngineInfo("perfect", "the best move of the database (Three Musketeers) or of the "
                   "strong solver (Connect Four), at random among equals",
                   None, None, 0, ("musketeers", "connect4"), _perfect),
        EngineInfo("heuristic", "alpha-beta to a depth limit scoring threats (by row parity), "
                   "open windows and the centre", "depth in plies", 6, 1, ("connect4",),
                   _heuristic("threats")),
        EngineInfo("heuristic-seed", "alpha-beta to a depth limit with seed 002's evaluation "
                   "(two in a row +10, three +100)", "depth in plies", 4, 1, ("connect4",),
                   _heuristic("seed")),
        EngineInfo("swindle", "perfect when winning; when lost, the slowest loss that leaves "
                   "the most replies that hand back the win", "plies of slack", 0, 0,
                   ("musketeers",), _swindle),
    )
}


def parse_spec(spec: str) -> tuple[EngineInfo, int | None]:
    """``"alphabeta:3"`` -> (the alphabeta entry, 3); the default level when none is given."""
    name, colon, level_text = spec.strip().partition(":")
    info = ENGINES.get(name.lower())
    if info is None:
        raise UnknownNameError(f"no engine {name!r} (known: {', '.join(ENGINES)})")
    if not colon:
        return info, info.default_level
    if info.level is None:
        raise ZermeloError(f"engine {name!r} takes no level")
    if not level_text.isdigit():
        raise ZermeloError(f"engine {spec!r}: the level ({info.level}) must be a whole number")
    level = int(level_text)
    if level < info.min_level:
        raise ZermeloError(f"engine {spec!r}: the level ({info.level}) must be at least "
                           f"{info.min_level}")
    return info, level


def create_engine(spec: str, game: AnyGame, *, seed: int | None = None,
                  db: Path | None = None) -> Player:
    """The engine ``spec`` (``NAME`` or ``NAME:LEVEL``) playing ``game``; database engines read
    their tables under ``db`` (default: the standard location)."""
    info, level = parse_spec(spec)
    if info.games is not None and game.info.name not in info.games:
        raise GameNotSupportedError(
            f"engine {info.name!r} plays only {', '.join(info.games)}, not {game.info.name}")
    return info.create(game, level, seed, db)
