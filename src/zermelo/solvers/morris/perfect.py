"""The ``perfect`` Morris engine and analysis: every move's exact value from the solved tables.

A variant (board and flying rule) may have a full database (every position from the start) and
endgame tables (``endgame-K``: sliding positions with at most K stones a side); a position is
answered by the first of them that holds it (a database still being built holds the positions of
its finished tables). A placing position that no table holds is answered
by a search into the tables of every sliding position (:mod:`~zermelo.solvers.morris.placing`),
within the current search budget: its value always, its distance when the budget allows. Values
ignore the move limit and the repetition rule: a win is a forced win with no draw claimed on the
way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

from zermelo.core.value import Analysis, Value
from zermelo.games.morris.rules import PLAYERS, Morris, Move, Position
from zermelo.search.base import BudgetExhausted
from zermelo.solvers.morris.database import Database, scopes, unit_name, widest_buildable_scope
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.placing import INF, Outcome, PlacingSearch
from zermelo.solvers.morris.ultra import ULTRA, Filter, candidates, choose
from zermelo.tablebase.cache import kept, stamp
from zermelo.tablebase.store import MANIFEST, DatabaseError, default_root


class Tables:
    """The finished databases of one variant under a data directory."""

    def __init__(self, geometry: Geometry, data: Path | None = None) -> None:
        self.geometry = geometry
        self.data = data
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

        self._search: PlacingSearch | None = None

    def database_for(self, state: Position) -> Database | None:
        """The first database holding ``state``; None for a placing position that the search
        into the sliding tables answers; :class:`DatabaseError` if nothing answers it."""
        for database in self.databases:
            if database.holds(state):
                return database
        placing = bool(state.hand(0) or state.hand(1))
        if placing and self.sliding() is not None:
            return None
        whole = f"endgame-{self.geometry.board.stones}"
        building = next((d for d in self.databases if d.plan.scope == whole), None)
        if placing and building is not None:
            missing = sum(not building.store.has(t.name) for t in building.plan.tables())
            raise DatabaseError(f"a placing position is searched into every sliding table: "
                                f"{missing} of {len(building.plan.tables())} are still to "
                                f"build ('zermelo morris solve --board "
                                f"{self.geometry.board.name} --scope {whole}' goes on)")
        scope = ", ".join(d.plan.scope for d in self.databases)
        raise DatabaseError(f"no {self.geometry.name} table holds this position (built: "
                            f"{scope}): build a wider one with 'zermelo morris solve'")

    def sliding(self) -> Database | None:
        """The database of every sliding position (``endgame-K`` with K the stones a side), which
        the placing search reads, if built."""
        whole = f"endgame-{self.geometry.board.stones}"
        return next((d for d in self.databases if d.plan.scope == whole and d.complete), None)

    def search(self, memory: int = 64 << 20) -> PlacingSearch:
        """The placing search into :meth:`sliding`, with a transposition table of ``memory``
        bytes (made once: its table lives on)."""
        if self._search is None or self._search.memory < memory:
            database = self.sliding()
            assert database is not None
            plan = database.plan
            tables = {(s[0], s[1]): (database.table(unit_name(s)), plan.offset[s])
                      for s in plan.slices}
            self._search = PlacingSearch(plan.ix, self.geometry.flying, tables, memory)
        return self._search

    def lookup(self, state: Position) -> Value:
        """The value of ``state`` with perfect play (a placing position's distance only if the
        search finds it within the budget)."""
        database = self.database_for(state)
        if database is not None:
            return database.lookup(state)
        return self.search_value(state)[0]

    def search_value(self, state: Position, distance: bool = True,
                     listener: Callable[[int], None] | None = None) -> tuple[Value, Outcome]:
        """A placing position's value by search, and the search's outcome: win, draw or loss
        first, then (``distance``) the distance of a win or loss if the budget allows;
        :class:`BudgetExhausted` if even the value does not fit in it. ``listener`` is told
        the positions searched as it goes."""
        search = self.search()
        plain = (state.white, state.black, state.side, state.hand_white, state.hand_black)
        outcome = search.score(*plain, window=(-1, 1), listener=listener)
        if outcome.result == 0:
            return Value.draw(), outcome
        winner = PLAYERS[state.side if outcome.result > 0 else 1 - state.side]
        if distance:
            window = (0, INF) if outcome.result > 0 else (-INF, 0)
            try:
                outcome = search.score(*plain, window=window, listener=listener)
                return Value.win(winner, outcome.plies), outcome
            except BudgetExhausted:
                pass
        return Value.win(winner), outcome

    def analyze(self, state: Position) -> Analysis:
        """The value of ``state`` and of every legal move (a placing position's moves that the
        budget leaves no time for are left out)."""
        database = self.database_for(state)
        if database is not None:
            return database.analyze(state)
        game = self.databases[0].game
        self.search()  # the tables checked first: a check that runs out of time says so
        moves: list[tuple[Hashable, Value]] = []
        legal = game.legal_moves(state)
        for move in legal:
            try:
                moves.append((move, self.lookup(game.apply(state, move))))
            except BudgetExhausted:
                break
        mover = PLAYERS[state.side]
        if len(moves) == len(legal):
            top = max(moves, key=lambda mv: mv[1].for_player(mover))[1]
            value = _parent(top)
        else:
            try:
                value = self.search_value(state, distance=False)[0]
            except BudgetExhausted:
                raise BudgetExhausted(
                    f"not worked out in the time allowed ({len(moves)} of {len(legal)} moves "
                    "valued): a placing position is searched into the sliding-phase tables, "
                    "and more seconds ('zermelo morris analyze --seconds') may settle it"
                ) from None
        return Analysis.of(value, moves, mover)


def _parent(child: Value) -> Value:
    """The value of a position whose best move leads to ``child`` (a ply longer, when the
    child's distance is known)."""
    if child.player is None:
        return Value.draw()
    return Value.win(child.player, None if child.plies is None else child.plies + 1)


def _opener(geometry: Geometry, scope: str, data: Path | None) -> Callable[[], Database]:
    """Opens one database when called (what the process's cache calls on a miss)."""
    return lambda: Database.open(geometry, scope, data, partial=True)


class PerfectPlayer:
    """Plays a move that keeps the best value (sooner wins, later losses), chosen among equals
    by ``filters`` (:mod:`~zermelo.solvers.morris.ultra`; none: at random), the rest at random
    (seedable); with ``widen``, a lost side chooses among all its losing moves. A placing
    position that the tables do not hold (answered by search) is chosen at random: the
    measures' look-ups would each cost a search."""

    def __init__(self, tables: Tables, seed: int | None = None,
                 filters: Sequence[Filter] = ULTRA, widen: bool = False) -> None:
        self.tables = tables
        self.rng = random.Random(seed)
        self.filters = tuple(filters)
        self.widen = widen

    def __call__(self, game: Morris, state: Position) -> Move:
        moves = candidates(self.tables.analyze(state), PLAYERS[state.side], self.widen)
        if len(moves) > 1 and self.tables.database_for(state) is not None:
            moves = choose(game, self.tables.lookup, state, moves, self.filters)
        return self.rng.choice(moves)


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
