"""What every search shares: the typed result, the statistics record, the game checks.

Values are always from the **side to move's view** at the searched state (at a chance node,
where nobody moves, from the first player's): ``1`` a win, ``0`` a draw, ``-1`` a loss for games
whose returns are ±1/0, the game's own score or an expected return otherwise. The classic
two-player searches are written as negamax over the game protocol: a child's value is negated
when the child's side to move differs from the parent's (so a game where a side moves twice in
a row is handled too). Expectimax keeps one player's view throughout; the n-player searches
work on the vector of returns.

Each search declares the games it can play in a :class:`Supports` record and refuses any other
game with :class:`~zermelo.core.errors.GameNotSupportedError` before it starts. A search that
takes a depth limit and is given none runs to the end of the game, so it refuses a game that
declares no maximum length (``info.max_game_length`` None, e.g. Pig, whose graph has cycles).
"""

from __future__ import annotations

import contextvars
import math
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from typing import Any, Generic, Literal, TypeAlias, TypeVar

from zermelo.core.errors import GameNotSupportedError, OptionError, ZermeloError
from zermelo.core.game import CHANCE, Chance, Game, GameInfo, Information, Utility
from zermelo.core.value import Value

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)
T = TypeVar("T")

INF = math.inf

MAX_DEPTH = 64
"""The deepest depth limit a search accepts, in plies."""
MAX_ITERATIONS = 10_000_000
"""The most simulations a sampling search accepts."""

Evaluator: TypeAlias = Callable[[Game[S, M], S], float]
"""A static evaluation: ``evaluate(game, state)`` from the side to move's view.

Called at the depth limit on non-terminal states only. To keep the value comparable with the
game's returns, stay strictly inside ``(info.min_return, info.max_return)``.
"""

ReturnsEvaluator: TypeAlias = Callable[[Game[S, M], S], Sequence[float]]
"""A static evaluation for n players: an estimate of each player's return, in
``info.players`` order, for a non-terminal state at the depth limit."""


def zero_evaluation(game: Game[S, M], state: S) -> float:
    """The evaluation that knows nothing: every unfinished position is worth a draw."""
    return 0.0


def zero_returns(game: Game[S, M], state: S) -> tuple[float, ...]:
    """The n-player evaluation that knows nothing: every player expects 0."""
    return (0.0,) * game.info.num_players


@dataclass(frozen=True)
class Supports:
    """The games a search can play, as the :class:`~zermelo.core.game.GameInfo` properties it
    handles; front ends use it to list the searches that can play a game."""

    players: Literal["two", "any"] = "two"
    chance: tuple[Chance, ...] = (Chance.DETERMINISTIC,)
    information: tuple[Information, ...] = (Information.PERFECT,)
    utility: tuple[Utility, ...] = (Utility.ZERO_SUM, Utility.CONSTANT_SUM)

    def missing(self, info: GameInfo) -> list[str]:
        """What the game ``info`` describes and the search cannot handle (empty: it plays it)."""
        problems = []
        if self.players == "two" and info.num_players != 2:
            problems.append(f"{info.num_players} players, needs 2")
        if info.chance not in self.chance:
            problems.append(f"{info.chance.value}, needs {_either(self.chance)}")
        if info.information not in self.information:
            problems.append(f"{info.information.value} information, needs "
                            f"{_either(self.information)}")
        if info.utility not in self.utility:
            problems.append(f"{info.utility.value}, needs {_either(self.utility)}")
        return problems

    def check(self, game: Game[S, M], algorithm: str) -> None:
        """Raise :class:`GameNotSupportedError` naming what ``algorithm`` cannot handle in
        ``game``, if anything."""
        problems = self.missing(game.info)
        if problems:
            raise GameNotSupportedError(
                f"{algorithm} cannot play {game.info.title}: {'; '.join(problems)}")


def _either(values: Sequence[Chance | Information | Utility]) -> str:
    """``deterministic or explicit chance``."""
    return " or ".join(v.value for v in values)


TWO_PLAYER_PERFECT = Supports()
"""The classic searches' games: two players, no chance, perfect information, zero-sum (a
constant-sum game is accepted too: its returns are shifted by the constant, not reordered)."""
N_PLAYER_PERFECT = Supports(players="any", chance=(Chance.DETERMINISTIC,),
                            information=(Information.PERFECT,), utility=tuple(Utility))
"""What the n-player searches without chance (max^n, paranoid) play."""


class BudgetExhausted(ZermeloError):
    """A search ran out of the nodes or seconds it was given."""

    kind = "budget exhausted"


