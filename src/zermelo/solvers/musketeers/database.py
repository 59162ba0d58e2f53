"""The strong solution of Three Musketeers: every position's result, built layer by layer.

>>> db = Database.open()                                              # doctest: +SKIP
>>> str(db.lookup(db.game.initial_state()))                          # doctest: +SKIP
'E33'

Tables are ``L{n:02d}-{side}``: all positions with n enemies and ``side`` to move, one byte each
(:mod:`~zermelo.solvers.musketeers.values`), indexed by :mod:`~zermelo.solvers.musketeers.indexing`.
A build may stop at ``max_enemies`` layers; asking about a position beyond them is an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
import numpy.typing as npt

from zermelo.core.errors import OptionError
from zermelo.core.value import Value
from zermelo.games.musketeers.rules import MUSKETEERS, SIDES, Move, Position, ThreeMusketeers
from zermelo.solvers.musketeers import kernels
from zermelo.solvers.musketeers.indexing import Indexing, Variant
from zermelo.solvers.musketeers.reach import Reachable, count_reachable
from zermelo.solvers.musketeers.values import THRESHOLD, score_to_value, value_to_score
from zermelo.tablebase.distributed import Recipe, build_on
from zermelo.tablebase.layered import BuildReport, Progress, TableSpec, Unit, build
from zermelo.tablebase.store import U8, DatabaseError, Store, default_root
from zermelo.tablebase.threads import spread

if TYPE_CHECKING:
    from zermelo.tablebase.distributed import Workers

CLASSES_PER_UNIT = 32
"""Placement classes per unit of work: small enough for a smooth progress bar."""
MAX_FREE_SQUARES = 27
"""A build keeps a 2**free-squares scratch array per thread (128 MiB at 27,
the 5x6 board with three musketeers)."""


def table_name(enemies: int, side: int) -> str:
    """The name of the table of positions with ``enemies`` enemies and ``side`` to move."""
    return f"L{enemies:02d}-{SIDES[side]}"


class MusketeersPlan:
    """The layered plan of a variant: tables for 0..``max_enemies`` enemies, both sides."""

    def __init__(self, indexing: Indexing, max_enemies: int) -> None:
        if indexing.free_count > MAX_FREE_SQUARES:
            v = indexing.variant
            raise OptionError(f"a {v.width}x{v.height} board with {v.musketeers} musketeers has "
                             f"{indexing.free_count} free squares; a database handles at most "
                             f"{MAX_FREE_SQUARES}")
        self.ix = indexing
        self.max_enemies = max_enemies

    @cached_property
    def scratch(self) -> U8:
        """The kernels' scratch array, one row per thread (made when first used, so a
        plan that only counts or schedules costs nothing)."""
        return np.empty((numba.get_num_threads(), 1 << self.ix.free_count), dtype=np.uint8)

    @cached_property
    def maps(self) -> npt.NDArray[np.int64]:
        """The musketeer kernel's tables of one capture, one row per thread."""
        ix = self.ix
        return np.empty((numba.get_num_threads(), (1 << ix.low_bits)
                         + (1 << (ix.free_count - ix.low_bits))), dtype=np.int64)

    @cached_property
    def flips(self) -> npt.NDArray[np.int64]:
        """The enemy kernel's lists of the steps of one class, one row per thread: at most
        one step per edge among the low bits for each low mask, then the steps among the high
        bits of a high value, then three numbers for each edge across."""
        low, free = self.ix.low_bits, self.ix.free_count  # fewer than 2 edges a square
        return np.empty((numba.get_num_threads(), (1 << low) * (low + 1) + 1 + 2 * free
                         + 3 * 4 * low), dtype=np.int64)

    def tables(self) -> list[TableSpec]:
        specs = []
        for n in range(self.max_enemies + 1):
            size = self.ix.layer_size(n)
            deps = (table_name(n - 1, 1),) if n else ()
            specs.append(TableSpec(table_name(n, 0), size, deps, f"{n:2d} enemies, M to move"))
            specs.append(TableSpec(table_name(n, 1), size, (table_name(n, 0),),
                                   f"{n:2d} enemies, E to move"))
        return specs

    def units(self, table: TableSpec) -> list[Unit]:
        per_class = table.size // self.ix.classes
        return [
            Unit(table.name, lo, min(lo + CLASSES_PER_UNIT, self.ix.classes),
                 (min(lo + CLASSES_PER_UNIT, self.ix.classes) - lo) * per_class)
            for lo in range(0, self.ix.classes, CLASSES_PER_UNIT)
        ]

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        ix = self.ix
        n, side = int(table.name[1:3]), SIDES.index(table.name[-1])
        per_class = comb(ix.free_count, n)
        # a class at a time to whichever thread is free (an aligned class costs nothing)
        classes, rows = unit.hi - unit.lo, len(self.scratch)
        if side == MUSKETEERS:
            moves = ix.musketeer_moves
            prev = inputs[table.depends[0]] if n else np.zeros(1, dtype=np.uint8)
            prev_per_class = comb(ix.free_count, n - 1) if n else 0
            spread(kernels.solve_musketeers_to_move, classes, n, unit.lo, out, per_class, prev,
                   prev_per_class, ix.aligned, moves.counts, moves.target, moves.child,
                   moves.vacated, moves.unmaps, ix.chunks, ix.free_count, ix.low_bits,
                   *ix.low_lists, ix.popcount8, ix.binomials, self.scratch, self.maps,
                   most=rows)
        else:
            spread(kernels.solve_enemies_to_move, classes, n, unit.lo, out, per_class,
                   inputs[table.depends[0]], ix.aligned, ix.enemy_steps, ix.free_count,
                   ix.low_bits, *ix.low_lists, ix.popcount8, self.scratch, self.flips,
                   most=rows)


