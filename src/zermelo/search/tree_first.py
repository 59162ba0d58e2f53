"""The first alpha-beta of a thesis: build the whole game tree to the depth limit, then search
it (Paweł Ciężyński, "An analysis of min-max algorithm implementations in logic games", B.Eng.
thesis, Lodz University of Technology, 2017).

Kept only for the comparison tables: the tree costs memory and time for every node, where the
integrated search (:mod:`zermelo.search.alphabeta`) never builds the nodes it cuts off. The
statistics split the time into ``build_seconds`` and ``search_seconds``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Generic

from zermelo.core.game import Game
from zermelo.search.alphabeta import SUPPORTS, root_window
from zermelo.search.base import (
    INF,
    Evaluator,
    M,
    S,
    SearchResult,
    SearchStats,
    depth_limit,
    terminal_value,
    zero_evaluation,
)

NAME = "tree-first"


@dataclass
class TreeNode(Generic[M]):
    """A built node: its value if it is a leaf, its children otherwise."""

    mover: int
    value: float = 0.0
    children: list[tuple[M, TreeNode[M]]] = field(default_factory=list)


def tree_first(game: Game[S, M], state: S, *, depth: int | None = None,
               evaluate: Evaluator[S, M] | None = None) -> SearchResult[M]:
    """Build the tree below ``state`` to ``depth`` plies, then run alpha-beta over it."""
    SUPPORTS.check(game, NAME)
    limit = depth_limit(game, depth, NAME)
    scorer = evaluate or zero_evaluation
    stats = SearchStats()
    begin = time.perf_counter()

    def build(s: S, left: float, ply: int) -> TreeNode[M]:
        stats.visit(ply)
        node: TreeNode[M] = TreeNode(game.player_to_move(s))
        if game.is_terminal(s):
            node.value = terminal_value(game, s)
        elif left <= 0:
            stats.evaluations += 1
            node.value = scorer(game, s)
        else:
            node.children = [(m, build(game.apply(s, m), left - 1, ply + 1))
                             for m in game.legal_moves(s)]
        return node

    root = build(state, limit, 0)
    built = time.perf_counter()

    def search(node: TreeNode[M], alpha: float, beta: float) -> tuple[float, list[M]]:
        if not node.children:
            return node.value, []
        best, line = -INF, []
        for move, child in node.children:
            if child.mover == node.mover:
                value, child_line = search(child, alpha, beta)
            else:
                value, child_line = search(child, -beta, -alpha)
                value = -value
            if value > best:
                best, line = value, [move, *child_line]
                alpha = max(alpha, best)
                if alpha >= beta:
                    stats.cutoffs += 1
                    break
        return best, line

    alpha, beta = root_window(game, evaluate)
    value, line = search(root, alpha, beta)
    done = time.perf_counter()
    stats.seconds = done - begin
    stats.extra["build_seconds"] = built - begin
    stats.extra["search_seconds"] = done - built
    return SearchResult.of_line(value, line, stats, stats.evaluations == 0, NAME, depth)
