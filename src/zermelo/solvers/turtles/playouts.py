"""Compiled playouts of The Great Turtle Race from any position, for the searches' rollouts.

Each player plays by a *policy*: uniformly random legal plays, or the paper's strategy F, E or H
(formulas (4)-(10) with c_c counted twice, f_p on the player's own turtle, VP_max over every
other turtle, ties at random, as :mod:`zermelo.solvers.turtles.strategies` reads them by
default), each play replaced by a random one with probability ``epsilon``. The board, hands and
piles are flat arrays as in :mod:`zermelo.games.turtles.kernels`, whose move generation and
moves are used; :func:`rollout` turns a state into them, plays on and returns every player's
return as the rules give it. Tests check the strategy scores against the readable strategies
and whole random playouts against the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
from numba import njit

from zermelo.games.turtles.board import FINISH, SQUARES
from zermelo.games.turtles.cards import KINDS, TURTLES
from zermelo.games.turtles.kernels import (
    MAX_PLAYS,
    STEP,
    _draw,
    finished,
    flags,
    legal,
    move,
    winner,
)
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import DRAW, OVER, TurtleState

RANDOM, FAST, EFFICIENT, HYBRID = 0, 1, 2, 3
POLICIES = {"random": RANDOM, "F": FAST, "E": EFFICIENT, "H": HYBRID}
"""The rollout policies by name."""
RATES = np.array([[10, -10, -1, 1], [1, -10, -1, 10]], dtype=np.int64)
"""F's and E's robust rates (own forward, own back, other forward, other back), formulas (6)
and (8)."""


@njit(cache=True)
def score(sq, ht, own, card, turtle, rates):  # type: ignore[no-untyped-def]
    """F_q = f_p + f_d of playing ``card`` on ``turtle`` for the owner of ``own``."""
    if turtle < 0:
        return float(sq[own])
    steps = STEP[card]
    carried = own == turtle or (sq[own] == sq[turtle] and sq[turtle] > 0
                                and ht[own] > ht[turtle])
    after = min(FINISH, max(0, sq[own] + steps)) if carried else sq[own]
    c = abs(steps)
    if turtle == own:
        rate = rates[0] if steps > 0 else rates[1]
    else:
        rate = rates[2] if steps > 0 else rates[3]
    return float(after + rate * c * c)


@njit(cache=True)
def rates_of(sq, ht, own, policy):  # type: ignore[no-untyped-def]
    """The rates row of ``policy``: H takes F's when its turtle's VP is the highest."""
    if policy == FAST:
        return 0
    if policy == EFFICIENT:
        return 1
    mine = 5 * sq[own] + 4 - ht[own]
    for t in range(TURTLES):
        if t != own and 5 * sq[t] + 4 - ht[t] > mine:
            return 1
    return 0


@njit(cache=True)
def choose(sq, ht, own, policy, cards, turtles, n, epsilon):  # type: ignore[no-untyped-def]
    """The index of the play ``policy`` makes among the ``n`` legal ones."""
    if policy == RANDOM or n == 1 or np.random.random() < epsilon:
        return np.random.randint(0, n)
    rates = RATES[rates_of(sq, ht, own, policy)]
    best, top, ties = 0, -1e18, 0
    for i in range(n):
        s = score(sq, ht, own, cards[i], turtles[i], rates)
        if s > top:
            best, top, ties = i, s, 1
        elif s == top:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = i
    return best


@njit(cache=True)
def play_on(sq, ht, count, colours, hands, pile, discard, mover, passes,  # type: ignore[no-untyped-def]
            draw_first, flag, policies, epsilon, seed):
    """:func:`playout` with the generator seeded by ``seed`` first."""
    np.random.seed(seed)
    return playout(sq, ht, count, colours, hands, pile, discard, mover, passes, draw_first,
                   flag, policies, epsilon)


@njit(cache=True)
def playout(sq, ht, count, colours, hands, pile, discard, mover, passes,  # type: ignore[no-untyped-def]
            draw_first, flag, policies, epsilon):
    """Play on from a position (arrays are changed) to the end; the winner, -1 if shared.
    ``draw_first``: the mover has played and draws before the next player plays."""
    players = colours.shape[0]
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    total = 0
    for c in range(KINDS):
        total += pile[c]
    if draw_first:
        if total > 0:
            hands[mover, _draw(pile, total)] += 1
            total -= 1
        mover = (mover + 1) % players
    while True:
        n = legal(sq, ht, hands[mover], flag, cards, turtles)
        k = choose(sq, ht, colours[mover], policies[mover], cards, turtles, n, epsilon)
        card, turtle = cards[k], turtles[k]
        if card < 0:
            passes += 1
            if passes >= players:
                return winner(sq, ht, colours)
        else:
            passes = 0
            hands[mover, card] -= 1
            if turtle >= 0:
                move(sq, ht, count, turtle, STEP[card])
            discard[card] += 1
            if finished(sq, colours, flag):
                return winner(sq, ht, colours)
            if total == 0 and flag[3] == 0:
                for c in range(KINDS):
                    pile[c] = discard[c]
                    total += discard[c]
                    discard[c] = 0
            if total > 0:
                hands[mover, _draw(pile, total)] += 1
                total -= 1
        mover = (mover + 1) % players


def arrays(state: TurtleState) -> tuple[np.ndarray, ...]:
    """The state as the kernel's arrays: squares, heights, turtles per square, colours, hands
    (counts per kind), draw and discard piles."""
    sq = np.zeros(TURTLES, np.int64)
    ht = np.zeros(TURTLES, np.int64)
    count = np.zeros(SQUARES, np.int64)
    for square, stack in enumerate(state.board):
        count[square] = len(stack)
        for height, t in enumerate(stack):
            sq[t] = square
            ht[t] = 0 if square == 0 else height
    hands = np.zeros((len(state.hands), KINDS), np.int64)
    for p, hand in enumerate(state.hands):
        for card in hand:
            hands[p, card] += 1
    return (sq, ht, count, np.array(state.colours, np.int64), hands,
            np.array(state.pile, np.int64), np.array(state.discard, np.int64))


def returns_of(game: Turtles, won: int) -> tuple[float, ...]:
    """The rules' returns when player ``won`` wins alone (-1: shared, counted as no result)."""
    n = game.players
    if won < 0:
        return (0.0,) * n
    return tuple(1.0 if p == won else -1 / (n - 1) for p in range(n))


Rollout = Callable[[Turtles, TurtleState, random.Random], tuple[float, ...]]


def policy_rollout(policies: tuple[str, ...] | str, epsilon: float = 0.0) -> Rollout:
    """A rollout in which each player plays by a policy (one name for all, or one per
    player), a random play with probability ``epsilon``."""

    def rollout(game: Turtles, state: TurtleState, rng: random.Random) -> tuple[float, ...]:
        names = (policies,) * game.players if isinstance(policies, str) else policies
        codes = np.array([POLICIES[name] for name in names], np.int64)
        if state.phase == OVER:
            return game.returns(state)
        sq, ht, count, colours, hands, pile, discard = arrays(state)
        won = play_on(sq, ht, count, colours, hands, pile, discard, state.mover, state.passes,
                      state.phase == DRAW, flags(game.variant), codes, epsilon,
                      rng.getrandbits(31))
        return returns_of(game, int(won))

    return rollout
