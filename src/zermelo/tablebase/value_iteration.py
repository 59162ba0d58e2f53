"""Value iteration over an explicit state space with chance and cycles: the exact win
probability of every state of a two-player win-or-lose game under optimal play by both.

The space is given as flat arrays (:class:`Space`): each state has moves, each move a list of
outcomes with probabilities, and each outcome either leads to another state — whose value is
read from its own mover's view, so it is flipped (``1 - v``) when the opponent moves there — or
ends the search with a known value. A state's value is the best move's expected value:

    V(s) = max over moves m of  sum over outcomes (p, t) of m:  p * (V(t) or 1 - V(t))

Chance nodes need no states of their own: a move's outcomes are the chance node's. Cycles (a
Pig turn that loses everything can come back to the same scores) are why this is iterated to a
fixed point rather than computed backwards; the iteration is Gauss-Seidel (new values are used
as soon as they are computed), sweeping the states from the last to the first — so a space
numbered with states nearer the end last settles in few sweeps (Pig to 100: 140 sweeps, not
473 the other way round) — and stops when no value moved by more than ``tolerance`` in a sweep.
:func:`iterate_reference` is the readable pure-Python version that the compiled :func:`iterate`
is tested against.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from zermelo.core.errors import OptionError
from zermelo.search.base import BudgetExhausted, out_of_budget

NO_STATE = -1
"""``target`` of an outcome that ends the search with ``constant`` as its value."""
MAX_SWEEPS = 100_000


@dataclass(frozen=True)
class Space:
    """A state space as CSR arrays: the moves of state ``s`` are ``move_start[s]`` up to
    ``move_start[s + 1]``; the outcomes of move ``m`` are ``outcome_start[m]`` up to
    ``outcome_start[m + 1]``, each with a ``target`` state (or NO_STATE and a ``constant``
    value), a ``probability`` and ``flip`` (1 when the target's mover is the opponent)."""

    move_start: np.ndarray
    outcome_start: np.ndarray
    target: np.ndarray
    probability: np.ndarray
    flip: np.ndarray
    constant: np.ndarray

    @property
    def states(self) -> int:
        """How many states the space has."""
        return int(self.move_start.size - 1)


@dataclass(frozen=True)
class Solution:
    """Every state's value (win probability of its mover), best move index (into the state's
    own moves), the sweeps it took and the last sweep's largest change."""

    values: np.ndarray
    best: np.ndarray
    sweeps: int
    change: float


@njit(cache=True)
def _move_value(m: int, values: np.ndarray, outcome_start: np.ndarray, target: np.ndarray,
                probability: np.ndarray, flip: np.ndarray, constant: np.ndarray) -> float:
    total = 0.0
    for o in range(outcome_start[m], outcome_start[m + 1]):
        t = target[o]
        v = constant[o] if t == NO_STATE else values[t]
        total += probability[o] * (1.0 - v if flip[o] else v)
    return total


@njit(cache=True)
def _sweeps(move_start: np.ndarray, outcome_start: np.ndarray, target: np.ndarray,
            probability: np.ndarray, flip: np.ndarray, constant: np.ndarray,
            values: np.ndarray, best: np.ndarray, tolerance: float,
            max_sweeps: int) -> tuple[int, float]:
    change = 1.0
    sweeps = 0
    while change > tolerance and sweeps < max_sweeps:
        sweeps += 1
        change = 0.0
        n = move_start.size - 1
        for step in range(n):
            s = n - 1 - step
            top, arg = -1.0, 0
            for m in range(move_start[s], move_start[s + 1]):
                v = _move_value(m, values, outcome_start, target, probability, flip, constant)
                if v > top:
                    top, arg = v, m - move_start[s]
            change = max(change, abs(top - values[s]))
            values[s] = top
            best[s] = arg
    return sweeps, change


def iterate(space: Space, tolerance: float = 1e-12, max_sweeps: int = MAX_SWEEPS) -> Solution:
    """Iterate to the fixed point; :class:`OptionError` when ``max_sweeps`` do not get every
    change below ``tolerance`` (compiled). The current search budget is checked every
    ``BUDGET_SWEEPS`` sweeps, a node being one state's update (:class:`BudgetExhausted`)."""
    values = np.zeros(space.states)
    best = np.zeros(space.states, np.int64)
    done = 0
    while True:
        sweeps, change = _sweeps(space.move_start, space.outcome_start, space.target,
                                 space.probability, space.flip, space.constant, values, best,
                                 tolerance, min(BUDGET_SWEEPS, max_sweeps - done))
        done += sweeps
        if change <= tolerance or done >= max_sweeps:
            return _checked(Solution(values, best, done, change), tolerance, max_sweeps)
        if out_of_budget(done * space.states):
            raise BudgetExhausted(f"value iteration used up its budget (time or nodes) after "
                                  f"{done} sweeps of {space.states:,} states")


BUDGET_SWEEPS = 4
"""Sweeps between two looks at the search budget."""


def iterate_reference(space: Space, tolerance: float = 1e-12,
                      max_sweeps: int = MAX_SWEEPS) -> Solution:
    """The same iteration in plain Python, the reference :func:`iterate` is tested against."""
    values = [0.0] * space.states
    best = [0] * space.states
    sweeps, change = 0, 1.0
    while change > tolerance and sweeps < max_sweeps:
        sweeps, change = sweeps + 1, 0.0
        for s in reversed(range(space.states)):
            moves = range(int(space.move_start[s]), int(space.move_start[s + 1]))
            worth = [sum(float(space.probability[o]) * (
                1.0 - v if space.flip[o] else v)
                for o in range(int(space.outcome_start[m]), int(space.outcome_start[m + 1]))
                for v in [float(space.constant[o]) if space.target[o] == NO_STATE
                          else values[int(space.target[o])]]) for m in moves]
            top = max(worth)
            change = max(change, abs(top - values[s]))
            values[s], best[s] = top, worth.index(top)
    return _checked(Solution(np.array(values), np.array(best), sweeps, change), tolerance,
                    max_sweeps)


def _checked(solution: Solution, tolerance: float, max_sweeps: int) -> Solution:
    if solution.change > tolerance:
        raise OptionError(f"value iteration did not settle within {max_sweeps} sweeps "
                          f"(last change {solution.change:.3g} > {tolerance:g})")
    return solution
