"""The ``perfect`` Morris engine and analysis: every move's exact value from the solved tables.

A variant (board and flying rule) keeps its tables in one store, whatever scopes built them
(``full``: every position from the start; ``endgame-K``: sliding positions with at most K
stones a side; ``full-K``: the start with K stones a side); a position is answered by its
slice's table when that is built. A placing position that no table holds is answered
by a search into the tables of every sliding position (:mod:`~zermelo.solvers.morris.placing`),
within the current search budget: its value always, its distance when the budget allows. Values
ignore the move limit and the repetition rule: a win is a forced win with no draw claimed on the
way.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

from zermelo.core.value import Analysis, Value
from zermelo.games.morris.rules import PLAYERS, Morris, Move, Position
from zermelo.search.base import BudgetExhausted
from zermelo.solvers.morris.cluster import estimated_seconds
from zermelo.solvers.morris.database import (
    Database,
    MorrisPlan,
    slice_of,
    solve_command,
    table_memory,
    unit_name,
    widest_buildable_scope,
)
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.placing import INF, Outcome, PlacingSearch
from zermelo.solvers.morris.tiebreak import MODELLED, Filter, candidates, choose
from zermelo.tablebase.background import wait_for
from zermelo.tablebase.cache import kept, stamp
from zermelo.tablebase.layered import Progress, missing_positions
from zermelo.tablebase.store import MANIFEST, DatabaseError, default_root

ON_DEMAND = 20_000_000
"""The most positions a scope may still need for it to be built when a position first asks for
it (Six Men's Morris whole: 3.7 M, seconds; the standard board's start with four stones a side:
7.2 M): larger builds are left to ``zermelo morris solve``, whose cost the error states."""


class Tables:
    """The tables of one variant under a data directory, whatever scopes built them; a small
    scope a position needs is built when first asked for (:data:`ON_DEMAND`)."""

    def __init__(self, geometry: Geometry, data: Path | None = None,
                 on_demand: bool = True) -> None:
        """``on_demand``: build the small scope a position needs when first asked for."""
        self.geometry = geometry
        self.data = data
        self.on_demand = on_demand
        self._database: Database | None = None
        self._search: PlacingSearch | None = None

    @property
    def database(self) -> Database:
        """The variant's tables as one database (:class:`DatabaseError` if none is built)."""
        if self._database is None:
            version = stamp(Database.store_for(self.geometry, self.data).path / MANIFEST)
            if version is None:
                raise DatabaseError(f"no {self.geometry.name} database in "
                                    f"{self.data or default_root()}: "
                                    f"{build_advice(self.geometry)}")
            self._database = kept(("morris", self.geometry, self.data), version,
                                  _opener(self.geometry, self.data), Database.nbytes)
        return self._database

    def small_build(self, state: Position) -> tuple[MorrisPlan, int] | None:
        """The narrowest scope holding ``state`` and its positions still to build, if there are
        some and no more than :data:`ON_DEMAND`; None otherwise."""
        scope = narrowest_scope(self.geometry, state) if self.on_demand else None
        if scope is None:
            return None
        plan = plan_of(self.geometry, scope)
        missing = missing_positions(plan, Database.store_for(self.geometry, self.data))
        return (plan, missing) if 0 < missing <= ON_DEMAND else None

    def build(self, plan: MorrisPlan, progress: Progress | None = None) -> None:
        """Build ``plan``'s missing tables here (``progress`` told the work done, twice a
        table's positions in all), then read the tables anew."""
        Database.build(self.geometry, plan.scope, self.data, progress, plan)
        self._database = None
        self._search = None

    def database_for(self, state: Position) -> Database | None:
        """The database if its tables hold ``state`` (a small scope built first if it must);
        None for a placing position that the search into the sliding tables answers;
        :class:`DatabaseError` if nothing answers it."""
        if self._holds(state):
            return self.database
        small = self.small_build(state)
        if small is not None:  # a build stopped before goes on from its finished tables
            plan, missing = small
            total = 2 * sum(t.size for t in plan.tables())
            wait_for(("morris", self.geometry, self.data, plan.scope),
                     lambda report: self.build(plan, lambda _, more: report(more)), total,
                     f"{self.geometry.name} {plan.scope}", total - 2 * missing)
            self._search = None
        self._database = None  # opened before a build (here or elsewhere) ended: look again
        if self.database.holds(state):
            return self.database
        if not (state.hand(0) or state.hand(1)):
            raise DatabaseError(f"no {self.geometry.name} table holds this position: "
                                f"{build_advice(self.geometry)}")
        stones = max(state.stones(s).bit_count() + state.hand(s) for s in (0, 1))
        scope = f"endgame-{max(stones, self.geometry.board.min_stones)}"
        needed = [t.name for t in plan_of(self.geometry, scope).tables()]
        missing = sum(not self.database.store.has(name) for name in needed)
        if missing:
            raise DatabaseError(f"the placing search needs {missing} more sliding "
                                f"table{'s' if missing > 1 else ''}: "
                                f"{build_advice(self.geometry, scope, self.database.store.has)}")
        return None

    def _holds(self, state: Position) -> bool:
        """Whether the tables as opened hold ``state`` (none opened: none built)."""
        try:
            return self.database.holds(state)
        except DatabaseError:
            return False

    def search(self, memory: int = 64 << 20) -> PlacingSearch:
        """The placing search into the built sliding tables, with a transposition table of
        ``memory`` bytes (made once: its table lives on)."""
        if self._search is None or self._search.memory < memory:
            database = self.database
            plan, store = database.plan, database.store
            tables = {(s[0], s[1]): (database.table(unit_name(s)), plan.offset[s])
                      for s in plan.slices
                      if not s[2] and not s[3] and store.has(unit_name(s))}
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
        game = self.database.game
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


