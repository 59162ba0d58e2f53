"""What the Turtle Race's agents give the game-free compiled ISMCTS
(:mod:`zermelo.search.ismcts_kernel`) besides the game's kernels: the strategies' parameters
for the rollout policy :func:`~zermelo.agents.turtles.playouts.strategy_policy`, and the
belief about the opponents' colours as a model of the hidden part."""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.agents.turtles.belief import Assignment
from zermelo.core import kernel_signatures as sig
from zermelo.games.turtles.kernels import COL, MAX_PLAYERS, NPL
from zermelo.search.ismcts_kernel import Hook


@njit(cache=True)
def policy_params(players, policy, epsilon):  # type: ignore[no-untyped-def]
    """The parameters of :func:`~zermelo.agents.turtles.playouts.strategy_policy` with every
    player playing ``policy`` and a random play with probability ``epsilon``."""
    params = np.full(1 + MAX_PLAYERS, float(policy))
    params[0] = epsilon
    return params[:1 + players].copy()


@sig.contract(sig.REFINE)
def believed_colours(s, rules, model):  # type: ignore[no-untyped-def]
    """The model of the belief: every player's colour redrawn from ``model``, rows of a
    cumulative probability and a colour per player (see :func:`belief_model`)."""
    width = 1 + s[NPL]
    rows = model.shape[0] // width
    u = np.random.random()
    row = rows - 1
    for i in range(rows):
        if u < model[i * width]:
            row = i
            break
    for p in range(s[NPL]):
        s[COL + p] = np.int64(model[row * width + 1 + p])


def belief_model(posterior: dict[Assignment, float]) -> Hook:
    """The belief's posterior as the kernel's model: :func:`believed_colours` draws each
    assignment with its probability."""
    rows, total = [], 0.0
    for assignment, p in posterior.items():
        total += p
        rows.append([total, *assignment])
    rows[-1][0] = 1.0
    return Hook(believed_colours, np.array(rows, dtype=np.float64).ravel())
