"""Fail-soft alpha-beta, generating moves inside the search (the "improved" version in Paweł
Ciężyński, "An analysis of min-max algorithm implementations in logic games", B.Eng. thesis,
Lodz University of Technology, 2017).

Negamax form: ``search(state, alpha, beta)`` returns a value ``v`` such that

* ``alpha < v < beta``: ``v`` is the exact value;
* ``v <= alpha`` (fail low): the exact value is at most ``v``;
* ``v >= beta`` (fail high): the exact value is at least ``v``.

Fail-soft means ``v`` may lie outside the window, which is a tighter bound than the window edge.
Without an evaluation function the root window is the game's range of returns
``[min_return, max_return]``: a side that finds a win stops looking (the sound form of the
``v == 1`` shortcut in the capstone report on weakly solving Three Musketeers, which is only
correct at the side that found the win).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from zermelo.core.game import Game
from zermelo.search.base import (
    INF,
    TWO_PLAYER_PERFECT,
    Clock,
    Evaluator,
    M,
    ReturnsEvaluator,
    S,
    SearchResult,
    SearchStats,
    depth_limit,
    terminal_value,
    zero_evaluation,
)

NAME = "alphabeta"
SUPPORTS = TWO_PLAYER_PERFECT

Ordering: TypeAlias = Callable[[Game[S, M], S, list[M]], list[M]]
"""Reorders the legal moves of a state before they are searched."""


def root_window(game: Game[S, M], evaluate: Evaluator[S, M] | ReturnsEvaluator[S, M] | None
                ) -> tuple[float, float]:
    """The game's return range when only returns are compared, else the whole line."""
    if evaluate is None:
        return game.info.min_return, game.info.max_return
    return -INF, INF


def within(game: Game[S, M], value: float, alpha: float, beta: float) -> bool:
    """Whether a fail-soft result searched with window ``(alpha, beta)`` is exact: inside the
    window, or on an edge that is also the end of the game's range of returns."""
    info = game.info
    return (alpha < value < beta or (value <= alpha and alpha <= info.min_return)
            or (value >= beta and beta >= info.max_return))


def alphabeta(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate: Evaluator[S, M] | None = None,
    order: Ordering[S, M] | None = None,
    window: tuple[float, float] | None = None,
) -> SearchResult[M]:
    """The alpha-beta value of ``state`` from the side to move's view.

    ``depth`` limits the search (None: to the end), ``evaluate`` scores unfinished states at
    the limit (default 0), ``order`` may reorder moves (default: the game's order), ``window``
    overrides the root window. With the default window the value equals minimax's.
    """
    SUPPORTS.check(game, NAME)
    limit = depth_limit(game, depth, NAME)
    alpha0, beta0 = window if window is not None else root_window(game, evaluate)
    scorer = evaluate or zero_evaluation
    stats = SearchStats()
    clock = Clock(stats)

    def search(state: S, left: float, ply: int, alpha: float, beta: float
               ) -> tuple[float, list[M]]:
        stats.visit(ply)
        if game.is_terminal(state):
            return terminal_value(game, state), []
        if left <= 0:
            stats.evaluations += 1
            return scorer(game, state), []
        mover = game.to_move(state)
        moves = game.legal_moves(state)
        if order is not None:
            moves = order(game, state, moves)
        best, line = -INF, []
        for move in moves:
            child = game.apply(state, move)
            if game.to_move(child) == mover:
                value, child_line = search(child, left - 1, ply + 1, alpha, beta)
            else:
                value, child_line = search(child, left - 1, ply + 1, -beta, -alpha)
                value = -value
            if value > best:
                best, line = value, [move, *child_line]
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        stats.cutoffs += 1
                        break
        return best, line

    value, line = search(state, limit, 0, alpha0, beta0)
    clock.stop()
    exact = stats.evaluations == 0 and within(game, value, alpha0, beta0)
    return SearchResult.of_line(value, line, stats, exact, NAME, depth)
