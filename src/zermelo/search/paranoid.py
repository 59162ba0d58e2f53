"""The paranoid search (Sturtevant & Korf, "On pruning techniques for multi-player games", 2000).

The root's side to move assumes every other player has joined a coalition against it: it
maximises its own return and the coalition minimises that return. The game becomes a
two-sided one on a single number, so fail-soft alpha-beta (:mod:`zermelo.search.alphabeta`)
prunes as usual; with two players and zero-sum returns it *is* alpha-beta. Any number of
players and any returns (the value is the root player's own return); no chance.

The value is a guarantee: the root player gets at least it whatever the others do, but it
undervalues positions where the others would in fact not all play against it.
"""

from __future__ import annotations

from zermelo.core.game import Game
from zermelo.search.alphabeta import root_window, within
from zermelo.search.base import (
    INF,
    N_PLAYER_PERFECT,
    Clock,
    M,
    ReturnsEvaluator,
    S,
    SearchResult,
    SearchStats,
    depth_limit,
    zero_returns,
)

NAME = "paranoid"
SUPPORTS = N_PLAYER_PERFECT


def paranoid(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate_returns: ReturnsEvaluator[S, M] | None = None,
) -> SearchResult[M]:
    """The return the side to move can guarantee against all the other players together.

    ``depth`` limits the search to that many plies (None: to the end of the game); unfinished
    states at the limit are scored by the root player's component of the returns
    ``evaluate_returns`` estimates (default: 0). Ties between moves go to the first in the
    game's move order.
    """
    SUPPORTS.check(game, NAME)
    limit = depth_limit(game, depth, NAME)
    estimate = evaluate_returns or zero_returns
    alpha0, beta0 = root_window(game, evaluate_returns)
    me = game.player_to_move(state)
    stats = SearchStats()
    clock = Clock(stats)

    def search(state: S, left: float, ply: int, alpha: float, beta: float
               ) -> tuple[float, list[M]]:
        stats.visit(ply)
        if game.is_terminal(state):
            return game.returns(state)[me], []
        if left <= 0:
            stats.evaluations += 1
            return estimate(game, state)[me], []
        maximise = game.to_move(state) == me
        best, line = (-INF if maximise else INF), []
        for move in game.legal_moves(state):
            value, child_line = search(game.apply(state, move), left - 1, ply + 1, alpha, beta)
            if value > best if maximise else value < best:
                best, line = value, [move, *child_line]
                if maximise:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
                if alpha >= beta:
                    stats.cutoffs += 1
                    break
        return best, line

    value, line = search(state, limit, 0, alpha0, beta0)
    clock.stop()
    exact = stats.evaluations == 0 and within(game, value, alpha0, beta0)
    return SearchResult.of_line(value, line, stats, exact, NAME, depth)