@dataclass(frozen=True)
class LayerStats:
    """Counts of one table over every musketeer placement (raw positions, no symmetry)."""

    enemies: int
    side: str
    positions: int
    musketeer_wins: int
    enemy_wins: int
    longest_musketeer_win: int | None
    longest_enemy_win: int | None


def build_command(variant: Variant, root: Path | None = None) -> str:
    """The command that builds the database of ``variant`` under ``root``."""
    words = ["zermelo musketeers solve"]
    if (variant.width, variant.height) != (5, 5):
        words.append(f"--board {variant.width}x{variant.height}")
    if variant.musketeers != 3:
        words.append(f"--musketeers {variant.musketeers}")
    if root is not None:
        words.append(f"--db {root}")
    return " ".join(words)


class Database:
    """Results of every position of a variant, read through memory maps."""

    def __init__(self, store: Store, indexing: Indexing) -> None:
        self.store = store
        self.ix = indexing
        self.game = ThreeMusketeers(indexing.variant.width, indexing.variant.height,
                                    indexing.variant.musketeers)
        self.max_enemies = -1
        while all(store.has(table_name(self.max_enemies + 1, s)) for s in (0, 1)):
            self.max_enemies += 1

    def nbytes(self) -> int:
        """The memory its indexing tables take (the tables themselves are memory maps, paged
        in and out by the system)."""
        arrays = [v for v in vars(self.ix).values() if isinstance(v, np.ndarray)]
        arrays += [a for v in vars(self.ix).values() if isinstance(v, tuple)
                   for a in v if isinstance(a, np.ndarray)]
        return sum(int(a.nbytes) for a in arrays) + 200 * len(self.ix.canon)

    @staticmethod
    def header(variant: Variant) -> dict[str, Any]:
        """What the manifest records about the variant a database covers."""
        return {"game": "musketeers", "width": variant.width, "height": variant.height,
                "musketeers": variant.musketeers}

    @classmethod
    def store_for(cls, variant: Variant, root: Path | None = None) -> Store:
        """The store of ``variant`` under ``root`` (default: :func:`default_root`)."""
        return Store((root or default_root()) / variant.name, cls.header(variant))

    @classmethod
    def open(cls, variant: Variant | None = None, root: Path | None = None) -> Database:
        """Open a built database; :class:`DatabaseError` if there is none."""
        variant = variant or Variant()
        store = cls.store_for(variant, root)
        if not store.exists:
            raise DatabaseError(
                f"no {variant.width}x{variant.height} database with {variant.musketeers} "
                f"musketeers in {store.path}: build it with '{build_command(variant, root)}'")
        return cls(store, Indexing(variant))

    @classmethod
    def build(cls, variant: Variant | None = None, root: Path | None = None,
              max_enemies: int | None = None, progress: Progress | None = None,
              plan: MusketeersPlan | None = None, workers: Workers | None = None
              ) -> tuple[Database, BuildReport]:
        """Build (or finish building) the tables up to ``max_enemies`` enemies, in this process
        or on the Dask cluster of ``workers``; ``plan``, if given, is the one :meth:`plan` made
        for these arguments (saves building it again)."""
        plan = plan or cls.plan(variant or Variant(), max_enemies)
        store = cls.store_for(plan.ix.variant, root)
        if workers is None:
            report = build(plan, store, progress)
        else:
            recipe = Recipe(cls.plan, (plan.ix.variant, plan.max_enemies))
            report = build_on(workers, recipe, store, progress, plan)
        return cls(store, plan.ix), report

    @staticmethod
    def plan(variant: Variant, max_enemies: int | None = None) -> MusketeersPlan:
        """The plan a build of ``variant`` follows; ValueError for an impossible enemy count."""
        indexing = Indexing(variant)
        most = indexing.free_count
        top = most if max_enemies is None else max_enemies
        if not 0 <= top <= most:
            raise OptionError(f"max enemies {top}: expected 0 to {most}")
        return MusketeersPlan(indexing, top)

    # -- lookups -------------------------------------------------------------------------

    def _table(self, name: str) -> np.memmap[Any, np.dtype[np.uint8]]:
        """A whole table, every block checked (the store keeps its map)."""
        return self.store.read(name)

    def expected_tables(self) -> list[str]:
        """The tables the variant implies for the layers listed: both sides of every enemy
        count up to the highest one in the manifest (a build may stop at any layer)."""
        listed = [int(name[1:3]) for name in self.store.tables
                  if len(name) == 5 and name[0] == "L" and name[1:3].isascii()
                  and name[1:3].isdigit()]
        top = min(max(listed, default=-1), self.ix.free_count)
        return [table_name(n, side) for n in range(top + 1) for side in (0, 1)]

    def score(self, state: Position) -> int:
        """The stored score of a position (see :mod:`~zermelo.solvers.musketeers.values`)."""
        enemies = state.enemy_count
        if enemies > self.max_enemies:
            covered = (f"up to {self.max_enemies} enemies" if self.max_enemies >= 0
                       else "no position yet")
            raise DatabaseError(f"the position has {enemies} enemies and the database covers "
                                f"{covered} (build with --max-enemies {enemies})")
        count, offset = self.ix.locate(state.musketeers, state.enemies)
        return self.store.value(table_name(count, state.to_move), offset)

    def lookup(self, state: Position) -> Value:
        """The result of ``state`` with perfect play."""
        return score_to_value(self.score(state))

    def analyze(self, state: Position) -> list[tuple[Move, Value]]:
        """Every legal move with the result of the position it leads to."""
        game = self.game
        return [(m, self.lookup(game.apply(state, m))) for m in game.legal_moves(state)]

    def best_moves(self, state: Position) -> list[Move]:
        """The moves that keep the best result: win, and soonest; or lose, and latest."""
        game = self.game
        scored = [(self.score(game.apply(state, m)), m) for m in game.legal_moves(state)]
        if not scored:
            return []
        pick = max if state.to_move == MUSKETEERS else min
        best = pick(s for s, _ in scored)
        return [m for s, m in scored if s == best]

    def line(self, state: Position) -> list[tuple[Move, Position]]:
        """A perfect-play game from ``state``: each move (the first best one) and the position
        after it."""
        line = []
        while moves := self.best_moves(state):
            state = self.game.apply(state, moves[0])
            line.append((moves[0], state))
        return line

    # -- statistics ----------------------------------------------------------------------

    def layer_stats(self) -> list[LayerStats]:
        """Per table: positions and wins of each side counted over every placement, and the
        longest win of each side."""
        stats = []
        ix = self.ix
        for n in range(self.max_enemies + 1):
            per_class = comb(ix.free_count, n)
            for side in (0, 1):
                values = self._table(table_name(n, side))
                hist = np.zeros((ix.classes, 256), dtype=np.int64)
                spread(kernels.class_histogram, ix.classes, values, per_class, hist)
                raw = ix.orbit @ hist
                present = np.flatnonzero(raw)
                m_scores = present[present >= THRESHOLD]
                e_scores = present[present < THRESHOLD]
                stats.append(LayerStats(
                    enemies=n, side=SIDES[side], positions=int(raw.sum()),
                    musketeer_wins=int(raw[THRESHOLD:].sum()),
                    enemy_wins=int(raw[:THRESHOLD].sum()),
                    longest_musketeer_win=(score_to_value(int(m_scores.min())).plies
                                           if m_scores.size else None),
                    longest_enemy_win=(score_to_value(int(e_scores.max())).plies
                                       if e_scores.size else None),
                ))
        return stats

    def reachable(self, start: Position) -> list[Reachable]:
        """Raw positions reachable from ``start`` per (enemy count, side), computed once and
        kept beside the tables."""
        name = f"reachable-{self.game.format_position(start).replace(' ', '')}"
        saved = self.store.load_json(name)
        if saved is not None:
            return self._checked_reachable(name, saved, start)
        counts = count_reachable(self.ix, start)
        self.store.save_json(name, [vars(entry) for entry in counts])
        return counts

    def _checked_reachable(self, name: str, saved: Any, start: Position) -> list[Reachable]:
        """Saved reachability counts, refused in one line unless they have the shape
        :func:`count_reachable` gives from ``start``: per enemy count from the start's down to
        0, each side, a count within the layer's positions."""
        expected = [(n, side) for n in range(start.enemy_count, -1, -1) for side in SIDES]
        fields = ["enemies", "side", "positions", "of"]
        if not (isinstance(saved, list) and len(saved) == len(expected)
                and all(isinstance(e, dict) and sorted(e) == sorted(fields) for e in saved)):
            raise DatabaseError(f"{self.store.path / name}.json: not the counts of each layer "
                                "(remove it to count again)")
        counts = [Reachable(**entry) for entry in saved]
        for count, (n, side) in zip(counts, expected, strict=True):
            if not ((count.enemies, count.side) == (n, side) and type(count.positions) is int
                    and count.of == self.ix.raw_layer_size(n) and 0 <= count.positions
                    <= count.of):
                raise DatabaseError(f"{self.store.path / name}.json: layer {n} {side}: counts "
                                    "inconsistent (remove it to count again)")
        return counts

    def longest_win(self, stats: Sequence[LayerStats]) -> tuple[Value, Position]:
        """The position with the longest forced win in the database, and its result."""
        plies, layer, winner = max(
            ((p, s, w) for s in stats
             for p, w in ((s.longest_musketeer_win, SIDES[0]), (s.longest_enemy_win, SIDES[1]))
             if p is not None),
            key=lambda t: t[0])
        result = Value.win(winner, plies)
        score = value_to_score(result)
        values = self._table(table_name(layer.enemies, SIDES.index(layer.side)))
        offset = int(np.argmax(values == score))
        musketeers, enemies = self.ix.position_at(layer.enemies, offset)
        return result, Position(musketeers, enemies, SIDES.index(layer.side))
