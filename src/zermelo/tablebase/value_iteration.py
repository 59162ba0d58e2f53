"""Value iteration over an explicit state space with chance and cycles: the exact win
probability of every state of a two-player win-or-lose game under optimal play by both.

The space is given as flat arrays (:class:`Space`): each state has moves, each move a list of
outcomes with probabilities, and each outcome either leads to another state — whose value is
read from its own mover's view, so it is flipped (``1 - v``) when the opponent moves there — or
ends the search with a known value. A state's value is the best move's expected value:

    V(s) = max over moves m of  sum over outcomes (p, t) of m:  p * (V(t) or 1 - V(t))

Chance nodes need no states of their own: a move's outcomes are the chance node's. Cycles (a
Pig turn that loses everything can come back to the same scores) are why this is iterated to a
fixed point rather than computed backwards. The states are split into the strongly connected
components of their graph and settled one component at a time, the components it leads to
first, so that each is iterated with its successors' values final: Gauss-Seidel (new values are
used as soon as they are computed), sweeping the component's states from the highest number
down, until no value moved by more than ``tolerance`` in a sweep. A component is small (Pig to
100: 200 states, about 40 KB of arrays) and stays in the processor's caches for all its sweeps,
where sweeping every state together read the whole space from memory each time (5.7 s against
1.0 s). :func:`iterate_reference` is the readable pure-Python version that the compiled
:func:`iterate` is tested against.
"""

from __future__ import annotations

