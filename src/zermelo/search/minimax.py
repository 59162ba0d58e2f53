"""Plain minimax (the "basic min-max" of Paweł Ciężyński, "An analysis of min-max algorithm
implementations in logic games", B.Eng. thesis, Lodz University of Technology, 2017), written
as negamax: no pruning, no memory.

Visits every node of the game tree below the state down to the depth limit; on the full
tic-tac-toe tree that is 549,946 nodes. The reference every other search is checked against.
"""

from __future__ import annotations

from zermelo.core.game import Game
from zermelo.search.base import (
    INF,
    TWO_PLAYER_PERFECT,
    Clock,
    Evaluator,
    M,
    S,
    SearchResult,
    SearchStats,
    depth_limit,
    terminal_value,
    zero_evaluation,
)

NAME = "minimax"
SUPPORTS = TWO_PLAYER_PERFECT


def minimax(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate: Evaluator[S, M] | None = None,
) -> SearchResult[M]:
    """The minimax value of ``state`` from the side to move's view.

    ``depth`` limits the search to that many plies (None: to the end of the game); unfinished
    states at the limit are scored by ``evaluate`` (default: 0). Ties between moves go to the
    first in the game's move order.
    """
    SUPPORTS.check(game, NAME)
    limit = depth_limit(game, depth, NAME)
    evaluate = evaluate or zero_evaluation
    stats = SearchStats()
    clock = Clock(stats)

    def search(state: S, left: float, ply: int) -> tuple[float, list[M]]:
        stats.visit(ply)
        if game.is_terminal(state):
            return terminal_value(game, state), []
        if left <= 0:
            stats.evaluations += 1
            return evaluate(game, state), []
        mover = game.to_move(state)
        best, line = -INF, []
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            value, child_line = search(child, left - 1, ply + 1)
            if game.to_move(child) != mover:
                value = -value
            if value > best:
                best, line = value, [move, *child_line]
        return best, line

    value, line = search(state, limit, 0)
    clock.stop()
    return SearchResult.of_line(value, line, stats, stats.evaluations == 0, NAME, depth)
