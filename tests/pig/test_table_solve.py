"""Pig's table is solved once, in a thread of its own: a caller whose time runs out first is
refused while the solve goes on, and the next caller gets the same table a plain solve gives."""

from __future__ import annotations

import numpy as np
import pytest

from zermelo.search.base import Budget, BudgetExhausted, budget
from zermelo.solvers.pig import engine
from zermelo.solvers.pig.space import build
from zermelo.tablebase.value_iteration import iterate

GOAL = 37
"""A goal no other test solves (its solve takes far longer than the budget below)."""


def test_a_short_budget_is_refused_and_the_solve_goes_on_for_the_next_caller() -> None:
    with budget(Budget(seconds=0.001)), pytest.raises(BudgetExhausted, match="being solved"):
        engine.table(GOAL)
    assert GOAL in engine._solving or GOAL in engine._tables  # still solving, or done
    solved = engine.table(GOAL)  # no time bound: waits for the same solve
    np.testing.assert_array_equal(solved.values, iterate(build(GOAL)).values)
    assert engine.table(GOAL) is solved and GOAL not in engine._solving
