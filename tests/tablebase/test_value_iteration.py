"""Value iteration component by component: the components are the graph's strongly connected
ones, successors first; the values solve the Bellman equations; the kernel agrees with its
pure-Python reference (random spaces, hypothesis)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import OptionError
from zermelo.tablebase.value_iteration import (
    NO_STATE,
    Space,
    components,
    iterate,
    iterate_reference,
)


@st.composite
def spaces(draw: st.DrawFn) -> Space:
    """A random space where every move ends with probability at least 0.1, so that the
    iteration contracts: 1-10 states, 1-3 moves each, 1-3 outcomes a move."""
    n = draw(st.integers(1, 10))
    move_start, outcome_start, target, probability, flip, constant = [0], [0], [], [], [], []
    for _ in range(n):
        for _ in range(draw(st.integers(1, 3))):
            targets = draw(st.lists(st.integers(0, n - 1), min_size=0, max_size=2))
            weights = [draw(st.integers(1, 9)) for _ in targets]
            end = draw(st.integers(1, 9)) + sum(weights) // 9  # at least a tenth
            total = end + sum(weights)
            for t, w in zip(targets, weights, strict=True):
                target.append(t)
                probability.append(w / total)
                flip.append(draw(st.integers(0, 1)))
                constant.append(0.0)
            target.append(NO_STATE)
            probability.append(end / total)
            flip.append(0)
            constant.append(draw(st.sampled_from([0.0, 0.5, 1.0])))
            outcome_start.append(len(target))
        move_start.append(len(outcome_start) - 1)
    return Space(np.array(move_start, np.int64), np.array(outcome_start, np.int64),
                 np.array(target, np.int64), np.array(probability), np.array(flip, np.uint8),
                 np.array(constant))


def reach(space: Space) -> np.ndarray:
    """``reach[a, b]``: b can be reached from a (in zero or more steps)."""
    n = space.states
    r = np.eye(n, dtype=bool)
    for s in range(n):
        for o in range(space.outcome_start[space.move_start[s]],
                       space.outcome_start[space.move_start[s + 1]]):
            if space.target[o] != NO_STATE:
                r[s, space.target[o]] = True
    for k in range(n):  # Warshall's closure
        r |= r[:, [k]] & r[[k], :]
    return r


@settings(max_examples=150, deadline=None)
@given(spaces())
def test_components_are_strongly_connected_maximal_and_successors_first(space: Space) -> None:
    order, starts = components(space.move_start, space.outcome_start, space.target)
    assert sorted(order.tolist()) == list(range(space.states))
    r = reach(space)
    component = np.empty(space.states, np.int64)
    for c in range(starts.size - 1):
        members = order[starts[c]:starts[c + 1]]
        assert (np.diff(members) < 0).all()  # highest number first
        component[members] = c
    mutual = r & r.T
    assert (mutual == (component[:, None] == component[None, :])).all()
    # a state reaches only its own and earlier components
    assert (~r | (component[None, :] <= component[:, None])).all()


def bellman(space: Space, values: np.ndarray, s: int) -> list[float]:
    """The expected value of each move of ``s`` given ``values``."""
    worth = []
    for m in range(space.move_start[s], space.move_start[s + 1]):
        total = 0.0
        for o in range(space.outcome_start[m], space.outcome_start[m + 1]):
            t = space.target[o]
            v = space.constant[o] if t == NO_STATE else values[t]
            total += space.probability[o] * (1.0 - v if space.flip[o] else v)
        worth.append(total)
    return worth


@settings(max_examples=150, deadline=None)
@given(spaces())
def test_values_solve_the_bellman_equations_and_match_the_reference(space: Space) -> None:
    fast, slow = iterate(space), iterate_reference(space)
    assert fast.sweeps == slow.sweeps
    np.testing.assert_allclose(fast.values, slow.values, atol=1e-12)
    assert (fast.best == slow.best).all()
    for s in range(space.states):
        worth = bellman(space, fast.values, s)
        assert fast.values[s] == pytest.approx(max(worth), abs=1e-9)
        assert worth[fast.best[s]] == pytest.approx(max(worth), abs=1e-9)


def test_a_cycle_that_never_settles_is_refused() -> None:
    # one state whose only move leads back to it, flipped: v = 1 - v oscillates 0, 1, 0...
    space = Space(np.array([0, 1], np.int64), np.array([0, 1], np.int64),
                  np.array([0], np.int64), np.array([1.0]), np.array([1], np.uint8),
                  np.array([0.0]))
    for solve in (iterate, iterate_reference):
        with pytest.raises(OptionError, match="did not settle within 50 sweeps"):
            solve(space, max_sweeps=50)
