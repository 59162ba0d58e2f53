"""Compiled playouts of The Great Turtle Race from any position, for the searches' rollouts.

Each player plays by a *policy*: uniformly random legal plays, or the paper's strategy F, E or H
as :mod:`zermelo.agents.turtles.strategies` compiles it (its default settings), each play
replaced by a random one with probability ``epsilon``. States are the arrays of
:mod:`zermelo.games.turtles.kernels`, whose turn step plays them and whose
:func:`~zermelo.games.turtles.kernels.kernel_returns` scores them; :func:`policy_rollout` turns
a state of the rules into one, plays on and returns every player's return. Tests check whole
random playouts against the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
from numba import njit

from zermelo.agents.turtles.strategies import POLICIES, choose
from zermelo.core import kernel_signatures as sig
from zermelo.games.turtles.kernels import (
    COL,
    ENDED,
    LEGAL_ROOM,
    MOV,
    NPL,
    draw,
    kernel_legal,
    kernel_returns,
    pack,
    play,
    play_of,
    rules_of,
)
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import OVER, TurtleState


@njit(cache=True)
def playout(s, rules, policies, epsilon):  # type: ignore[no-untyped-def]
    """Play state ``s`` (changed in place; a player to play or to draw) to the end, each
    player by its policy."""
    codes = np.empty(LEGAL_ROOM, np.int64)
    draw(s, -1.0)
    while True:
        mover = s[MOV]
        n = kernel_legal(s, rules, codes)
        k = choose(s, s[COL + mover], policies[mover], codes, n, epsilon)
        card, turtle = play_of(codes[k])
        if play(s, card, turtle, rules) == ENDED:
            return
        draw(s, -1.0)


@sig.contract(sig.POLICY)
def strategy_policy(s, rules, params, codes, n):  # type: ignore[no-untyped-def]
    """A rollout policy of the game-free compiled ISMCTS: player p plays by policy
    ``params[1 + p]`` (a code of :data:`POLICIES`), a random play with probability
    ``params[0]``; the index of its play among the ``n`` legal ``codes``."""
    mover = s[MOV]
    return choose(s, s[COL + mover], np.int64(params[1 + mover]), codes, n, params[0])


@njit(cache=True)
def play_on(s, rules, policies, epsilon, seed):  # type: ignore[no-untyped-def]
    """:func:`playout` with the generator seeded by ``seed`` first; the returns."""
    np.random.seed(seed)
    playout(s, rules, policies, epsilon)
    out = np.empty(s[NPL], np.float64)
    kernel_returns(s, rules, out)
    return out


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
