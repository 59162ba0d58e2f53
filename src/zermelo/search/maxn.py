"""Max^n (Luckhardt & Irani, "An algorithmic solution of N-person games", 1986).

The n-player generalisation of minimax: a node's value is a vector, one return per player, and
the player to move picks the child whose vector is best in its own component. Any number of
players and any returns (zero-, constant- or general-sum); no chance. Without a bound on the
sum of the returns max^n cannot prune, so every node is searched.

Ties between children that are equal for the player to move are broken deterministically: the
first in the game's move order is kept (the others may differ for the other players, so the
value depends on that rule, as it does in the published algorithm).
"""

from __future__ import annotations

from zermelo.core.game import Game
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

NAME = "maxn"
SUPPORTS = N_PLAYER_PERFECT


def maxn(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate_returns: ReturnsEvaluator[S, M] | None = None,
) -> SearchResult[M]:
    """The max^n value of ``state``: ``values`` holds every player's, ``value`` the side to
    move's.

    ``depth`` limits the search to that many plies (None: to the end of the game); unfinished
    states at the limit get the returns ``evaluate_returns`` estimates (default: 0 for
    everyone).
    """
    SUPPORTS.check(game, NAME)
    limit = depth_limit(game, depth, NAME)
    estimate = evaluate_returns or zero_returns
    nothing = (-INF,) * game.info.num_players
    stats = SearchStats()
    clock = Clock(stats)

    def search(state: S, left: float, ply: int) -> tuple[tuple[float, ...], list[M]]:
        stats.visit(ply)
        if game.is_terminal(state):
            return tuple(game.returns(state)), []
        if left <= 0:
            stats.evaluations += 1
            return tuple(estimate(game, state)), []
        mover = game.player_to_move(state)
        best, line = nothing, []
        for move in game.legal_moves(state):
            values, child_line = search(game.apply(state, move), left - 1, ply + 1)
            if values[mover] > best[mover]:
                best, line = values, [move, *child_line]
        return best, line

    values, line = search(state, limit, 0)
    clock.stop()
    value = values[game.player_to_move(state)]
    return SearchResult.of_line(value, line, stats, stats.evaluations == 0, NAME, depth,
                                values=values)
