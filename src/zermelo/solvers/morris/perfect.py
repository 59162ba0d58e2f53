"""The ``perfect`` Morris engine and analysis: every move's exact value from the solved tables.

A variant (board and flying rule) may have a full database (every position from the start) and
endgame tables (``endgame-K``: sliding positions with at most K stones a side); a position is
answered by the first of them that holds it. Values ignore the move limit and the repetition
rule: a win is a forced win with no draw claimed on the way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from zermelo.core.game import Game
from zermelo.core.value import Analysis, Value
from zermelo.games.morris.rules import Morris, Position
from zermelo.solve.cache import kept, stamp
from zermelo.solve.store import MANIFEST, DatabaseError, default_root
from zermelo.solvers.morris.database import Database, scopes, widest_buildable_scope
from zermelo.solvers.morris.geometry import Geometry


class Tables:
    """The finished databases of one variant under a data directory."""

    def __init__(self, geometry: Geometry, data: Path | None = None) -> None:
        self.geometry = geometry
        self.databases: list[Database] = []
        for scope in scopes(geometry.board.stones):
            version = stamp(Database.store_for(geometry, scope, data).path / MANIFEST)
            if version is not None:
                self.databases.append(kept(("morris", geometry, scope, data), version,
                                           _opener(geometry, scope, data), Database.nbytes))
        if not self.databases:
            scope = widest_buildable_scope(geometry)
            wide = "" if scope == "full" else f" --scope {scope}"
            raise DatabaseError(f"no {geometry.name} database in {data or default_root()}: "
                                f"build one with 'zermelo morris solve --board "
                                f"{geometry.board.name}{wide}'")

    def database_for(self, state: Position) -> Database:
        """The first database holding ``state``."""
        for database in self.databases:
            if database.holds(state):
                return database
        scope = ", ".join(d.plan.scope for d in self.databases)
        raise DatabaseError(f"no {self.geometry.name} table holds this position (built: "
                            f"{scope}): build a wider one with 'zermelo morris solve'")

    def lookup(self, state: Position) -> Value:
        """The value of ``state`` with perfect play."""
        return self.database_for(state).lookup(state)

    def analyze(self, state: Position) -> Analysis:
        """The value of ``state`` and of every legal move."""
        return self.database_for(state).analyze(state)


def _opener(geometry: Geometry, scope: str, data: Path | None) -> Callable[[], Database]:
    """Opens one database when called (what the process's cache calls on a miss)."""
    return lambda: Database.open(geometry, scope, data)


class PerfectPlayer:
    """Plays a move that keeps the best value (sooner wins, later losses), at random among
    equals (seedable)."""

    def __init__(self, tables: Tables, seed: int | None = None) -> None:
        self.tables = tables
        self.rng = random.Random(seed)

    def __call__(self, game: Game[Any, Any], state: Position) -> Hashable:
        best: Hashable = self.rng.choice(self.tables.analyze(state).best)
        return best


def tables_of(game: Morris, data: Path | None) -> Tables:
    """The tables of ``game``'s board and flying rule."""
    return Tables(Geometry.of(game.board, game.flying), data)


def perfect(game: Morris, level: int | None, seed: int | None,
            data: Path | None) -> PerfectPlayer:
    """The ``perfect`` engine of ``game``'s variant."""
    return PerfectPlayer(tables_of(game, data), seed)


def analysis(game: Morris, state: Position, data: Path | None) -> Analysis:
    """The tables' value of ``state`` and of every legal move."""
    return tables_of(game, data).analyze(state)
