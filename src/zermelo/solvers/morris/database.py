"""Morris boards solved by retrograde analysis: a value for every position of a scope.

A *slice* is every position with ``(m, o, mh, oh)``: the side to move has ``m`` stones on the
board and ``mh`` in hand, its opponent ``o`` and ``oh`` (:mod:`~zermelo.solvers.morris.kernels`
indexes it up to symmetry). Placing empties the hands, so slices with stones in hand never come
back; a move without a removal in the sliding phase leads from ``(m, o)`` to ``(o, m)`` and back,
so these two slices form one unit with cycles. Each unit is a table of one-byte codes
(:mod:`zermelo.solve.retrograde`), built after the units its removals lead to, through the
checksummed store, so a build resumes where it stopped.

Scopes: ``full`` is every slice reachable from the start (placing included); ``endgame-K`` is
every sliding position with 3 to ``K`` stones a side on the board and none in hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from zermelo.core.errors import OptionError
from zermelo.core.value import Analysis, Value
from zermelo.games.morris.rules import PLAYERS, Morris, Position
from zermelo.solve.distributed import Recipe, build_on
from zermelo.solve.layered import BuildReport, Progress, TableSpec, Unit, build
from zermelo.solve.retrograde import NONE, describe, solve_graph
from zermelo.solve.store import U8, DatabaseError, Store, default_root
from zermelo.solvers.morris import kernels
from zermelo.solvers.morris.geometry import Geometry

if TYPE_CHECKING:
    from zermelo.solve.distributed import Workers

Slice = tuple[int, int, int, int]
"""``(m, o, mh, oh)``: stones on the board and in hand of the side to move and of the other."""


def unit_name(s: Slice) -> str:
    """The table holding slice ``s``: ``s43`` (sliding, 4 and 3 stones, both orders) or
    ``p1265`` (placing)."""
    m, o, mh, oh = s
    if mh or oh:
        return f"p{m}{o}{mh}{oh}"
    return f"s{max(m, o)}{min(m, o)}"


class Indexing:
    """The classes of the mover's stone sets for 0..``most`` stones, as stacked arrays."""

    def __init__(self, geometry: Geometry, most: int) -> None:
        self.geometry = geometry
        n = geometry.points
        self.n = n
        self.adj, self.point_mills, self.mill_masks, self.syms, self.flags = geometry.arrays()
        self.binom = np.array([[comb(p, k) for k in range(n + 2)] for p in range(n + 2)],
                              np.int64)
        per_m = [kernels.classes(n, m, self.syms, self.binom) for m in range(most + 1)]
        widest = max(len(c[0]) for c in per_m)
        count = max(len(c[2]) for c in per_m)
        self.class_of = np.zeros((most + 1, widest), np.int32)
        self.sym_of = np.zeros((most + 1, widest), np.int8)
        self.reps = np.zeros((most + 1, count), np.int64)
        self.sizes = np.zeros((most + 1, count), np.int64)
        self.nclasses = np.array([len(c[2]) for c in per_m], np.int64)
        for m, (class_of, sym_of, reps, sizes) in enumerate(per_m):
            self.class_of[m, :len(class_of)] = class_of
            self.sym_of[m, :len(sym_of)] = sym_of
            self.reps[m, :len(reps)] = reps
            self.sizes[m, :len(sizes)] = sizes
        self.free_at = kernels.free_points(self.reps, self.nclasses, n)
        self.stab = kernels.stabilizers(self.reps, self.nclasses, self.syms)

    def slice_size(self, s: Slice) -> int:
        """Stored positions of slice ``s``."""
        return int(self.nclasses[s[0]]) * comb(self.n - s[0], s[1])

    def locate(self, mover: int, opp: int) -> int:
        """The index of a position in its slice."""
        m = mover.bit_count()
        return int(kernels.locate(np.int64(mover), np.int64(opp), m, self.class_of,
                                  self.sym_of, self.stab, self.free_at, self.syms, self.binom))

    def position(self, s: Slice, index: int) -> tuple[int, int]:
        """The stones ``(mover, opp)`` of entry ``index`` of slice ``s``."""
        m, o = s[0], s[1]
        c, rank = divmod(index, comb(self.n - m, o))
        rep = int(self.reps[m, c])
        free = [p for p in range(self.n) if not rep >> p & 1]
        chosen = []
        for k in range(o, 0, -1):  # colex unranking: the largest j with C(j, k) <= rank
            j = k - 1
            while comb(j + 1, k) <= rank:
                j += 1
            chosen.append(free[j])
            rank -= comb(j, k)
        return rep, sum(1 << p for p in chosen)


