"""Information-set Monte Carlo tree search (ISMCTS) for games with hidden information.

Cowling, Powley & Whitehouse, "Information set Monte Carlo tree search", 2012. Each iteration
draws a *determinisation* — a full state consistent with what the searching player has seen,
from ``game.resample`` (or a caller's model of the hidden part) and nothing else — and walks it
down a tree whose nodes are information sets, not states: a node is keyed by
``game.information_key``. At a node only the moves legal in the current determinisation are
candidates, and UCB counts how often each was *available* instead of the parent's visits (``Q +
c * sqrt(ln available / visits)``, returns scaled to 0..1). One new move is tried per iteration,
then a rollout plays to the end and every move on the path is credited with its mover's return.

Two kinds of tree:

* single observer (SO-ISMCTS): one tree of the searching player's information sets; the
  opponents' moves are chosen at those nodes too, so an opponent cannot use its own secrets;
* multiple observer (MO-ISMCTS): a tree per player; a player choosing a move looks up its own
  information set, so each opponent's choices depend on what it sees (its own hand), and a move
  it makes that the others cannot see does not split their nodes.

Nodes live in one table keyed by ``(owner, mover, information key)``, so transpositions share
statistics. Chance outcomes are drawn with ``game.sample_chance`` and make no nodes: the
information key says which of them the owner can tell apart. A perfect-information game is
searched too (its resample is the state itself): ISMCTS is then plain UCT over a graph.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, Literal, TypeAlias

from zermelo.core.errors import OptionError
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
    viewer,
)
from zermelo.search.mcts import Rollout, random_rollout

Resampler: TypeAlias = Callable[[Game[S, M], S, int, random.Random], S]
"""``resample(game, state, player, rng)``: a determinisation for ``player``; by default
``game.resample`` (a game's own prior), or one drawn from a model of the opponents."""

NAME = "ismcts"
SUPPORTS = Supports(players="any", chance=tuple(Chance), information=tuple(Information),
                    utility=tuple(Utility))

Observers = Literal["single", "multiple"]
OBSERVERS: tuple[Observers, ...] = ("single", "multiple")


class InfoNode(Generic[M]):
    """The statistics of one information set: per move its visits, summed (scaled) return of
    the mover and how often it was available."""

    __slots__ = ("available", "rewards", "visits")

    def __init__(self) -> None:
        self.visits: dict[M, int] = {}
        self.rewards: dict[M, float] = {}
        self.available: dict[M, int] = {}

    def mean(self, move: M) -> float:
        """The mover's mean scaled return after ``move``."""
        return self.rewards[move] / self.visits[move]


def ismcts(
    game: Game[S, M],
    state: S,
    *,
    iterations: int = 1000,
    seconds: float | None = None,
    observers: Observers = "single",
    exploration: float = 0.7,
    seed: int | None = None,
    rollout: Rollout[S, M] | None = None,
    resample: Resampler[S, M] | None = None,
) -> SearchResult[M]:
    """Choose a move for the side to move in ``state`` with ``iterations`` determinised
    simulations (or until ``seconds`` have passed); ``resample`` replaces ``game.resample``.

    ``state`` may be the true state: only its side to move's information is used. The best
    move is the most visited at the root's information set; the value is its mean return from
    the side to move's view (at a chance node, the first player's mean return, and no move).
    """
    SUPPORTS.check(game, NAME)
    check_range("iterations", iterations, 1, MAX_ITERATIONS)
    check_seconds(seconds)
    if observers not in OBSERVERS:
        raise OptionError(f"observers {observers!r}: must be single or multiple")
    rng = random.Random(seed)
    play_out = rollout or random_rollout
    low, high = game.info.min_return, game.info.max_return
    scale = 1.0 / (high - low) if high > low else 1.0
    me = viewer(game, state)
    single = observers == "single"
    table: dict[Hashable, InfoNode[M]] = {}
    stats = SearchStats()
    clock = Clock(stats)
    deadline = None if seconds is None else time.perf_counter() + seconds
    root_total = 0.0

    def node_of(d: S, mover: int) -> InfoNode[M]:
        owner = me if single else mover
        key = (owner, mover, game.information_key(d, owner))
        node = table.get(key)
        if node is None:
            node = table[key] = InfoNode()
        return node

    def select(node: InfoNode[M], moves: Sequence[M]) -> M:
        best, best_score = moves[0], -math.inf
        for move in moves:
            visits = node.visits[move]
            score = node.mean(move) + exploration * math.sqrt(
                math.log(node.available[move]) / visits)
            if score > best_score:
                best, best_score = move, score
        return best

    while not game.is_terminal(state) and not anytime_stop(
            stats.iterations, stats.nodes, iterations, deadline):
        stats.iterations += 1
        d = (resample(game, state, me, rng) if resample is not None
             else game.resample(state, me, rng))
        path: list[tuple[InfoNode[M], M, int]] = []
        while True:
            if game.is_terminal(d):
                returns: Sequence[float] = game.returns(d)
                break
            mover = game.to_move(d)
            if mover is CHANCE:
                d = game.apply(d, game.sample_chance(d, rng))
                continue
            node = node_of(d, mover)
            moves = game.legal_moves(d)
            for move in moves:
                node.available[move] = node.available.get(move, 0) + 1
            untried = [m for m in moves if m not in node.visits]
            if untried:
                move = rng.choice(untried)
                node.visits[move], node.rewards[move] = 0, 0.0
                path.append((node, move, mover))
                d = game.apply(d, move)
                returns = game.returns(d) if game.is_terminal(d) else play_out(game, d, rng)
                break
            move = select(node, moves)
            path.append((node, move, mover))
            d = game.apply(d, move)
        stats.max_depth = max(stats.max_depth, len(path))
        stats.nodes = len(table)
        root_total += returns[me]
        for node, move, mover in path:
            node.visits[move] += 1
            node.rewards[move] += (returns[mover] - low) * scale
    clock.stop()
    return _result(game, state, table, me, root_total, stats, low, scale)


def _result(game: Game[S, M], state: S, table: dict[Hashable, InfoNode[M]], me: int,
            root_total: float, stats: SearchStats, low: float, scale: float
            ) -> SearchResult[M]:
    """The most visited move of the root's information set and its mean return."""
    if game.is_terminal(state):
        return SearchResult(game.returns(state)[me], None, (), stats, True, NAME)
    if game.to_move(state) is CHANCE:
        return SearchResult(root_total / stats.iterations, None, (), stats, False, NAME)
    root = table[(me, me, game.information_key(state, me))]
    best = max(root.visits, key=lambda m: (root.visits[m], root.rewards[m]))
    value = root.mean(best) / scale + low
    stats.extra["root_moves"] = len(root.visits)
    return SearchResult.of_line(value, [best], stats, False, NAME)
