"""What every search shares: the typed result, the statistics record, the game checks.

Values are always from the **side to move's view** at the searched state: ``1`` a win, ``0`` a
draw, ``-1`` a loss for games whose returns are ±1/0, or the game's own score otherwise. The
searches are written as negamax over the game protocol: a child's value is negated when the
child's side to move differs from the parent's (so a game where a side moves twice in a row is
handled too).

All searches assume a finite game (every game zermelo ships has an acyclic graph); the depth
limit is the only guard against a game that can go on for ever.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import asdict, dataclass, field
from typing import Any, Generic, TypeVar

from zermelo.core.game import Chance, Game, Information, Utility, require

M = TypeVar("M", bound=Hashable)

INF = math.inf

Evaluator = Callable[[Game[Any, Any], Any], float]
"""A static evaluation: ``evaluate(game, state)`` from the side to move's view.

Called at the depth limit on non-terminal states only. To keep the value comparable with the
game's returns, stay strictly inside ``(info.min_return, info.max_return)``.
"""


def zero_evaluation(game: Game[Any, Any], state: Any) -> float:
    """The evaluation that knows nothing: every unfinished position is worth a draw."""
    return 0.0


@dataclass
class SearchStats:
    """What a search did: the seed's "checks" (``nodes``) and "cuts" (``cutoffs``), and more."""

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
    """A move reaching ``value``; None in a terminal state."""
    pv: tuple[M, ...]
    """The principal variation: the best line as far as the search followed it."""
    stats: SearchStats
    exact: bool
    """True when ``value`` is the game-theoretic value (no depth limit was reached and no
    sampling was involved)."""
    algorithm: str
    depth: int | None = None
    """The depth limit the value was searched to (None: unlimited)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", self.value + 0.0)  # no -0.0 in output


def check_game(game: Game[Any, Any], algorithm: str) -> None:
    """Refuse a game this family of searches cannot handle.

    The searches need two players, no chance, perfect information and zero-sum returns (a
    constant-sum game is accepted too: its returns are shifted by the constant, not reordered).
    """
    require(
        game,
        algorithm=algorithm,
        num_players=2,
        chance=Chance.DETERMINISTIC,
        information=Information.PERFECT,
        utility=(Utility.ZERO_SUM, Utility.CONSTANT_SUM),
    )


def terminal_value(game: Game[Any, Any], state: Any) -> float:
    """The return of the side to move in a terminal ``state``."""
    returns = game.returns(state)
    mover = game.to_move(state)
    if game.info.utility is Utility.CONSTANT_SUM:
        return (returns[mover] - returns[1 - mover]) / 2
    return returns[mover]


def check_depth(depth: int | None) -> None:
    """A depth limit must be a whole number of plies, at least 0."""
    if depth is not None and depth < 0:
        raise ValueError(f"depth {depth}: must be 0 or more")


class Clock:
    """Wall-clock timing of a search into its statistics record."""

    def __init__(self, stats: SearchStats) -> None:
        self.stats = stats
        self.start = time.perf_counter()

    def stop(self) -> None:
        """Write the elapsed time into the record."""
        self.stats.seconds = time.perf_counter() - self.start
