"""Perfect-information Monte Carlo (PIMC): decide under hidden information by solving samples.

Ginsberg, "GIB: Imperfect information in a computationally challenging game", 2001; why it works
as well as it does: Long, Sturtevant, Buro & Furtak, "Understanding the success of perfect
information Monte Carlo sampling in game tree search", 2010. ``determinisations`` times, a full
state consistent with what the side to move has seen is drawn with ``game.resample``; every
move is evaluated in it as if all were visible (by default with flat random playouts: the
mover's mean return over its share of the playouts); the move with the best value averaged over
the samples is played — or, with ``vote=True``, the move that is best (tied best included) in
most samples, ties to the better average.

PIMC's known faults (strategy fusion: it assumes it will know the hidden state at its next
moves; non-locality) are what ISMCTS (:mod:`zermelo.search.ismcts`) addresses; PIMC is the
baseline it is measured against.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeAlias

from zermelo.core.game import CHANCE, Chance, Game, Information, Utility
from zermelo.search.base import (
    MAX_ITERATIONS,
    Clock,
    M,
    S,
    SearchResult,
    SearchStats,
    Supports,
    anytime_stop,
    check_range,
    check_seconds,
    out_of_budget,
    viewer,
)
from zermelo.search.mcts import Rollout, random_rollout

NAME = "pimc"
SUPPORTS = Supports(players="any", chance=tuple(Chance), information=tuple(Information),
                    utility=tuple(Utility))
MAX_DETERMINISATIONS = 100_000

MoveEvaluator: TypeAlias = Callable[[Game[S, M], S, random.Random, int], dict[M, float]]
"""``evaluate(game, determinisation, rng, playouts)``: each legal move's value for the side to
move in a full state, spending about ``playouts`` playouts (a perfect-information search)."""


def playout_evaluator(rollout: Rollout[S, M] | None = None) -> MoveEvaluator[S, M]:
    """Flat Monte Carlo: each move's value is the mover's mean return over an equal share of
    ``playouts`` games played on by ``rollout`` (default: random moves)."""
    play_out = rollout or random_rollout

    def evaluate(game: Game[S, M], state: S, rng: random.Random, playouts: int
                 ) -> dict[M, float]:
        mover = game.player_to_move(state)
        moves = game.legal_moves(state)
        share = max(1, playouts // len(moves))
        values: dict[M, float] = {}
        for move in moves:
            after = game.apply(state, move)
            if game.is_terminal(after):
                values[move] = game.returns(after)[mover]
                continue
            total, done = 0.0, 0
            while done < share and not (done and done % 16 == 0 and out_of_budget(0)):
                total += play_out(game, after, rng)[mover]  # every move at least once
                done += 1
            values[move] = total / done
        return values

    return evaluate


def pimc(
    game: Game[S, M],
    state: S,
    *,
    iterations: int = 1000,
    seconds: float | None = None,
    determinisations: int = 20,
    seed: int | None = None,
    rollout: Rollout[S, M] | None = None,
    evaluate: MoveEvaluator[S, M] | None = None,
    vote: bool = False,
) -> SearchResult[M]:
    """Choose a move for the side to move in ``state`` from ``determinisations`` samples, with
    ``iterations`` playouts in all (or until ``seconds`` have passed, at least one sample).

    ``evaluate`` replaces the flat playouts (then ``rollout`` is not used). The value is the
    chosen move's mean value over the samples, from the side to move's view.
    """
    SUPPORTS.check(game, NAME)
    check_range("iterations", iterations, 1, MAX_ITERATIONS)
    check_range("determinisations", determinisations, 1, MAX_DETERMINISATIONS)
    check_seconds(seconds)
    stats = SearchStats()
    clock = Clock(stats)
    if game.is_terminal(state) or game.to_move(state) is CHANCE:
        clock.stop()
        value = game.returns(state)[viewer(game, state)]
        return SearchResult(value, None, (), stats, game.is_terminal(state), NAME)
    rng = random.Random(seed)
    judge = evaluate or playout_evaluator(rollout)
    me = game.player_to_move(state)
    share = max(1, iterations // determinisations)
    deadline = None if seconds is None else time.perf_counter() + seconds
    totals: dict[M, float] = {}
    votes: dict[M, int] = {}
    while not anytime_stop(stats.iterations, stats.nodes, determinisations, deadline, every=1):
        stats.iterations += 1
        stats.nodes += share
        values = judge(game, game.resample(state, me, rng), rng, share)
        for move, value in values.items():
            totals[move] = totals.get(move, 0.0) + value
        top = max(values.values())
        for move, value in values.items():
            if value == top:
                votes[move] = votes.get(move, 0) + 1
    samples = stats.iterations
    best = max(totals, key=lambda m: (votes.get(m, 0), totals[m]) if vote else (totals[m],))
    clock.stop()
    return SearchResult.of_line(totals[best] / samples, [best], stats, False, NAME)
