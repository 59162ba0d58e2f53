"""Retrograde analysis of an OpenSpiel game: win, draw or loss and the distance in plies of
every position, cycles included, by zermelo's solver (:mod:`zermelo.tablebase.retrograde`).

The positions are numbered by an :class:`Indexing`: a map from OpenSpiel states to ``0..N-1``
and back, either given (a formula over the game's own state, :class:`Indexing`) or found by a
breadth-first search from a state that numbers the positions as it meets them
(:class:`Reachable`, keyed by default by the player to move and OpenSpiel's state string). A
forward pass over the numbers writes each position's moves as numbers (a terminal state is an
exit: won, drawn or lost by the move into it), and the solver runs backwards from the ends.

The key, like an index, must hold everything the game's future depends on: positions with
equal keys are one position. OpenSpiel's state string shows the whole position in most games
but leaves out a move counter (so a game that stops play after ``max_game_length`` plies is
solved without that limit: the value holds for OpenSpiel's game when its distance fits in the
moves left) and, in some games, a record of earlier positions (Oware's repetition rule): such a
game needs a key of its own.

>>> solved = solve_native(require().load_game("tic_tac_toe").new_initial_state())
>>> describe(solved.code(solved.root)), solved.size
((0, None), 4520)
"""

from __future__ import annotations

import hashlib
import sys
import time
from array import array
from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from numba import njit
from rich.console import Console
from rich.progress import BarColumn, TaskID, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as Bar

from zermelo.core.errors import GameNotSupportedError, InvalidPositionError
from zermelo.core.value import Value
from zermelo.openspiel import require
from zermelo.openspiel.adapter import History, OpenSpielGame
from zermelo.search.base import BudgetExhausted, SearchResult, SearchStats, remaining_budget
from zermelo.tablebase.retrograde import (
    ALIAS,
    DRAW,
    NONE,
    describe,
    from_child,
    preference,
    solve_unit,
)

liking: Callable[[int], int] = preference.py_func
"""The solver's preference key of a code, called from Python (nothing to compile)."""
child_code: Callable[[int], int] = from_child.py_func
"""A move's code from its successor's code, called from Python."""

DEFAULT_LIMIT = 2_000_000
"""The most positions a solve enumerates unless given another limit."""
LOSS_AT_ONCE = 3
"""The code of a move that ends the game in its mover's loss: a loss in 2 plies, the nearest
code (a loss in 1 has no code: odd distances are wins)."""
CHECK_EVERY = 4096
"""Positions between two looks at the clock and the progress."""

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
Progress = Callable[[str, int, int | None], None]
"""``progress(phase, done, total)``: how far a phase (``positions``, ``solving``) got (total
None: not known in advance)."""


class Indexing(Protocol):
    """A numbering of an OpenSpiel game's positions: ``index(state)`` in ``0..size-1`` for
    every position reached, ``state(i)`` an OpenSpiel state with that index (None for a number
    no position has)."""

    @property
    def size(self) -> int:
        """How many numbers there are."""
        ...

    def index(self, state: Any) -> int:
        """The number of a non-terminal state."""
        ...

    def state(self, index: int) -> Any | None:
        """An OpenSpiel state numbered ``index``, or None."""
        ...


def position_key(state: Any) -> Hashable:
    """The default key: a 128-bit digest of the player to move and OpenSpiel's state string
    (a digest, so that a million keys fit in about 100 MB)."""
    text = f"{state.current_player()}\n{state}"
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class Reachable:
    """The positions reachable from ``root``, numbered in breadth-first order from 0 (the
    root) by their ``key``; a state is rebuilt by replaying the moves that first reached it."""

    def __init__(self, root: Any, key: Callable[[Any], Hashable] = position_key) -> None:
        self.root = root
        self.key = key
        self.numbers: dict[Hashable, int] = {}
        self.parent = array("q")
        self.action = array("q")
        self.depth = array("q")
        """Plies from the root on the shortest way to each position."""
        self.queue: deque[Any] = deque()
        self.expanding = 0
        """The number of the position whose moves are being written."""

    @property
    def size(self) -> int:
        return len(self.parent)

    def add(self, state: Any, parent: int, action: int) -> int:
        """The number of ``state``, given a new one (and queued) if it has none."""
        found = self.numbers.setdefault(self.key(state), len(self.parent))
        if found == len(self.parent):
            self.parent.append(parent)
            self.action.append(action)
            self.depth.append(self.depth[parent] + 1 if self.depth else 0)
            self.queue.append(state)
        return found

    def successor(self, state: Any, action: int) -> int:
        """The number of ``state``, reached by ``action`` from the position being expanded."""
        return self.add(state, self.expanding, action)

    def index(self, state: Any) -> int:
        try:
            return self.numbers[self.key(state)]
        except KeyError:
            raise InvalidPositionError("not a position reachable from the solved one") from None

    def state(self, index: int) -> Any | None:
        if not 0 <= index < self.size:
            return None
        actions = []
        while index > 0:
            actions.append(self.action[index])
            index = self.parent[index]
        state = self.root.clone()
        for action in reversed(actions):
            state.apply_action(action)
        return state