class Pending(BudgetExhausted):
    """The answer is being computed once, apart from the caller (a table being solved in a
    thread of its own): the time ran out before it was ready, and asking again later gets it.
    A caller with a person waiting may wait and ask again instead of giving up."""


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: nodes visited and wall-clock seconds (None: no bound),
    ``cancelled``, asked now and then, to stop it early (None: the enclosing budget's), and
    ``progress``, told the nodes visited so far at each look at the budget (for a progress
    line)."""

    nodes: int | None = None
    seconds: float | None = None
    cancelled: Callable[[], bool] | None = None
    progress: Callable[[int], None] | None = None


_Limits = tuple[int | None, float | None, Callable[[], bool] | None,
                Callable[[int], None] | None]
_BUDGET: ContextVar[_Limits] = ContextVar("budget", default=(None, None, None, None))
CHECK_EVERY = 1024
"""The clock is read every this many nodes."""


@contextmanager
def budget(limit: Budget) -> Iterator[None]:
    """Every search started inside the block stops after ``limit.nodes`` nodes, at
    ``limit.seconds`` from now or when ``limit.cancelled()`` says so: a search that can give a
    best move so far (iterative deepening, MCTS) gives it as an inexact result, the others raise
    :class:`BudgetExhausted`. A block inside another keeps the outer one's cancellation."""
    deadline = None if limit.seconds is None else time.perf_counter() + limit.seconds
    outer = _BUDGET.get()
    token = _BUDGET.set((limit.nodes, deadline, limit.cancelled or outer[2],
                         limit.progress or outer[3]))
    try:
        yield
    finally:
        _BUDGET.reset(token)


def remaining_budget() -> tuple[int | None, float | None]:
    """The current budget as (nodes a new search may visit, seconds left), None where
    unbounded: for searches that do not count nodes through :meth:`SearchStats.visit`
    (compiled kernels, which also poll :func:`cancellation`)."""
    most, deadline, _, _ = _BUDGET.get()
    return most, None if deadline is None else deadline - time.perf_counter()


def cancellation() -> Callable[[], bool] | None:
    """The current budget's check for cancellation (a client that went away), if it has one:
    a compiled search's watcher thread polls it (threads do not share the budget's context)."""
    return _BUDGET.get()[2]


STOP = 2
"""The entry of a compiled search's counter array that :func:`watched` sets to stop it: the
array holds ``[positions searched, the most allowed, stop flag]``."""


def _watch(counter: Any, done: threading.Event, seconds: float | None,
           cancelled: Callable[[], bool] | None,
           listener: Callable[[int], None] | None) -> None:
    end = None if seconds is None else time.perf_counter() + max(seconds, 0.0)
    while not done.wait(0.02):
        if listener is not None:
            listener(int(counter[0]))
        if (end is not None and time.perf_counter() >= end) or (
                cancelled is not None and cancelled()):
            counter[STOP] = 1
            return


@contextmanager
def watched(counter: Any, seconds: float | None, cancelled: Callable[[], bool] | None = None,
            listener: Callable[[int], None] | None = None) -> Iterator[None]:
    """Run the block (a compiled search that releases the GIL) with a thread beside it that
    sets ``counter[STOP]`` once ``seconds`` have passed or ``cancelled()`` says so, and tells
    ``listener`` the positions searched (``counter[0]``) 50 times a second and once when the
    block ends. The clock is read by a thread, not by the search: calling back into Python
    from a compiled search made it take seconds longer to compile."""
    if seconds is None and cancelled is None and listener is None:
        yield
        return
    done = threading.Event()
    watcher = threading.Thread(target=_watch, args=(counter, done, seconds, cancelled, listener),
                               daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()
    if listener is not None:
        listener(int(counter[0]))


@dataclass(frozen=True)
class ChunkLimits:
    """When a compiled search run in chunks stops: after ``cap`` iterations, past
    ``deadline`` (a :func:`time.perf_counter` reading) or once ``cancelled`` says so; from the
    search's own bounds and the current budget's."""

    cap: int
    deadline: float | None
    cancelled: Callable[[], bool] | None

    @classmethod
    def of(cls, iterations: int, seconds: float | None, start: float) -> ChunkLimits:
        """The limits of a search of at most ``iterations`` and ``seconds`` from ``start``."""
        most, left = remaining_budget()
        limits = [t for t in (seconds, left) if t is not None]
        return cls(iterations if most is None else max(1, min(iterations, most)),
                   start + min(limits) if limits else None, cancellation())

    def stop(self) -> bool:
        """Whether the time is up or the search was cancelled (asked between chunks)."""
        return ((self.deadline is not None and time.perf_counter() > self.deadline)
                or (self.cancelled is not None and self.cancelled()))


def out_of_budget(nodes: int) -> bool:
    """Whether a search that has visited ``nodes`` nodes has used up the current budget (and
    tell the budget's progress how far it got)."""
    most, deadline, cancelled, progress = _BUDGET.get()
    if progress is not None:
        progress(nodes)
    return ((most is not None and nodes > most)
            or (deadline is not None and time.perf_counter() > deadline)
            or (cancelled is not None and cancelled()))


def check_seconds(seconds: float | None) -> None:
    """A time budget is a positive number of seconds (None: no time limit)."""
    if seconds is not None and not seconds > 0:
        raise OptionError(f"seconds {seconds}: must be more than 0")


def anytime_stop(done: int, nodes: int, iterations: int, deadline: float | None,
                 every: int = 64) -> bool:
    """Whether a sampling search that has done ``done`` iterations and visited ``nodes`` nodes
    must stop: its iterations are done, its seconds are up, or (looked at every ``every``
    iterations) the current budget is spent; at least one iteration always runs."""
    return done >= iterations or (done > 0 and (
        (deadline is not None and time.perf_counter() > deadline)
        or (done % every == 0 and out_of_budget(nodes))))


@dataclass
class SearchStats:
    """What a search did: the "checks" (``nodes``) and "cuts" (``cutoffs``) counted in Ciężyński,
"An analysis of min-max algorithm implementations in logic games" (2017), and more."""

    nodes: int = 0
    """States visited (the root, every inner node and every leaf)."""
    cutoffs: int = 0
    """Nodes whose remaining moves were skipped by a beta cut-off."""
    tt_probes: int = 0
    """Transposition table look-ups."""
    tt_hits: int = 0
    """Look-ups that found an entry."""
    tt_stores: int = 0
    """Entries written."""
    tt_size: int = 0
    """Entries in the table when the search ended."""
    max_depth: int = 0
    """The deepest ply below the root that was visited."""
    evaluations: int = 0
    """Unfinished states scored by the evaluation function at the depth limit."""
    iterations: int = 0
    """Iterative-deepening rounds, MCTS simulations or df-pn passes."""
    seconds: float = 0.0
    """Wall-clock time of the search."""
    extra: dict[str, float] = field(default_factory=dict)
    """Algorithm-specific figures (e.g. ``proof_size``)."""

    def visit(self, ply: int) -> None:
        """Count a node visited ``ply`` plies below the root; :class:`BudgetExhausted` when the
        current budget (see :func:`budget`) is used up."""
        self.nodes += 1
        if ply > self.max_depth:
            self.max_depth = ply
        if self.nodes % CHECK_EVERY == 0 and out_of_budget(self.nodes):
            raise BudgetExhausted(f"the search used up its budget (time or nodes) after "
                                  f"{self.nodes:,} nodes")

    def as_dict(self) -> dict[str, Any]:
        """The record as plain JSON-ready values (``extra`` merged in)."""
        data = asdict(self)
        data.update(data.pop("extra"))
        return data

    def nodes_per_second(self) -> float:
        """Search speed, 0 when no time was measured."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class SearchResult(Generic[M]):
    """The outcome of a search from one state."""

    value: float
    """From the side to move's view."""
    best_move: M | None
    """A move reaching ``value``; None in a terminal state or at a chance node."""
    pv: tuple[M, ...]
    """The principal variation: the best line as far as the search followed it."""
    stats: SearchStats
    exact: bool
    """True when ``value`` is the game-theoretic value (no depth limit was reached and no
    sampling was involved)."""
    algorithm: str
    depth: int | None = None
    """The depth limit the value was searched to (None: unlimited)."""
    outcome: Value | None = None
    """The exact value as a :class:`~zermelo.core.value.Value` (who wins, a score, a win
    probability), when the algorithm knows it."""
    values: tuple[float, ...] = ()
    """Every player's value in ``info.players`` order, from searches that work on return
    vectors (max^n); empty otherwise."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", self.value + 0.0)  # no -0.0 in output

    @classmethod
    def of_line(cls, value: float, line: Sequence[M], stats: SearchStats, exact: bool,
                algorithm: str, depth: int | None = None, values: tuple[float, ...] = ()
                ) -> SearchResult[M]:
        """The result whose best move is the first of the principal line ``line``."""
        return cls(value, line[0] if line else None, tuple(line), stats, exact, algorithm,
                   depth, values=values)


def outcome_of(game: Game[S, M], state: S, result: SearchResult[M]) -> Value | None:
    """The result as a :class:`Value`: its own when the algorithm gave one; else, for an exact
    value of a two-player game whose returns are a win, a draw or a loss, who wins (the plies
    are not known: the searches do not measure the distance); None otherwise."""
    if result.outcome is not None:
        return result.outcome
    mover, info = game.to_move(state), game.info
    if not result.exact or info.num_players != 2 or mover is CHANCE:
        return None
    if result.value >= info.max_return:
        return Value.win(info.players[mover])
    if result.value <= info.min_return:
        return Value.loss(info.players, mover)
    if result.value == (info.max_return + info.min_return) / 2:
        return Value.draw()
    return None


def return_for(game: Game[S, M], state: S, player: int) -> float:
    """``player``'s return in a terminal ``state`` of a two-player zero- or constant-sum game,
    measured from the middle of the sum, so that the two players' values are opposite."""
    returns = game.returns(state)
    if game.info.utility is Utility.CONSTANT_SUM:
        return returns[player] - sum(returns) / 2
    return returns[player]


def terminal_value(game: Game[S, M], state: S) -> float:
    """The return of the side to move in a terminal ``state``."""
    return return_for(game, state, game.player_to_move(state))


def viewer(game: Game[S, M], state: S) -> int:
    """The player whose view a search's value at ``state`` takes: the side to move, or at a
    chance node (where nobody moves) the first player."""
    mover = game.to_move(state)
    return 0 if mover is CHANCE else mover


def opponent(game: Game[S, M], player: int) -> int:
    """The other player of a two-player game."""
    return next(p for p in range(game.info.num_players) if p != player)


def check_range(name: str, value: int, low: int, high: int) -> None:
    """Refuse an argument outside ``low`` to ``high`` with a one-line :class:`OptionError`."""
    if not low <= value <= high:
        raise OptionError(f"{name} {value}: must be {low} to {high:,}")


def check_depth(depth: int | None) -> None:
    """A depth limit is a whole number of plies from 0 to :data:`MAX_DEPTH` (None: no limit)."""
    if depth is not None:
        check_range("depth", depth, 0, MAX_DEPTH)


def depth_limit(game: Game[S, M], depth: int | None, algorithm: str) -> float:
    """The plies left to search at the root: ``depth``, or unlimited when None, which needs a
    game that declares a maximum length (else the search could go on for ever)."""
    check_depth(depth)
    if depth is not None:
        return depth
    if game.info.max_game_length is None:
        raise OptionError(f"{algorithm} needs a depth limit (0 to {MAX_DEPTH}) for "
                          f"{game.info.title}, whose games can go on for ever")
    return INF


FRAMES_PER_PLY = 3
"""Python frames a recursive search may stack per ply (the search's own and a helper's)."""
STACK_BYTES = 512 << 20
"""The stack of a thread that runs a deep search (reserved address space, used as touched)."""
_STACK_LOCK = threading.Lock()


def with_room(plies: float, call: Callable[[], T]) -> T:
    """``call()`` with room for a recursion ``plies`` plies deep: here when the interpreter's
    limit allows it, else with the limit raised (never lowered: threads share it) in a thread
    with a large stack, which gets this context's budget."""
    needed = int(min(plies, 1 << 20)) * FRAMES_PER_PLY + 1000
    if needed <= sys.getrecursionlimit() // 2:
        return call()
    if sys.getrecursionlimit() < 2 * needed:
        sys.setrecursionlimit(2 * needed)
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, context.run(call)))
        except BaseException as error:  # handed to the caller's thread
            outcome.append((False, error))

    context = contextvars.copy_context()
    with _STACK_LOCK:
        previous = threading.stack_size(STACK_BYTES)
        try:
            worker = threading.Thread(target=run, name="deep-search", daemon=True)
            worker.start()
        finally:
            threading.stack_size(previous)
    worker.join()
    ok, value = outcome[0]
    if not ok:
        raise value
    result: T = value
    return result


class Clock:
    """Wall-clock timing of a search into its statistics record."""

    def __init__(self, stats: SearchStats) -> None:
        self.stats = stats
        self.start = time.perf_counter()

    def stop(self) -> None:
        """Write the elapsed time into the record."""
        self.stats.seconds = time.perf_counter() - self.start
