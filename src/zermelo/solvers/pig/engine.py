"""Pig solved by value iteration: the exact win probability of every position, the ``perfect``
engine that maximises it, the analysis of every move, and ``zermelo solve pig``."""

from __future__ import annotations

import random
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from zermelo.core.value import Analysis, Value
from zermelo.games.pig.rules import FACES, HOLD, OTHER, ROLL, Move, Pig, PigState
from zermelo.search.base import Pending, SearchResult, SearchStats, remaining_budget
from zermelo.solvers.pig.space import bases, build, index
from zermelo.tablebase.value_iteration import iterate

TIE = 1e-12
"""Moves whose win probabilities differ by less than this are equally good."""


@dataclass(frozen=True)
class Table:
    """The solved values of Pig to ``goal``, with how they were obtained."""

    goal: int
    values: np.ndarray
    base: np.ndarray
    sweeps: int
    seconds: float

    def win_probability(self, game: Pig, state: PigState) -> float:
        """The chance that the player who moves in ``state`` (who rolled, at a chance node)
        wins, under optimal play by both."""
        i, j = state.scores[state.mover], state.scores[OTHER[state.mover]]
        if game.is_terminal(state):
            return 1.0 if i >= self.goal else 0.0
        if state.rolling:
            return sum(self.after(game, state, face) for face in FACES) / len(FACES)
        if i + state.turn >= self.goal:
            return 1.0
        return float(self.values[index(self.goal, self.base, i, j, state.turn)])

    def after(self, game: Pig, state: PigState, move: Move) -> float:
        """The win probability of ``state``'s mover after ``move``."""
        child = game.apply(state, move)
        p = self.win_probability(game, child)
        return p if child.mover == state.mover else 1.0 - p


KEPT = 4
"""Solved goals kept in memory (the last asked for)."""
_tables: OrderedDict[int, Table] = OrderedDict()
_solving: dict[int, threading.Thread] = {}
_failed: dict[int, BaseException] = {}
_lock = threading.Lock()


def table(goal: int) -> Table:
    """Pig to ``goal`` solved, kept. The solve (seconds to 100) runs once, in a thread of its
    own: a caller whose time budget ends first gets :class:`BudgetExhausted` while the solve
    goes on for the next one, so that a server's analyses and engine moves get the table after
    a few requests instead of each starting it again and running out."""
    with _lock:
        if goal in _tables:
            _tables.move_to_end(goal)
            return _tables[goal]
        worker = _solving.get(goal)
        if worker is None:
            worker = threading.Thread(target=_solve, args=(goal,), daemon=True,
                                      name=f"pig-{goal}")
            _solving[goal] = worker
            worker.start()
    worker.join(remaining_budget()[1])  # no time bound: until it is done
    with _lock:
        if goal in _tables:
            return _tables[goal]
        if goal in _failed:
            _solving.pop(goal, None)
            raise _failed.pop(goal)
    raise Pending(f"Pig to {goal} is being solved (once, it takes seconds): ask again "
                          f"shortly")


def _solve(goal: int) -> None:
    """Solve Pig to ``goal`` into the kept tables (outside any budget: a thread has none)."""
    start = time.perf_counter()
    try:
        solution = iterate(build(goal))
    except BaseException as error:  # handed to the caller that waits for it
        with _lock:
            _failed[goal] = error
        return
    solved = Table(goal, solution.values, bases(goal), solution.sweeps,
                   time.perf_counter() - start)
    with _lock:
        _tables[goal] = solved
        while len(_tables) > KEPT:
            _tables.popitem(last=False)
        _solving.pop(goal, None)


def scored_moves(game: Pig, state: PigState) -> list[tuple[Move, float]]:
    """Every legal move with the win probability it leaves the mover."""
    solved = table(game.goal)
    return [(m, solved.after(game, state, m)) for m in game.legal_moves(state)]


def best_moves(game: Pig, state: PigState) -> list[Move]:
    """The moves of the highest win probability (roll before hold on a tie)."""
    scored = scored_moves(game, state)
    top = max(p for _, p in scored)
    return [m for m, p in scored if p >= top - TIE]


def solve(game: Pig, state: PigState) -> SearchResult[Move]:
    """``zermelo solve pig``: the mover's win probability and a best move."""
    solved = table(game.goal)
    p = solved.win_probability(game, state)
    stats = SearchStats(nodes=int(solved.values.size), iterations=solved.sweeps,
                        seconds=solved.seconds)
    mover = game.info.players[state.mover]
    best = None if game.is_terminal(state) or state.rolling else best_moves(game, state)[0]
    return SearchResult(p, best, () if best is None else (best,), stats, True,
                        "value-iteration", outcome=Value.probability(mover, p))


def analysis(game: Pig, state: PigState, data: Path | None = None) -> Analysis:
    """The win probability of the mover (who rolled, at a chance node) in ``state`` and after
    each legal move or face."""
    mover = game.info.players[state.mover]
    solved = table(game.goal)
    moves = [(m, Value.probability(mover, p)) for m, p in (
        [(m, solved.after(game, state, m)) for m in game.legal_moves(state)])]
    value = Value.probability(mover, solved.win_probability(game, state))
    if state.rolling:  # nobody chooses a face: no best move
        return Analysis(value, tuple(moves), ())
    return Analysis.of(value, moves, mover)


class PerfectPlayer:
    """Plays a move of the highest win probability, at random among equals (seedable)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Pig, state: PigState) -> Move:
        return self.rng.choice(best_moves(game, state))


def perfect(game: Pig, level: int | None, seed: int | None, data: Path | None
            ) -> PerfectPlayer:
    """The ``perfect`` engine."""
    return PerfectPlayer(seed)


__all__ = ["HOLD", "ROLL", "PerfectPlayer", "Table", "analysis", "best_moves", "perfect",
           "scored_moves", "solve", "table"]