@dataclass
class Graph:
    """The positions' moves as numbers: the successors of position ``u`` are
    ``targets[offsets[u]:offsets[u + 1]]`` (distinct, non-terminal), ``exits[u]`` the best
    code of its moves into terminal states, seen from ``u``."""

    offsets: array[int] = field(default_factory=lambda: array("q", [0]))
    targets: array[int] = field(default_factory=lambda: array("q"))
    exits: bytearray = field(default_factory=bytearray)


def exit_code(returns: Sequence[float], mover: int) -> int:
    """The code, for ``mover``, of a move into a terminal state with ``returns``: won in 1,
    drawn, or :data:`LOSS_AT_ONCE`."""
    mine, theirs = returns[mover], returns[1 - mover]
    return 2 if mine > theirs else DRAW if mine == theirs else LOSS_AT_ONCE


def best_code(codes: Sequence[int]) -> int:
    """The code the mover likes best among ``codes`` (:data:`NONE` if there is none)."""
    return max(codes, key=liking, default=NONE)


def expand(state: Any, number: Callable[[Any, int], int], graph: Graph) -> None:
    """Append ``state``'s moves to ``graph``, each non-terminal successor numbered by
    ``number(successor, action)``; refuses a move after which the same player moves again."""
    mover = state.current_player()
    children: set[int] = set()
    exits = []
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal():
            exits.append(exit_code(child.returns(), mover))
            continue
        if child.current_player() == mover:
            raise GameNotSupportedError("retrograde analysis needs the players to take turns; "
                                        "here a player moves twice in a row")
        children.add(number(child, action))
    if len(children) >= ALIAS:
        raise GameNotSupportedError(f"a position with {len(children)} distinct successors "
                                    f"(the solver holds up to {ALIAS - 1})")
    graph.targets.extend(sorted(children))
    graph.offsets.append(len(graph.targets))
    graph.exits.append(best_code(exits))


def check_game(native_game: Any) -> None:
    """Refuse in one line a game retrograde analysis cannot solve: it needs two players
    taking turns, no chance, perfect information and zero (or constant) sum."""
    pyspiel = require()
    kind = native_game.get_type()
    problems = []
    if native_game.num_players() != 2:
        problems.append(f"{native_game.num_players()} players, needs 2")
    if kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        problems.append("chance, needs none")
    if kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        problems.append("imperfect information, needs perfect")
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        problems.append("simultaneous moves, needs turns")
    if kind.utility not in (pyspiel.GameType.Utility.ZERO_SUM,
                            pyspiel.GameType.Utility.CONSTANT_SUM):
        problems.append("general sum, needs zero sum")
    if problems:
        raise GameNotSupportedError(f"retrograde cannot solve {kind.short_name}: "
                                    f"{'; '.join(problems)}")


class Watch:
    """The limits of an enumeration (positions, and the current budget's seconds) and its
    progress, looked at every :data:`CHECK_EVERY` positions."""

    def __init__(self, limit: int, progress: Progress | None) -> None:
        self.limit = limit
        self.progress = progress
        _, seconds = remaining_budget()
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.told = 0

    def __call__(self, done: int, total: int | None) -> None:
        if done > self.limit:
            raise BudgetExhausted(f"more than {self.limit:,} positions")
        if done - self.told < CHECK_EVERY and done != total:
            return
        if self.progress is not None:
            self.progress("positions", done - self.told, total)
        self.told = done
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise BudgetExhausted(f"stopped after {done:,} positions")