class MorrisPlan:
    """The slices of a scope grouped into units (tables), each after the units it reads."""

    def __init__(self, geometry: Geometry, scope: str) -> None:
        board = geometry.board
        self.geometry = geometry
        self.scope = scope
        self.min = board.min_stones
        if scope == "full":
            self.slices = self._reachable((0, 0, board.stones, board.stones))
        else:
            top = _endgame_stones(scope, board.stones)
            self.slices = [(a, b, 0, 0) for a in range(self.min, top + 1)
                           for b in range(self.min, top + 1) if a + b <= board.size]
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
        specs = []
        for name in self._order:
            members = self.units_of[name]
            size = sum(self.ix.slice_size(s) for s in members)
            label = " + ".join("{}{}/{}{}".format(*s) for s in members)
            specs.append(TableSpec(name, size, self.depends(name), label))
        return specs

    def units(self, table: TableSpec) -> list[Unit]:
        return [Unit(table.name, 0, 1, table.size)]

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        out[:] = self.solve_unit(table.name, inputs)

    def solve_unit(self, name: str, inputs: dict[str, U8]) -> U8:
        """The codes of unit ``name`` from the finished tables it depends on."""
        ix = self.ix
        members = self.units_of[name]
        sub = np.array([(*s, self.offset[s]) for s in members], np.int64)
        targets = np.full((len(members), 2, 3), -1, np.int64)
        pieces: list[U8] = []
        ext_at = 0
        for i, s in enumerate(members):
            for capture, child in enumerate(self.children(s)):
                if child is None:
                    continue
                where = unit_name(child)
                if where == name:
                    targets[i, capture] = (kernels.INTERNAL, members.index(child), child[0])
                    continue
                lo = self.offset[child]
                pieces.append(np.asarray(inputs[where][lo:lo + ix.slice_size(child)]))
                targets[i, capture] = (kernels.EXTERNAL, ext_at, child[0])
                ext_at += pieces[-1].size
        ext = np.concatenate(pieces) if pieces else np.zeros(1, np.uint8)
        size = int(sum(ix.slice_size(s) for s in members))
        succ = np.zeros(size, np.int32)
        exits = np.full(size, NONE, np.uint8)
        indegree = np.zeros(size + 1, np.int64)
        args = (sub, targets, ext, ix.n, ix.adj, ix.point_mills, ix.mill_masks, ix.flags,
                ix.class_of, ix.sym_of, ix.reps, ix.stab, ix.free_at, ix.nclasses, ix.syms,
                ix.binom, succ, exits)
        empty = np.zeros(1, np.int32)
        kernels.walk(False, *args, indegree[1:], indegree[:1], empty)
        ptr = np.cumsum(indegree)
        pred = np.empty(int(ptr[-1]), np.int32)
        kernels.walk(True, *args, indegree[:1], ptr[:-1].copy(), pred)
        return solve_graph(succ, ptr, pred, exits)


def _endgame_stones(scope: str, stones: int) -> int:
    """The most stones a side has in scope ``endgame-K``."""
    head, _, k = scope.partition("-")
    if head != "endgame" or not k.isdigit() or not 3 <= int(k) <= stones:
        raise OptionError(f"scope {scope[:20]!r}: 'full' or 'endgame-K' with K from 3 to "
                          f"{stones}")
    return int(k)


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


MAX_UNIT = 40_000_000
"""The largest unit (positions solved together) a build takes on one machine: its graph
takes about 80 bytes a position while it is solved."""


def scopes(stones: int) -> list[str]:
    """The scopes a variant's tables may have, the widest first."""
    return ["full", *(f"endgame-{k}" for k in range(stones, 2, -1))]


def widest_buildable_scope(geometry: Geometry) -> str:
    """The widest scope whose every unit fits :data:`MAX_UNIT`."""
    return next(scope for scope in scopes(geometry.board.stones)
                if max(t.size for t in MorrisPlan(geometry, scope).tables()) <= MAX_UNIT)


