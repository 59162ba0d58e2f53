"""Pig's decision states, indexed for value iteration (:mod:`zermelo.tablebase.value_iteration`).

A decision state is (i, j, k): the mover has banked i, the opponent j, the turn total is k,
with i, j < goal and i + k < goal (from i + k >= goal the mover holds and wins, probability 1,
so those states need no index). States are numbered by i, then j, then k:
``base[i] + j * (goal - i) + k``. Moves: roll (the six faces, each 1/6: a 1 passes the turn
with nothing banked, a face r adds r to the turn total) and, when k > 0, hold (the opponent
moves next at (j, i + k, 0)). Values are from the mover's view, so an outcome that passes the
turn is flipped.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.tablebase.value_iteration import NO_STATE, Space

ROLL, HOLD = 0, 1
"""Move numbers within a state: roll first, then hold when the turn total is not 0."""


def bases(goal: int) -> np.ndarray:
    """``base[i]``: the index of state (i, 0, 0)."""
    sizes = np.array([goal * (goal - i) for i in range(goal)], np.int64)
    return np.concatenate(([0], np.cumsum(sizes)))


def index(goal: int, base: np.ndarray, i: int, j: int, k: int) -> int:
    """The index of decision state (i, j, k)."""
    return int(base[i] + j * (goal - i) + k)


@njit(cache=True)
def _fill(goal: int, base: np.ndarray, move_start: np.ndarray, outcome_start: np.ndarray,
          target: np.ndarray, probability: np.ndarray, flip: np.ndarray,
          constant: np.ndarray) -> None:
    s = m = o = 0
    for i in range(goal):
        for j in range(goal):
            for k in range(goal - i):
                move_start[s] = m
                outcome_start[m] = o  # roll
                target[o] = base[j] + i * (goal - j)  # a 1: (j, i, 0), the opponent's turn
                probability[o] = 1.0 / 6.0
                flip[o] = 1
                o += 1
                for face in range(2, 7):
                    probability[o] = 1.0 / 6.0
                    if i + k + face >= goal:
                        target[o] = NO_STATE  # holding now wins
                        constant[o] = 1.0
                    else:
                        target[o] = base[i] + j * (goal - i) + k + face
                    o += 1
                m += 1
                if k > 0:  # hold: (j, i + k, 0), the opponent's turn
                    outcome_start[m] = o
                    target[o] = base[j] + (i + k) * (goal - j)
                    probability[o] = 1.0
                    flip[o] = 1
                    o += 1
                    m += 1
                s += 1
    move_start[s] = m
    outcome_start[m] = o


def build(goal: int) -> Space:
    """The arrays of every decision state of Pig to ``goal``."""
    base = bases(goal)
    states = int(base[-1])
    holds = states - goal * goal  # every state but those with k = 0 can hold
    moves, outcomes = states + holds, 6 * states + holds
    space = Space(np.zeros(states + 1, np.int64), np.zeros(moves + 1, np.int64),
                  np.zeros(outcomes, np.int64), np.zeros(outcomes), np.zeros(outcomes, np.uint8),
                  np.zeros(outcomes))
    _fill(goal, base, space.move_start, space.outcome_start, space.target, space.probability,
          space.flip, space.constant)
    return space
