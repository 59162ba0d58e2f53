"""Compiled playouts of The Great Turtle Race from any position, for the searches' rollouts.

Each player plays by a *policy*: uniformly random legal plays, or the paper's strategy F, E or H
(formulas (4)-(10) with c_c counted twice, f_p on the player's own turtle, VP_max over every
other turtle, ties at random, as :mod:`zermelo.solvers.turtles.strategies` reads them by
default, whose rates :data:`RATES` copies), each play replaced by a random one with probability
``epsilon``. States are the arrays of :mod:`zermelo.games.turtles.kernels`, whose turn step
plays them; :func:`policy_rollout` turns a state of the rules into one, plays on and returns
every player's return as the kernels give it. Tests check the strategy scores against the
readable strategies and whole random playouts against the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
from numba import njit

from zermelo.core import kernel_signatures as sig
from zermelo.games.turtles.board import FINISH
from zermelo.games.turtles.cards import TURTLES
from zermelo.games.turtles.kernels import (
    COL,
    ENDED,
    HT,
    LEGAL_ROOM,
    MOV,
    NPL,
    SQ,
    STEP,
    draw,
    kernel_legal,
    pack,
    play,
    play_of,
    returns_of,
    rules_of,
)
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import OVER, TurtleState
from zermelo.solvers.turtles.strategies import EFFICIENT, FAST

RANDOM, FAST_CODE, EFFICIENT_CODE, HYBRID = 0, 1, 2, 3
POLICIES = {"random": RANDOM, "F": FAST_CODE, "E": EFFICIENT_CODE, "H": HYBRID}
"""The rollout policies by name."""
RATES = np.array([[r.own_forward, r.own_back, r.other_forward, r.other_back]
                  for r in (FAST, EFFICIENT)], dtype=np.int64)
"""F's and E's robust rates (own forward, own back, other forward, other back), formulas (6)
and (8), as :mod:`~zermelo.solvers.turtles.strategies` states them."""


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
    if policy == FAST_CODE:
        return 0
    if policy == EFFICIENT_CODE:
        return 1
    mine = 5 * sq[own] + 4 - ht[own]
    for t in range(TURTLES):
        if t != own and 5 * sq[t] + 4 - ht[t] > mine:
            return 1
    return 0


@njit(cache=True)
def state_rates(s, own, policy):  # type: ignore[no-untyped-def]
    """:func:`rates_of` in state ``s`` (D, code 0, is given F's: its scores are not used)."""
    return RATES[rates_of(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], own, max(policy, 1))]


@njit(cache=True)
def state_score(s, own, policy, rates, card, turtle):  # type: ignore[no-untyped-def]
    """Policy ``policy``'s score of a play in state ``s`` for the owner of ``own`` (D, code 0,
    scores nothing)."""
    if policy == RANDOM:
        return 0.0
    return score(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], own, card, turtle, rates)


@njit(cache=True)
def choose(sq, ht, own, policy, codes, n, epsilon):  # type: ignore[no-untyped-def]
    """The index of the play ``policy`` makes among the ``n`` legal play ``codes``."""
    if policy == RANDOM or n == 1 or np.random.random() < epsilon:
        return np.random.randint(0, n)
    rates = RATES[rates_of(sq, ht, own, policy)]
    best, top, ties = 0, -1e18, 0
    for i in range(n):
        card, turtle = play_of(codes[i])
        s = score(sq, ht, own, card, turtle, rates)
        if s > top:
            best, top, ties = i, s, 1
        elif s == top:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = i
    return best


@njit(cache=True)
def playout(s, rules, policies, epsilon):  # type: ignore[no-untyped-def]
    """Play state ``s`` (changed in place; a player to play or to draw) to the end, each
    player by its policy."""
    codes = np.empty(LEGAL_ROOM, np.int64)
    draw(s, -1.0)
    while True:
        mover = s[MOV]
        n = kernel_legal(s, rules, codes)
        k = choose(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], s[COL + mover], policies[mover],
                   codes, n, epsilon)
        card, turtle = play_of(codes[k])
        if play(s, card, turtle, rules) == ENDED:
            return
        draw(s, -1.0)


@njit(sig.POLICY, cache=True)
def strategy_policy(s, rules, params, codes, n):  # type: ignore[no-untyped-def]
    """A rollout policy of the game-free compiled ISMCTS: player p plays by policy
    ``params[1 + p]`` (a code of :data:`POLICIES`), a random play with probability
    ``params[0]``; the index of its play among the ``n`` legal ``codes``."""
    mover = s[MOV]
    return choose(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], s[COL + mover],
                  np.int64(params[1 + mover]), codes, n, params[0])


@njit(cache=True)
def returns_all(s):  # type: ignore[no-untyped-def]
    """Every player's return in a finished state."""
    out = np.empty(s[NPL], np.float64)
    for p in range(s[NPL]):
        out[p] = returns_of(s, p)
    return out


@njit(cache=True)
def play_on(s, rules, policies, epsilon, seed):  # type: ignore[no-untyped-def]
    """:func:`playout` with the generator seeded by ``seed`` first; the returns."""
    np.random.seed(seed)
    playout(s, rules, policies, epsilon)
    return returns_all(s)


Rollout = Callable[[Turtles, TurtleState, random.Random], tuple[float, ...]]


def policy_rollout(policies: tuple[str, ...] | str, epsilon: float = 0.0) -> Rollout:
    """A rollout in which each player plays by a policy (one name for all, or one per
    player), a random play with probability ``epsilon``."""

    def rollout(game: Turtles, state: TurtleState, rng: random.Random) -> tuple[float, ...]:
        names = (policies,) * game.players if isinstance(policies, str) else policies
        codes = np.array([POLICIES[name] for name in names], np.int64)
        if state.phase == OVER:
            return game.returns(state)
        returns = play_on(pack(state), rules_of(game.variant), codes, epsilon,
                          rng.getrandbits(31))
        return tuple(float(r) for r in returns)

    return rollout
