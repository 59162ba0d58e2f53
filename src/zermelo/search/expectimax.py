"""Expectimax (Michie, "Game-playing and game-learning automata", 1966): minimax with chance.

Two players with zero-sum returns, with or without listed chance. At a player's node the value
is the best child's for that player, at a chance node the probability-weighted mean over
``game.chance_outcomes``. Values are taken from one player's view throughout (the root's side
to move): that player's nodes maximise, the opponent's minimise.

A *ply* is one player's move: chance nodes use up no depth, so ``depth=2`` looks at both
players' next moves whatever dice fall in between, and the evaluation only ever scores states
where a player is to move.

No pruning: alpha-beta's cut-offs do not carry over to chance nodes without bounds on the
evaluation (Ballard's *-minimax, 1983), so every node is searched in full and the value is the
exact expectimax value to the depth limit. A state met again with as many plies left (the
dice of Pig reach the same turn total in several orders) is searched once: its value and line
are kept for the rest of the search.
"""

from __future__ import annotations

from collections.abc import Hashable

from zermelo.core.game import CHANCE, Chance, Game, Information, Utility
from zermelo.search.base import (
    INF,
    Clock,
    Evaluator,
    M,
    S,
    SearchResult,
    SearchStats,
    Supports,
    depth_limit,
    return_for,
    viewer,
    zero_evaluation,
)
from zermelo.search.table import check_room

NAME = "expectimax"
SUPPORTS = Supports(players="two", chance=(Chance.DETERMINISTIC, Chance.EXPLICIT),
                    information=(Information.PERFECT,),
                    utility=(Utility.ZERO_SUM, Utility.CONSTANT_SUM))


def expectimax(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate: Evaluator[S, M] | None = None,
) -> SearchResult[M]:
    """The expectimax value of ``state`` from the side to move's view (at a chance node, the
    first player's).

    ``depth`` counts the players' moves (chance nodes are free; None: to the end of the game,
    which needs a game of bounded length); unfinished states at the limit are scored by
    ``evaluate`` (default: 0). Ties between moves go to the first in the game's move order.
    The principal line stops at the first chance node.
    """
    SUPPORTS.check(game, NAME)
    limit = depth_limit(game, depth, NAME)
    scorer = evaluate or zero_evaluation
    me = viewer(game, state)
    stats = SearchStats()
    clock = Clock(stats)
    known: dict[tuple[Hashable, float], tuple[float, list[M]]] = {}

    def search(state: S, left: float, ply: int) -> tuple[float, list[M]]:
        stats.visit(ply)
        if game.is_terminal(state):
            return return_for(game, state, me), []
        mover = game.to_move(state)
        if mover is not CHANCE and left <= 0:
            stats.evaluations += 1
            value = scorer(game, state)
            return (value if mover == me else -value), []
        stats.tt_probes += 1
        found = known.get((state, left))
        if found is not None:
            stats.tt_hits += 1
            return found
        if mover is CHANCE:
            mean = sum(p * search(game.apply(state, outcome), left, ply + 1)[0]
                       for outcome, p in game.chance_outcomes(state))
            found = mean, []
        else:
            found = best_move(state, mover == me, left, ply)
        check_room(len(known), NAME)
        known[state, left] = found
        return found

    def best_move(state: S, maximise: bool, left: float, ply: int
                  ) -> tuple[float, list[M]]:
        """The value and line of the best move for the side to move in ``state``."""
        best, line = (-INF if maximise else INF), []
        for move in game.legal_moves(state):
            value, child_line = search(game.apply(state, move), left - 1, ply + 1)
            if value > best if maximise else value < best:
                best, line = value, [move, *child_line]
        return best, line

    value, line = search(state, limit, 0)
    stats.tt_size = stats.tt_stores = len(known)
    clock.stop()
    return SearchResult.of_line(value, line, stats, stats.evaluations == 0, NAME, depth)