def _opener(geometry: Geometry, data: Path | None) -> Callable[[], Database]:
    """Opens a variant's tables, every scope's, when called (what the process's cache calls
    on a miss)."""
    return lambda: Database.open(geometry, "all", data, partial=True)


@functools.lru_cache(maxsize=32)
def plan_of(geometry: Geometry, scope: str) -> MorrisPlan:
    """The plan of a scope, made once a process (it indexes every stone set)."""
    return MorrisPlan(geometry, scope)


def narrowest_scope(geometry: Geometry, state: Position) -> str | None:
    """The smallest scope whose tables hold ``state``: ``endgame-K`` for a sliding position,
    the first ``full-K`` holding its slice for a placing one (None: none does)."""
    s = slice_of(state)
    least = geometry.board.min_stones
    if not s[2] and not s[3]:
        top = max(s[0], s[1], least)
        return f"endgame-{top}" if top <= geometry.board.stones else None
    first = max(least, s[0] + s[2], s[1] + s[3])
    for stones in range(first, geometry.board.stones + 1):
        scope = "full" if stones == geometry.board.stones else f"full-{stones}"
        if s in plan_of(geometry, scope).offset:
            return scope
    return None


def build_advice(geometry: Geometry, scope: str | None = None,
                 built: Callable[[str], bool] | None = None) -> str:
    """What to build for a variant's perfect play and what it costs: ``scope`` (default: the
    widest this machine's memory allows), the positions of its tables not yet ``built``, the
    disk of the whole scope, the memory, and the hours at the rates measured here."""
    scope = scope or widest_buildable_scope(geometry)
    plan = plan_of(geometry, scope)
    tables = plan.tables()
    todo = [t for t in tables if built is None or not built(t.name)] or tables
    positions = sum(t.size for t in todo)
    memory = max(table_memory(plan, t) for t in todo)
    hours = estimated_seconds(todo) / 3600
    duration = f"{hours:.1f} h" if hours >= 1 else f"{max(1, round(hours * 60))} min"
    left = " left" if len(todo) < len(tables) else ""
    disk = _amount(sum(t.size for t in tables))
    return (f"build with '{solve_command(geometry, scope)}' "
            f"({_amount(positions).rstrip()} positions{left}, {disk}B, {_amount(memory)}B of "
            f"memory, about {duration} here)")


def _amount(count: int) -> str:
    """A count in words of thousands: ``27.8 G``, ``7.2 M``, ``886``."""
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} "


class PerfectPlayer:
    """Plays a move that keeps the best value (sooner wins, later losses), chosen among equals
    by ``filters`` (:mod:`~zermelo.solvers.morris.tiebreak`; none: at random), the rest at random
    (seedable); with ``widen``, a lost side chooses among all its losing moves. A placing
    position that the tables do not hold (answered by search) is chosen at random: the
    measures' look-ups would each cost a search."""

    def __init__(self, tables: Tables, seed: int | None = None,
                 filters: Sequence[Filter] = MODELLED, widen: bool = False) -> None:
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


def plays(game: Morris) -> bool:
    """Whether the ``perfect`` engine can play ``game`` from its start with the tables under
    the default data directory: they hold the start, or can be built when first asked for. The
    sliding tables alone do not do: the search of the placing phase into them takes minutes a
    move near the start."""
    tables = tables_of(game, None)
    start = game.initial_state()
    if tables.small_build(start) is not None:
        return True
    if not Database.store_for(tables.geometry).exists:
        return False
    try:
        return tables.database_for(start) is not None
    except DatabaseError:
        return False


def perfect(game: Morris, level: int | None, seed: int | None,
            data: Path | None) -> PerfectPlayer:
    """The ``perfect`` engine of ``game``'s variant; the tables of a small variant are built
    now if missing (within the current budget, see :meth:`Tables.database_for`)."""
    tables = tables_of(game, data)
    tables.database_for(game.initial_state())
    return PerfectPlayer(tables, seed)


def analysis(game: Morris, state: Position, data: Path | None) -> Analysis:
    """The tables' value of ``state`` and of every legal move."""
    return tables_of(game, data).analyze(state)