class Database:
    """The solved positions of a board in one scope, read through memory maps."""

    def __init__(self, plan: MorrisPlan, store: Store) -> None:
        self.plan = plan
        self.store = store
        self.game = Morris(plan.geometry.board, flying=plan.geometry.flying, move_limit=0,
                           repetition=False)
        self._tables: dict[str, npt.NDArray[np.uint8]] = {}

    @staticmethod
    def store_for(geometry: Geometry, scope: str, root: Path | None = None) -> Store:
        """The store of a board and scope under ``root`` (default: :func:`default_root`)."""
        header = {**geometry.key(), "scope": scope}
        return Store((root or default_root()) / f"morris-{geometry.name}-{scope}", header)

    @classmethod
    def build(cls, geometry: Geometry, scope: str, root: Path | None = None,
              progress: Progress | None = None, plan: MorrisPlan | None = None,
              workers: Workers | None = None) -> tuple[Database, BuildReport]:
        """Build (or finish building) every table of the scope, in this process or on the Dask
        cluster of ``workers``; ``plan``, if given, is the scope's plan made already (it costs a
        pass over every placement)."""
        plan = plan or MorrisPlan(geometry, scope)
        store = cls.store_for(geometry, scope, root)
        if workers is None:
            report = build(plan, store, progress)
        else:
            report = build_on(workers, Recipe(MorrisPlan, (geometry, scope)), store, progress, plan)
        return cls(plan, store), report

    @classmethod
    def open(cls, geometry: Geometry, scope: str, root: Path | None = None) -> Database:
        """A finished database; :class:`DatabaseError` if it is missing or unfinished."""
        plan = MorrisPlan(geometry, scope)
        store = cls.store_for(geometry, scope, root)
        missing = [t.name for t in plan.tables() if not store.has(t.name)]
        if missing:
            raise DatabaseError(f"no finished {geometry.name} {scope} database in {store.path} "
                                f"({len(missing)} tables missing): build it with "
                                f"'zermelo morris solve'")
        return cls(plan, store)

    def _table(self, name: str) -> npt.NDArray[np.uint8]:
        if name not in self._tables:
            self._tables[name] = self.store.read(name)
        return self._tables[name]

    def nbytes(self) -> int:
        """The memory its indexing arrays take (the tables are memory maps)."""
        return sum(int(a.nbytes) for a in vars(self.plan.ix).values()
                   if isinstance(a, np.ndarray))

    def holds(self, state: Position) -> bool:
        """Whether the tables answer ``state`` (a finished game needs none)."""
        side = state.side
        s = (state.stones(side).bit_count(), state.stones(1 - side).bit_count(),
             state.hand(side), state.hand(1 - side))
        return s in self.plan.offset or self.game.end(state) is not None

    def code(self, state: Position) -> int:
        """The stored code of a position that is not over (see :mod:`zermelo.solve.retrograde`)."""
        side = state.side
        mover, opp = state.stones(side), state.stones(1 - side)
        s = (mover.bit_count(), opp.bit_count(), state.hand(side), state.hand(1 - side))
        if s not in self.plan.offset:
            raise DatabaseError(f"no {'/'.join(map(str, s))} positions in the "
                                f"{self.plan.scope} database of {self.plan.geometry.name}")
        index = self.plan.offset[s] + self.plan.ix.locate(mover, opp)
        return int(self._table(unit_name(s))[index])

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
        """Win/draw/loss counts of every slice and its longest win."""
        out = []
        ix = self.plan.ix
        for s in self.plan.slices:
            lo = self.plan.offset[s]
            codes = np.asarray(self._table(unit_name(s))[lo:lo + ix.slice_size(s)])
            hist = kernels.histogram(codes, s[0], s[1], ix.n, ix.nclasses, ix.sizes, ix.binom)
            wins = int(hist[2::2].sum())
            longest = max((c - 1 for c in range(2, 256, 2) if hist[c]), default=None)
            where = None
            if longest is not None:
                mover, opp = ix.position(s, int(np.flatnonzero(codes == longest + 1)[0]))
                where = self._state(s, mover, opp)
            out.append(SliceStats(s, wins, int(hist[0]), int(hist[1::2].sum()), longest, where))
        return out

    def _state(self, s: Slice, mover: int, opp: int) -> Position:
        """The position of slice ``s`` with these stones: the mover is Black when it has a
        stone more in hand (it places second), else White."""
        if s[2] > s[3]:
            return Position(opp, mover, 1, s[3], s[2])
        return Position(mover, opp, 0, s[2], s[3])

    def start(self) -> Position:
        """The starting position."""
        return self.game.initial_state()

