"""The search of the capstone report on weakly solving Three Musketeers (minimax, alpha-beta,
memoisation, Zobrist hashing and symmetry), with its two defects as switches, to show why that
report answered "the musketeers win" when the enemies do.

Its search is the ``alphabeta_search`` of the code of Russell and Norvig's *Artificial
Intelligence: A Modern Approach* (values from the root player's view, a ``max_value`` and a
``min_value`` that call each other) with memo tables keyed by position, and two changes:

1. **bounds stored as exact values** (``bounds_as_exact``): every value a node returns is stored in
   the memo and later returned as that node's value, whatever window it was found in. A value
   returned after a cut-off (``v >= beta`` in ``max_value``, ``v <= alpha`` in ``min_value``) or a
   fail-low/fail-high is only a *bound* on the node's value; reused in another window it is wrong.
2. **the ``v == 1`` cut at minimising nodes** (``min_cut``): ``min_value`` returns as soon as
   ``v == 1`` (a win for the root player, the musketeers), i.e. as soon as the *first* enemy reply
   examined loses for the enemies. That shortcut is sound at maximising nodes only (one winning
   move is enough for the side that wants 1); at a minimising node the minimiser may have a better
   reply further on.

With both switches off this is a correct alpha-beta (the memo then stores only values that are
exact: found strictly inside the window, or at the ends of the range of returns).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic

from zermelo.core.game import Game, M, S
from zermelo.games.musketeers.rules import Position, ThreeMusketeers

INF = math.inf


@dataclass(frozen=True)
class CapstoneResult(Generic[M]):
    """What that report's search says about a position."""

    value: float
    """From the root player's view (1: the side to move at the root wins)."""
    best_move: M | None
    """None in a terminal position."""
    nodes: int
    memo_size: int


def capstone_search(game: Game[S, M], state: S, *, bounds_as_exact: bool = True,
                    min_cut: bool = True) -> CapstoneResult[M]:
    """That report's ``alphabeta_search`` from ``state``, defects switched on or off."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    player = game.player_to_move(state)
    top = game.info.max_return
    bottom = game.info.min_return
    memo_max: dict[Hashable, float] = {}
    memo_min: dict[Hashable, float] = {}
    nodes = 0

    def remember(memo: dict[Hashable, float], key: Hashable, v: float, alpha: float,
                 beta: float) -> None:
        if bounds_as_exact or alpha < v < beta or v >= top or v <= bottom:
            memo[key] = v

    def max_value(s: S, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if game.is_terminal(s):
            return game.returns(s)[player]
        key = game.key(s)
        if key in memo_max:
            return memo_max[key]
        alpha0, v = alpha, -INF
        for move in game.legal_moves(s):
            v = max(v, min_value(game.apply(s, move), alpha, beta))
            if v >= beta or v >= top:  # the v == 1 shortcut is sound here
                remember(memo_max, key, v, alpha0, beta)
                return v
            alpha = max(alpha, v)
        remember(memo_max, key, v, alpha0, beta)
        return v

    def min_value(s: S, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if game.is_terminal(s):
            return game.returns(s)[player]
        key = game.key(s)
        if key in memo_min:
            return memo_min[key]
        beta0, v = beta, INF
        for move in game.legal_moves(s):
            v = min(v, max_value(game.apply(s, move), alpha, beta))
            if v <= alpha or (min_cut and v >= top):  # defect 2: not sound at a minimiser
                remember(memo_min, key, v, alpha, beta0)
                return v
            beta = min(beta, v)
        remember(memo_min, key, v, alpha, beta0)
        return v

    best_score, best_move = -INF, None
    for move in game.legal_moves(state):
        child = game.apply(state, move)
        v = (max_value if game.to_move(child) == player else min_value)(child, best_score, INF)
        if v > best_score:
            best_score, best_move = v, move
        if v >= top:
            break
    if best_move is None:  # terminal root
        best_score = game.returns(state)[player]
    return CapstoneResult(best_score, best_move, nodes, len(memo_max) + len(memo_min))


@dataclass(frozen=True)
class Discrepancy:
    """A position where a defect gives the wrong winner."""

    position: str
    true_value: float
    """From the side to move's view, by a correct search."""
    bounds_only: float
    min_cut_only: float
    both: float


def sample_positions(game: ThreeMusketeers, seed: int, count: int, min_enemies: int,
                     max_enemies: int) -> Iterator[Position]:
    """Random unfinished positions: musketeers and ``min_enemies``..``max_enemies`` enemies on
    random squares, either side to move (endgames small enough for a pure-Python search)."""
    rng = random.Random(seed)
    squares = list(range(game.grid.size))
    made = 0
    while made < count:
        enemies = rng.randint(min_enemies, max_enemies)
        chosen = rng.sample(squares, game.musketeers + enemies)
        musketeers = sum(1 << s for s in chosen[: game.musketeers])
        state = Position(musketeers, sum(1 << s for s in chosen[game.musketeers:]),
                         rng.randint(0, 1))
        if not game.is_terminal(state):
            made += 1
            yield state


def find_discrepancies(game: Game[S, M], positions: Iterator[S],
                       truth: Callable[[Game[S, M], S], float]) -> tuple[int, list[Discrepancy]]:
    """Compare each defect with ``truth(game, state) -> value`` on the positions; return how
    many positions were checked and those where some defect gets the winner wrong."""
    checked, found = 0, []
    for state in positions:
        if game.is_terminal(state):
            continue
        checked += 1
        true_value = truth(game, state)
        answers = [capstone_search(game, state, bounds_as_exact=b, min_cut=c).value
                   for b, c in ((True, False), (False, True), (True, True))]
        if any((a > 0) != (true_value > 0) for a in answers):
            found.append(Discrepancy(game.format_position(state), true_value, *answers))
    return checked, found