def reachable_graph(root: Any, key: Callable[[Any], Hashable] = position_key,
                    limit: int = DEFAULT_LIMIT, progress: Progress | None = None
                    ) -> tuple[Reachable, Graph]:
    """Number the positions reachable from the non-terminal state ``root`` breadth first and
    write their moves; :class:`BudgetExhausted` past ``limit`` positions."""
    indexing = Reachable(root, key)
    graph = Graph()
    watch = Watch(limit, progress)
    indexing.add(root.clone(), 0, -1)
    done = 0
    while indexing.queue:
        indexing.expanding = done
        expand(indexing.queue.popleft(), indexing.successor, graph)
        done += 1
        watch(indexing.size, None)
    watch(done, done)
    return indexing, graph


def indexed_graph(indexing: Indexing, limit: int = DEFAULT_LIMIT,
                  progress: Progress | None = None) -> Graph:
    """Write the moves of every position of a given ``indexing`` (a number without a
    position, or with a terminal one, has no move and is never reached)."""
    graph = Graph()
    watch = Watch(limit, progress)
    for i in range(indexing.size):
        state = indexing.state(i)
        if state is None or state.is_terminal():
            graph.offsets.append(len(graph.targets))
            graph.exits.append(NONE)
        else:
            expand(state, lambda child, _action: checked_index(indexing, child), graph)
        watch(i + 1, indexing.size)
    return graph


def checked_index(indexing: Indexing, state: Any) -> int:
    """``indexing.index(state)``, refused in one line when outside ``0..size-1``."""
    i = indexing.index(state)
    if not 0 <= i < indexing.size:
        raise InvalidPositionError(f"the indexing numbers a position {i}, outside 0 to "
                                   f"{indexing.size - 1}")
    return i


@njit(cache=True)
def _fill(targets, offsets, sources, counts, preds):  # type: ignore[no-untyped-def]
    """``preds[i, :counts[i]]``: the predecessors of ``targets[i]`` in a reversed graph."""
    for i in range(targets.size):
        v = targets[i]
        lo = offsets[v]
        k = offsets[v + 1] - lo
        counts[i] = k
        for j in range(k):
            preds[i, j] = sources[lo + j]


class GraphUnit:
    """A :class:`Graph` as the retrograde solver's unit: counts and exits forward, the
    predecessor lists of a reversed copy backward."""

    def __init__(self, graph: Graph) -> None:
        offsets = np.frombuffer(graph.offsets, np.int64)
        targets = np.frombuffer(graph.targets, np.int64) if graph.targets else np.zeros(
            0, np.int64)
        self.size = offsets.size - 1
        self.counts = np.diff(offsets).astype(np.uint8)
        self.exits = np.frombuffer(bytes(graph.exits), np.uint8)
        sources = np.repeat(np.arange(self.size, dtype=np.int64), np.diff(offsets))
        order = np.argsort(targets, kind="stable")
        self.sources = sources[order]
        indegree = np.bincount(targets, minlength=self.size)
        self.offsets = np.concatenate(([0], np.cumsum(indegree))).astype(np.int64)
        self.width = int(indegree.max(initial=0)) or 1

    def chunks(self) -> Sequence[tuple[int, int]]:
        return [(lo, min(lo + (1 << 20), self.size)) for lo in range(0, self.size, 1 << 20)]

    def forward(self, lo: int, hi: int, count: U8, exit_code: U8) -> None:
        count[lo:hi] = self.counts[lo:hi]
        exit_code[lo:hi] = self.exits[lo:hi]

    def backward(self, targets: I64, counts: I64, preds: I64) -> None:
        _fill(targets, self.offsets, self.sources, counts, preds)

    def finish(self, code: U8) -> None:
        """No entry is a copy of another."""


@dataclass
class Solved:
    """Every position's code (:mod:`zermelo.tablebase.retrograde`), the indexing that numbers
    them and how long the two steps took."""

    indexing: Indexing
    codes: U8
    root: Any
    moves: int
    enumerate_seconds: float
    solve_seconds: float

    @property
    def size(self) -> int:
        return int(self.codes.size)

    def code(self, state: Any) -> int:
        """The code of a non-terminal state, for its player to move."""
        return int(self.codes[checked_index(self.indexing, state)])

    def move_code(self, state: Any, action: int) -> int:
        """The code, for the player to move in ``state``, of playing ``action``."""
        child = state.child(action)
        if child.is_terminal():
            return exit_code(child.returns(), state.current_player())
        return child_code(self.code(child))

    def best_action(self, state: Any) -> int:
        """A move of the best code (the first such among OpenSpiel's legal actions)."""
        actions = state.legal_actions()
        return int(max(actions, key=lambda a: liking(self.move_code(state, a))))

    def line(self, state: Any, most: int) -> list[int]:
        """The best line from ``state``: to the end for a win or loss, ``most`` plies of a
        draw."""
        line: list[int] = []
        while not state.is_terminal() and len(line) < most:
            action = self.best_action(state)
            line.append(action)
            state = state.child(action)
        return line


