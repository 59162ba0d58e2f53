"""Pig solved by value iteration: the exact win probability of every position, the ``perfect``
engine that maximises it, the analysis of every move, and ``zermelo solve pig``."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from zermelo.core.game import Game
from zermelo.core.value import Analysis, Value
from zermelo.games.pig.rules import FACES, HOLD, OTHER, ROLL, Move, Pig, PigState
from zermelo.search.base import SearchResult, SearchStats
from zermelo.solve.value_iteration import iterate
from zermelo.solvers.pig.space import bases, build, index

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


@lru_cache(maxsize=4)
def table(goal: int) -> Table:
    """Pig to ``goal`` solved (kept: the four goals last asked for)."""
    start = time.perf_counter()
    solution = iterate(build(goal))
    return Table(goal, solution.values, bases(goal), solution.sweeps,
                 time.perf_counter() - start)


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

    def __call__(self, game: Game[Any, Any], state: Any) -> Hashable:
        assert isinstance(game, Pig)
        return self.rng.choice(best_moves(game, state))


def perfect(game: Pig, level: int | None, seed: int | None, data: Path | None
            ) -> PerfectPlayer:
    """The ``perfect`` engine."""
    return PerfectPlayer(seed)


__all__ = ["HOLD", "ROLL", "PerfectPlayer", "Table", "analysis", "best_moves", "perfect",
           "scored_moves", "solve", "table"]
