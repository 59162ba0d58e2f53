"""The paper's minimax and alpha-beta compiled: the tree of
:class:`~zermelo.agents.turtles.search.TreeSearch` on the kernels' state arrays.

A paranoid tree of ``depth`` plays per determinisation, a line worth the sum of the strategy's
scores from the agent's view and +-10^6 times its return where the game ends, the draws fixed
per ply; each of ``samples`` determinisations votes for its first best play.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.agents.turtles.strategies import rates_of, score
from zermelo.core.arrays import copy_cells
from zermelo.games.turtles.kernels import (
    COL,
    ENDED,
    MAX_PLAYERS,
    MAX_PLAYS,
    MOV,
    SIZE,
    determinise,
    draw,
    kernel_returns,
    play,
    plays_of,
)

WIN = 1e6
"""A line that ends the game is worth this much times the agent's return."""


@njit(cache=True)
def _won(s, me, rules, out):  # type: ignore[no-untyped-def]
    """The worth of the finished game ``s`` to ``me``: :data:`WIN` times its return (``out``
    receives every player's)."""
    kernel_returns(s, rules, out)
    return WIN * out[me]


@njit(cache=True)
def _level(states, cards, turtles, counts, next_, best, maximise, level, me, rules,  # type: ignore[no-untyped-def]
           draws):
    """Open a node of :func:`_tree` at ``level``: the draw due (fixed by ``draws``), then
    the mover's plays."""
    s = states[level]
    draw(s, draws[level + 1])
    counts[level] = plays_of(s, s[MOV], rules, cards[level], turtles[level])
    next_[level] = 0
    maximise[level] = s[MOV] == me
    best[level] = -np.inf if maximise[level] else np.inf


@njit(cache=True)
def _tree(s, depth, alpha0, beta0, me, strategy, prune, rules, draws):  # type: ignore[no-untyped-def]
    """The value of ``s`` after the root's play (the game goes on, ``depth`` > 0 plays to
    look at) for ``me``: at each node the mover's draw (fixed per ply by ``draws``), then the
    best line (``me`` to play) or the worst, a line worth the sum of its scores; fail-soft
    alpha-beta when ``prune``. Levels on an explicit stack."""
    own = s[COL + me]
    states = np.empty((depth, SIZE), np.int64)
    cards = np.empty((depth, MAX_PLAYS), np.int64)
    turtles = np.empty((depth, MAX_PLAYS), np.int64)
    counts = np.empty(depth, np.int64)
    next_ = np.empty(depth, np.int64)
    best = np.empty(depth, np.float64)
    alpha = np.empty(depth, np.float64)
    beta = np.empty(depth, np.float64)
    scored = np.empty(depth, np.float64)
    maximise = np.empty(depth, np.bool_)
    out = np.empty(MAX_PLAYERS, np.float64)
    copy_cells(states[0], 0, s, 0, SIZE)
    alpha[0], beta[0] = alpha0, beta0
    _level(states, cards, turtles, counts, next_, best, maximise, 0, me, rules, draws)
    level = 0
    while True:
        if next_[level] < counts[level] and not (prune and alpha[level] >= beta[level]):
            i = next_[level]
            next_[level] += 1
            card, turtle = cards[level, i], turtles[level, i]
            sc = score(states[level], own, strategy, rates_of(states[level], own, strategy),
                       card, turtle)
            c = states[level].copy()
            if play(c, card, turtle, rules) == ENDED:
                value = sc + _won(c, me, rules, out)
            elif depth - level == 1:
                value = sc
            else:
                scored[level] = sc
                copy_cells(states[level + 1], 0, c, 0, SIZE)
                alpha[level + 1], beta[level + 1] = alpha[level] - sc, beta[level] - sc
                level += 1
                _level(states, cards, turtles, counts, next_, best, maximise, level, me, rules,
                       draws)
                continue
        else:
            if level == 0:
                return best[0]
            level -= 1
            value = scored[level] + best[level + 1]
        if maximise[level]:
            best[level] = max(best[level], value)
            alpha[level] = max(alpha[level], best[level])
        else:
            best[level] = min(best[level], value)
            beta[level] = min(beta[level], best[level])


@njit(cache=True)
def tree_best(s, depth, strategy, prune, rules, draws):  # type: ignore[no-untyped-def]
    """The index (among the mover's legal plays) of the first best play in the determinisation
    ``s`` (the root of :func:`_tree`)."""
    me = s[MOV]
    own = s[COL + me]
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    n = plays_of(s, me, rules, cards, turtles)
    rates = rates_of(s, own, strategy)
    out = np.empty(MAX_PLAYERS, np.float64)
    best, top = 0, -np.inf
    for i in range(n):
        sc = score(s, own, strategy, rates, cards[i], turtles[i])
        c = s.copy()
        if play(c, cards[i], turtles[i], rules) == ENDED:
            value = sc + _won(c, me, rules, out)
        elif depth == 1:
            value = sc
        else:
            value = sc + _tree(c, depth - 1, top - sc, np.inf, me, strategy, prune, rules,
                               draws)
        if value > top:
            best, top = i, value
    return best


@njit(cache=True)
def tree_choose(o, rules, strategy, depth, samples, prune):  # type: ignore[no-untyped-def]
    """Minimax (alpha-beta when ``prune``) from the mover's observation ``o``: each of
    ``samples`` determinisations votes for its first best play; the index of the first play
    of the most votes."""
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    me = o[MOV]
    n = plays_of(o, me, rules, cards, turtles)
    votes = np.zeros(n, np.int64)
    for _ in range(samples):
        s = determinise(o, me, rules)
        draws = np.random.random(depth + 1)
        votes[tree_best(s, depth, strategy, prune, rules, draws)] += 1
    return np.argmax(votes)