import sys
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
def components(move_start: np.ndarray, outcome_start: np.ndarray,
                target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The strongly connected components of the graph of states (an edge to every outcome's
    target), by Tarjan's algorithm on explicit stacks: ``order`` lists the states component
    by component, ``starts`` where each component begins. Tarjan finishes a component only
    after every component it leads to, so in this order a component's successors come first;
    within a component the states run from the highest number down."""
    n = move_start.size - 1
    number = np.full(n, -1, np.int64)  # the order of discovery
    low = np.zeros(n, np.int64)
    on_stack = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)  # states of the components not yet finished
    calls = np.empty(n, np.int64)  # the depth-first path
    edge = np.empty(n, np.int64)  # each state's next outcome to follow
    order = np.empty(n, np.int64)
    starts = np.empty(n + 1, np.int64)
    found = top = done = count = 0
    for root in range(n):
        if number[root] >= 0:
            continue
        depth = 0
        calls[0] = root
        edge[root] = outcome_start[move_start[root]]
        number[root] = low[root] = found
        found += 1
        stack[top] = root
        top += 1
        on_stack[root] = True
        while depth >= 0:
            v = calls[depth]
            if edge[v] < outcome_start[move_start[v + 1]]:
                w = target[edge[v]]
                edge[v] += 1
                if w == NO_STATE:
                    continue
                if number[w] < 0:  # a new state: go down to it
                    number[w] = low[w] = found
                    found += 1
                    stack[top] = w
                    top += 1
                    on_stack[w] = True
                    edge[w] = outcome_start[move_start[w]]
                    depth += 1
                    calls[depth] = w
                elif on_stack[w]:
                    low[v] = min(low[v], number[w])
                continue
            depth -= 1  # every edge of v followed: back up
            if depth >= 0:
                u = calls[depth]
                low[u] = min(low[u], low[v])
            if low[v] == number[v]:  # v roots a component: the stack above it
                starts[count] = done
                count += 1
                first = done
                while True:
                    top -= 1
                    w = stack[top]
                    on_stack[w] = False
                    order[done] = w
                    done += 1
                    if w == v:
                        break
                # descending, in a loop: a slice assignment compiles numba's shape check (over 2 s)
                ascending = np.sort(order[first:done])
                for i in range(done - first):
                    order[first + i] = ascending[done - first - 1 - i]
    starts[count] = done
    return order, starts[:count + 1]


@njit(cache=True)
def _settle(order: np.ndarray, starts: np.ndarray, first: int, most_updates: int,
            move_start: np.ndarray, outcome_start: np.ndarray, target: np.ndarray,
            probability: np.ndarray, flip: np.ndarray, constant: np.ndarray,
            values: np.ndarray, best: np.ndarray, tolerance: float,
            max_sweeps: int) -> tuple[int, int, int, float]:
    """Settle components ``first``, ``first + 1``... in order, each by Gauss-Seidel sweeps of
    its own states until no value moves by more than ``tolerance`` (one sweep for a state
    that cannot reach itself); stop after the component that passes ``most_updates`` state
    updates, or at one that ``max_sweeps`` do not settle. Returns the next component, the
    updates made, the most sweeps a component took and the largest last change."""
    updates = 0
    most_sweeps = 0
    worst = 0.0
    c = first
    while c < starts.size - 1 and updates < most_updates:
        lo, hi = starts[c], starts[c + 1]
        cyclic = hi - lo > 1
        if not cyclic:  # one state: does it lead back to itself?
            s = order[lo]
            for o in range(outcome_start[move_start[s]], outcome_start[move_start[s + 1]]):
                cyclic = cyclic or target[o] == s
        change = 1.0
        sweeps = 0
        while change > tolerance and sweeps < max_sweeps:
            sweeps += 1
            change = 0.0
            for i in range(lo, hi):
                s = order[i]
                top, arg = -1.0, 0
                for m in range(move_start[s], move_start[s + 1]):
                    v = _move_value(m, values, outcome_start, target, probability, flip,
                                    constant)
                    if v > top:
                        top, arg = v, m - move_start[s]
                change = max(change, abs(top - values[s]))
                values[s] = top
                best[s] = arg
            updates += hi - lo
            if not cyclic:
                change = 0.0
        most_sweeps = max(most_sweeps, sweeps)
        worst = max(worst, change)
        c += 1
        if change > tolerance:
            break
    return c, updates, most_sweeps, worst


def iterate(space: Space, tolerance: float = 1e-12, max_sweeps: int = MAX_SWEEPS) -> Solution:
    """Settle the space component by component, successors first (compiled); within one,
    sweep to the fixed point. :class:`OptionError` when ``max_sweeps`` do not get a
    component's every change below ``tolerance``. The current search budget is checked every
    ``BUDGET_UPDATES`` state updates, a node being one update (:class:`BudgetExhausted`)."""
    values = np.zeros(space.states)
    best = np.zeros(space.states, np.int64)
    order, starts = components(space.move_start, space.outcome_start, space.target)
    component = done = sweeps = 0
    change = 0.0
    while component < starts.size - 1:
        component, updates, most, last = _settle(
            order, starts, component, BUDGET_UPDATES, space.move_start, space.outcome_start,
            space.target, space.probability, space.flip, space.constant, values, best,
            tolerance, max_sweeps)
        done, sweeps, change = done + updates, max(sweeps, most), max(change, last)
        if change > tolerance:
            break
        if component < starts.size - 1 and out_of_budget(done):
            raise BudgetExhausted(f"value iteration used up its budget (time or nodes) after "
                                  f"{done:,} updates of {space.states:,} states")
    return _checked(Solution(values, best, sweeps, change), tolerance, max_sweeps)


BUDGET_UPDATES = 1 << 22
"""State updates between two looks at the search budget."""


def iterate_reference(space: Space, tolerance: float = 1e-12,
                      max_sweeps: int = MAX_SWEEPS) -> Solution:
    """The same iteration in plain Python, the reference :func:`iterate` is tested against:
    the components by a recursive Tarjan, each swept like the compiled one."""
    n = space.states
    ms, os_, target = space.move_start, space.outcome_start, space.target

    def successors(s: int) -> list[int]:
        return [int(t) for t in target[int(os_[int(ms[s])]):int(os_[int(ms[s + 1])])]
                if t != NO_STATE]

    number: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    finished: list[list[int]] = []  # the components, successors first

    def visit(v: int) -> None:
        number[v] = low[v] = len(number)
        stack.append(v)
        for w in successors(v):
            if w not in number:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], number[w])
        if low[v] == number[v]:
            component = []
            while True:
                component.append(stack.pop())
                if component[-1] == v:
                    break
            finished.append(sorted(component, reverse=True))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 2 * n + 100))
    try:
        for s in range(n):
            if s not in number:
                visit(s)
    finally:
        sys.setrecursionlimit(limit)
    values = [0.0] * n
    best = [0] * n
    most, worst = 0, 0.0
    for component in finished:
        cyclic = len(component) > 1 or component[0] in successors(component[0])
        sweeps, change = 0, 1.0
        while change > tolerance and sweeps < max_sweeps:
            sweeps, change = sweeps + 1, 0.0
            for s in component:
                moves = range(int(ms[s]), int(ms[s + 1]))
                worth = [sum(float(space.probability[o]) * (1.0 - v if space.flip[o] else v)
                             for o in range(int(os_[m]), int(os_[m + 1]))
                             for v in [float(space.constant[o]) if target[o] == NO_STATE
                                       else values[int(target[o])]]) for m in moves]
                top = max(worth)
                change = max(change, abs(top - values[s]))
                values[s], best[s] = top, worth.index(top)
            if not cyclic:
                change = 0.0
        most, worst = max(most, sweeps), max(worst, change)
        if change > tolerance:
            break
    return _checked(Solution(np.array(values), np.array(best), most, worst), tolerance,
                    max_sweeps)


def _checked(solution: Solution, tolerance: float, max_sweeps: int) -> Solution:
    if solution.change > tolerance:
        raise OptionError(f"value iteration did not settle within {max_sweeps} sweeps "
                          f"(last change {solution.change:.3g} > {tolerance:g})")
    return solution
