"""Morris boards solved by retrograde analysis: a value for every position of a scope.

A *slice* is every position with ``(m, o, mh, oh)``: the side to move has ``m`` stones on the
board and ``mh`` in hand, its opponent ``o`` and ``oh`` (:mod:`~zermelo.solvers.morris.kernels`
indexes it up to symmetry). Placing empties the hands, so slices with stones in hand never come
back; a move without a removal in the sliding phase leads from ``(m, o)`` to ``(o, m)`` and back,
so these two slices form one unit with cycles. Each unit is a table of one-byte codes
(:mod:`zermelo.tablebase.retrograde`), built after the units its removals lead to, through the
checksummed store, so a build resumes where it stopped.

Scopes: ``full`` is every slice reachable from the start (placing included); ``full-K`` every
slice reachable from a start with ``K`` stones a side to place (the tables of other starts,
as in Gévay and Danner's extended solution of Nine Men's Morris); ``endgame-K`` every sliding
position with 3 to ``K`` stones a side on the board and none in hand; ``all`` every table of
every scope. A slice's table is the same in every scope, so a variant keeps one store and a
scope is the set of its tables there: building ``full`` after ``endgame-9`` builds only the
placing tables.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from zermelo.core.errors import OptionError
from zermelo.core.value import Analysis, Value
from zermelo.games.morris.rules import PLAYERS, Morris, Position
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.indexing import Indexing, Slice
from zermelo.solvers.morris.kernels import histogram
from zermelo.solvers.morris.passes import EXTERNAL, INTERNAL
from zermelo.solvers.morris.unit import SliceMoves
from zermelo.tablebase.distributed import Recipe, build_on
from zermelo.tablebase.layered import BuildReport, Progress, TableSpec, Unit, build
from zermelo.tablebase.retrograde import Checkpoint, describe, solve_unit
from zermelo.tablebase.store import U8, DatabaseError, Store, default_root

if TYPE_CHECKING:
    from zermelo.tablebase.distributed import Workers

def slice_of(state: Position) -> Slice:
    """The slice of ``state``: the stones on the board and in hand of the side to move, then
    of its opponent."""
    side = state.side
    return (state.stones(side).bit_count(), state.stones(1 - side).bit_count(),
            state.hand(side), state.hand(1 - side))


def unit_name(s: Slice) -> str:
    """The table holding slice ``s``: ``s43`` (sliding, 4 and 3 stones, both orders) or
    ``p1265`` (placing)."""
    m, o, mh, oh = s
    if mh or oh:
        return f"p{m}{o}{mh}{oh}"
    return f"s{max(m, o)}{min(m, o)}"


class MorrisPlan:
    """The slices of a scope grouped into units (tables), each after the units it reads."""

    def __init__(self, geometry: Geometry, scope: str) -> None:
        board = geometry.board
        self.geometry = geometry
        self.scope = scope
        self.min = board.min_stones
        kind, top = parse_scope(scope, board.stones)
        if kind == "endgame":
            self.slices = self._endgame(top)
        elif kind == "full":
            self.slices = self._reachable(self.start_slice(top))
        else:
            every = set(self._endgame(board.stones))
            for k in range(self.min, board.stones + 1):
                every.update(self._reachable(self.start_slice(k)))
            self.slices = sorted(every)
        most = max(max(s[0], s[1]) for s in self.slices)
        self.ix = Indexing(geometry, most)
        units: dict[str, list[Slice]] = {}
        for s in sorted(self.slices, key=lambda s: (s[0] < s[1], s)):
            units.setdefault(unit_name(s), []).append(s)
        self.units_of = units
        self.offset: dict[Slice, int] = {}
        for members in units.values():
            at = 0
            for s in members:
                self.offset[s] = at
                at += self.ix.slice_size(s)
        self._order = self._ordered()
        self.progress: Progress | None = None
        """Told the work done while a table is solved (see :meth:`run`)."""
        self.work: Path | None = None
        """Where a table being solved saves its state (None: nowhere)."""

    @staticmethod
    def start_slice(stones: int) -> Slice:
        """The slice of a start with ``stones`` a side to place."""
        return (0, 0, stones, stones)

    def _endgame(self, top: int) -> list[Slice]:
        """The sliding slices with 3 to ``top`` stones a side."""
        n = self.geometry.board.size
        return [(a, b, 0, 0) for a in range(self.min, top + 1)
                for b in range(self.min, top + 1) if a + b <= n]

    def starts(self) -> list[int]:
        """The numbers of stones a side to place whose start and every table it reaches lie in
        this scope (Malom's "other starts": one set of tables answers several games)."""
        held = set(self.slices)
        return [k for k in range(self.min, self.geometry.board.stones + 1)
                if set(self._reachable(self.start_slice(k))) <= held]

    def children(self, s: Slice) -> tuple[Slice | None, Slice | None]:
        """The slices a move of slice ``s`` leads to, without and with a removal (None: none
        can, or the opponent has lost)."""
        m, o, mh, oh = s
        p = 1 if mh else 0
        n = self.geometry.points
        plain: Slice | None = (o, m + p, oh, mh - p) if m + p + o <= n else None
        takes = (o >= 1 and o - 1 + oh >= self.min and m + p >= 3
                 and not self.geometry.board.mill_wins)
        return plain, ((o - 1, m + p, oh, mh - p) if takes else None)

    def _reachable(self, start: Slice) -> list[Slice]:
        seen, todo = {start}, [start]
        while todo:
            for child in self.children(todo.pop()):
                if child is not None and child not in seen:
                    seen.add(child)
                    todo.append(child)
        return sorted(seen)

    def _ordered(self) -> list[str]:
        order: list[str] = []
        state: dict[str, int] = {}

        def visit(name: str) -> None:
            if state.get(name) == 2:
                return
            state[name] = 1
            for dep in self.depends(name):
                visit(dep)
            state[name] = 2
            order.append(name)

        for name in self.units_of:
            visit(name)
        return order

    def depends(self, name: str) -> tuple[str, ...]:
        """The units that the moves of unit ``name`` leave to."""
        deps = {unit_name(c) for s in self.units_of[name] for c in self.children(s)
                if c is not None} - {name}
        return tuple(sorted(deps))

    def tables(self) -> list[TableSpec]:
        return list(self._specs)

    @functools.cached_property
    def _specs(self) -> tuple[TableSpec, ...]:
        """The tables in build order (worked out once: the memory checks ask for them often)."""
        specs = []
        for name in self._order:
            members = self.units_of[name]
            size = sum(self.ix.slice_size(s) for s in members)
            label = " + ".join("{}{}/{}{}".format(*s) for s in members)
            specs.append(TableSpec(name, size, self.depends(name), label))
        return tuple(specs)

    def units(self, table: TableSpec) -> list[Unit]:
        return [Unit(table.name, 0, 1, table.size)]

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        """Solve one table: told to :attr:`progress` as it goes (twice its size in all), saving
        its state under :attr:`work` (if set) so that a killed build goes on from there."""
        report = self.progress
        told = None if report is None else (lambda positions: report(table, positions))
        saved = None if self.work is None else Checkpoint(self.work / table.name)
        out[:] = self.solve_unit(table.name, inputs, told, saved)

    def moves(self, name: str, inputs: dict[str, U8]) -> SliceMoves:
        """The moves of unit ``name``, leading inside it or to the finished ``inputs``."""
        members = self.units_of[name]
        targets = np.full((len(members), 2, 3), -1, np.int64)
        external: list[U8] = []
        for i, s in enumerate(members):
            for capture, child in enumerate(self.children(s)):
                if child is None:
                    continue
                where = unit_name(child)
                if where == name:
                    targets[i, capture] = (INTERNAL, members.index(child), child[0])
                    continue
                lo = self.offset[child]
                external.append(np.asarray(inputs[where][lo:lo + self.ix.slice_size(child)]))
                targets[i, capture] = (EXTERNAL, len(external) - 1, child[0])
        return SliceMoves(self.ix, self.geometry.flying, members, targets, external)

    def solve_unit(self, name: str, inputs: dict[str, U8],
                   progress: Callable[[int], None] | None = None,
                   checkpoint: Checkpoint | None = None) -> U8:
        """The codes of unit ``name`` from the finished tables it depends on."""
        return solve_unit(self.moves(name, inputs), progress, checkpoint)


def parse_scope(scope: str, stones: int) -> tuple[str, int]:
    """A scope's kind (``full``, ``endgame`` or ``all``) and its stones a side: ``full`` is
    ``full-{stones}``; :class:`OptionError` for anything else."""
    if scope in ("full", "all"):
        return scope, stones
    head, _, k = scope.partition("-")
    if (head not in ("full", "endgame") or not (k.isascii() and k.isdigit())
            or not 3 <= int(k) <= stones):
        raise OptionError(f"scope {scope[:20]!r}: 'full', 'full-K', 'endgame-K' (K from 3 "
                          f"to {stones}) or 'all'")
    return head, int(k)


@dataclass(frozen=True)
class SliceStats:
    """Raw positions of one slice (every symmetric copy counted) by value for the side to
    move, and its longest win with one position that needs it."""

    slice: Slice
    wins: int
    draws: int
    losses: int
    longest_win: int | None
    longest_position: Position | None


STATS = "stats"
"""The name of the counts :meth:`Database.stats` keeps beside the tables."""
WORK = ".work"
"""The folder of a store where the tables being solved save their state."""

UNIT_BYTES = 3
"""What a position of the table being solved takes in memory: its code, its count of
undecided moves and its best exit (:func:`zermelo.tablebase.retrograde.solve_unit`)."""
BUFFER_BYTES = 64 << 20
"""About what a solve holds besides: one batch of predecessors and the board's index arrays."""


def solve_command(geometry: Geometry, scope: str) -> str:
    """The command that builds a scope of a variant."""
    flying = "" if geometry.flying == geometry.board.flying else (
        f" -o flying={'yes' if geometry.flying else 'no'}")
    wide = "" if scope == "full" else f" --scope {scope}"
    return f"zermelo morris solve --board {geometry.board.name}{flying}{wide}"


def table_memory(plan: MorrisPlan, table: TableSpec) -> int:
    """Bytes a build holds while it solves ``table``: the table's working arrays and the
    finished tables its moves lead to, which it reads."""
    sizes = {t.name: t.size for t in plan.tables()}
    return UNIT_BYTES * table.size + sum(sizes[d] for d in table.depends) + BUFFER_BYTES


def machine_memory() -> int:
    """This machine's physical memory in bytes (the default budget of a build)."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def scopes(stones: int) -> list[str]:
    """The scopes a variant's tables may have, the widest first."""
    return ["full", *(f"endgame-{k}" for k in range(stones, 2, -1))]


@functools.lru_cache(maxsize=32)
def widest_buildable_scope(geometry: Geometry, memory: int | None = None) -> str:
    """The widest scope whose every table can be solved within ``memory`` bytes (default:
    this machine's)."""
    budget = machine_memory() if memory is None else memory
    for scope in scopes(geometry.board.stones):
        plan = MorrisPlan(geometry, scope)
        if all(table_memory(plan, t) <= budget for t in plan.tables()):
            return scope
    return f"endgame-{geometry.board.min_stones}"


class Database:
    """The solved positions of a board in one scope, read through memory maps."""

    def __init__(self, plan: MorrisPlan, store: Store) -> None:
        self.plan = plan
        self.store = store
        self.game = Morris(plan.geometry.board, flying=plan.geometry.flying, move_limit=0,
                           repetition=False)
        self._tables: dict[str, npt.NDArray[np.uint8]] = {}

    @staticmethod
    def store_for(geometry: Geometry, root: Path | None = None) -> Store:
        """The store of a board's tables, every scope's, under ``root`` (default:
        :func:`default_root`)."""
        return Store((root or default_root()) / f"morris-{geometry.name}", geometry.key())

    @classmethod
    def build(cls, geometry: Geometry, scope: str, root: Path | None = None,
              progress: Progress | None = None, plan: MorrisPlan | None = None,
              workers: Workers | None = None) -> tuple[Database, BuildReport]:
        """Build (or finish building) every table of the scope, in this process or on the Dask
        cluster of ``workers``; ``plan``, if given, is the scope's plan made already (it costs a
        pass over every placement). ``progress`` is told twice a table's positions in all; in
        this process a table being solved saves its state under :data:`WORK` now and then."""
        plan = plan or MorrisPlan(geometry, scope)
        store = cls.store_for(geometry, root)
        if workers is None:
            plan.progress, plan.work = progress, store.path / WORK
            try:
                report = build(plan, store)
            finally:
                plan.progress = plan.work = None
        else:
            report = build_on(workers, Recipe(MorrisPlan, (geometry, scope)), store, progress, plan)
        return cls(plan, store), report

    @classmethod
    def open(cls, geometry: Geometry, scope: str, root: Path | None = None,
             partial: bool = False) -> Database:
        """A finished database (``partial``: or one being built, which answers the positions of
        its finished tables); :class:`DatabaseError` if it is missing or unfinished."""
        plan = MorrisPlan(geometry, scope)
        store = cls.store_for(geometry, root)
        missing = [t.name for t in plan.tables() if not store.has(t.name)]
        if missing and (not partial or len(missing) == len(plan.tables())):
            raise DatabaseError(f"no finished {geometry.name} {scope} database in {store.path} "
                                f"({len(missing)} of {len(plan.tables())} tables missing): "
                                f"build it with '{solve_command(geometry, scope)}'")
        return cls(plan, store)

    def table(self, name: str) -> npt.NDArray[np.uint8]:
        if name not in self._tables:
            self._tables[name] = self.store.read(name)
        return self._tables[name]

    def nbytes(self) -> int:
        """The memory its indexing arrays take (the tables are memory maps)."""
        return sum(int(a.nbytes) for a in vars(self.plan.ix).values()
                   if isinstance(a, np.ndarray))

    def holds(self, state: Position) -> bool:
        """Whether the tables answer ``state`` (a finished game needs none)."""
        s = slice_of(state)
        return ((s in self.plan.offset and self.store.has(unit_name(s)))
                or self.game.end(state) is not None)

    @property
    def complete(self) -> bool:
        """Whether every table of the scope is built."""
        return all(self.store.has(t.name) for t in self.plan.tables())

    def code(self, state: Position) -> int:
        """The stored code of a position that is not over (see
        :mod:`zermelo.tablebase.retrograde`)."""
        s = slice_of(state)
        if s not in self.plan.offset:
            raise DatabaseError(f"no {'/'.join(map(str, s))} positions in the "
                                f"{self.plan.scope} database of {self.plan.geometry.name}")
        side = state.side
        index = self.plan.offset[s] + self.plan.ix.locate(state.stones(side),
                                                          state.stones(1 - side))
        return self.store.value(unit_name(s), index)  # only its block checked, not the table

    def lookup(self, state: Position) -> Value:
        """The value of ``state`` with perfect play (no move limit, no repetition rule)."""
        over = self.game.end(state)
        if over is not None:
            winner = over[0]
            return Value.draw() if winner is None else Value.win(PLAYERS[winner], 0)
        outcome, plies = describe(self.code(state))
        if outcome == 0:
            return Value.draw()
        return Value.win(PLAYERS[state.side if outcome > 0 else 1 - state.side], plies)

    def analyze(self, state: Position) -> Analysis:
        """The position's value and every legal move's."""
        return Analysis.by_position(self.game, state, self.lookup)

    def stats(self) -> list[SliceStats]:
        """Win/draw/loss counts of every slice of the scope and its longest win (each slice
        counted once, then kept beside the tables)."""
        saved = self.store.load_json(STATS)
        counts: dict[str, list[Any]] = saved if isinstance(saved, dict) else {}
        labels = {s: "/".join(map(str, s)) for s in self.plan.slices}
        missing = [s for s in self.plan.slices if labels[s] not in counts]
        for s in missing:
            counts[labels[s]] = self._slice_stats(s)
        if missing:
            self.store.save_json(STATS, counts)
        out = []
        for s in self.plan.slices:
            wins, draws, losses, longest, where = counts[labels[s]]
            position = None if where is None else self._state(s, where[0], where[1])
            out.append(SliceStats(s, wins, draws, losses, longest, position))
        return out

    def _slice_stats(self, s: Slice) -> list[Any]:
        """:class:`SliceStats` of slice ``s`` as plain data (the longest win's stones
        ``(mover, opp)``)."""
        ix = self.plan.ix
        lo = self.plan.offset[s]
        codes = np.asarray(self.table(unit_name(s))[lo:lo + ix.slice_size(s)])
        hist = histogram(codes, s[0], s[1], ix.n, ix.nclasses, ix.sizes, ix.binom)
        longest = max((c - 1 for c in range(2, 256, 2) if hist[c]), default=None)
        where = None
        if longest is not None:
            where = ix.position(s, int(np.flatnonzero(codes == longest + 1)[0]))
        return [int(hist[2::2].sum()), int(hist[0]), int(hist[1::2].sum()), longest, where]

    def _state(self, s: Slice, mover: int, opp: int) -> Position:
        """The position of slice ``s`` with these stones: the mover is Black when it has a
        stone more in hand (it places second), else White."""
        if s[2] > s[3]:
            return Position(opp, mover, 1, s[3], s[2])
        return Position(mover, opp, 0, s[2], s[3])

    def start(self) -> Position:
        """The starting position."""
        return self.game.initial_state()