def solve_native(root: Any, indexing: Indexing | None = None,
                 key: Callable[[Any], Hashable] = position_key, limit: int = DEFAULT_LIMIT,
                 progress: Progress | None = None) -> Solved:
    """Solve the OpenSpiel game of the non-terminal state ``root`` retrogradely: over a given
    ``indexing``, else over the positions reachable from ``root`` numbered by ``key``
    (refused past ``limit`` positions)."""
    check_game(root.get_game())
    if root.is_terminal():
        raise InvalidPositionError("the game is over: nothing to solve")
    start = time.perf_counter()
    numbering: Indexing
    if indexing is None:
        numbering, graph = reachable_graph(root, key, limit, progress)
    else:
        numbering, graph = indexing, indexed_graph(indexing, limit, progress)
    enumerated = time.perf_counter()
    unit = GraphUnit(graph)
    codes = solve_unit(unit, None if progress is None else (
        lambda done: progress("solving", done, 2 * unit.size)))
    return Solved(numbering, codes, root, len(graph.targets), enumerated - start,
                  time.perf_counter() - enumerated)


DRAW_LINE = 20
"""Plies of a drawn line shown (a draw can go on for ever)."""


def solved_result(game: OpenSpielGame, state: History, solved: Solved) -> SearchResult[int]:
    """``zermelo solve``'s result for ``state`` (a zermelo :class:`History`) from a solve."""
    native = state.native
    outcome, plies = describe(solved.code(native))
    mover = int(native.current_player())
    info = game.info
    value = (info.max_return if outcome > 0 else info.min_return if outcome < 0 else 0.0)
    line = solved.line(native, DRAW_LINE if plies is None else plies)
    stats = SearchStats(nodes=solved.size, max_depth=plies or 0,
                        seconds=solved.enumerate_seconds + solved.solve_seconds,
                        extra={"positions": solved.size, "moves": solved.moves,
                               **({"deepest": max(indexing.depth)}
                                  if isinstance(indexing := solved.indexing, Reachable) else {}),
                               "enumeration seconds": round(solved.enumerate_seconds, 3),
                               "solver seconds": round(solved.solve_seconds, 3)})
    worth = (Value.draw() if outcome == 0 else Value.win(info.players[mover], plies)
             if outcome > 0 else Value.loss(info.players, mover, plies))
    return SearchResult(value, line[0] if line else None, tuple(line), stats, True,
                        "retrograde", outcome=worth)


@contextmanager
def progress_bar() -> Iterator[Progress | None]:
    """A bar on standard error (a terminal only) for the positions found, then the solve."""
    if not sys.stderr.isatty():
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
               TextColumn("{task.completed:,.0f} of {task.total:,.0f}"), TimeElapsedColumn())
    with Bar(*columns, console=Console(stderr=True), transient=True) as bar:
        tasks: dict[str, TaskID] = {}

        def advance(phase: str, done: int, total: int | None) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task(phase, total=total)
            bar.update(tasks[phase], advance=done, total=total)

        yield advance


def solve(game: OpenSpielGame, state: History) -> SearchResult[int]:
    """``zermelo solve openspiel:GAME --algorithm retrograde``: the value and distance of
    ``state`` from every position reachable from it, within the budget's nodes (positions;
    :data:`DEFAULT_LIMIT` when not given) and seconds, with a progress bar."""
    most, _ = remaining_budget()
    try:
        with progress_bar() as advance:
            solved = solve_native(state.native, limit=most or DEFAULT_LIMIT, progress=advance)
    except BudgetExhausted as error:
        if most is not None or not error.args[0].startswith("more than"):
            raise
        raise GameNotSupportedError(f"{game.info.name} has {error.args[0]}, the retrograde "
                                    f"solver's default limit (--nodes N raises it)") from None
    return solved_result(game, state, solved)
