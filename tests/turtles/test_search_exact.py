"""The small race solved by value iteration agrees with a plain recursion over its game tree, and
the tree searches' plays approach the exact best as their iterations grow (PIMC's flat random
playouts measure random play after each move, not best play: benchmarks/turtles_exact.py)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from zermelo.core.game import CHANCE
from zermelo.games.turtles.state import OVER, TurtleState
from zermelo.search import mcts
from zermelo.search.ismcts import ismcts
from zermelo.solvers.turtles.exact import TINY_DECK, SmallRace, Solved, bare, solve

GAME = SmallRace(deck=TINY_DECK)


@pytest.fixture(scope="module")
def solved() -> Solved:
    return solve(GAME)


@cache
def recursion(state: TurtleState) -> float:
    """The mover's win probability by expectimax over the tree: the mover's best play, each
    draw weighed by its count in the pile."""
    best = 0.0
    for move in GAME.legal_moves(state):
        after, value = GAME.apply(state, move), 0.0
        draws = [(1.0, after)] if GAME.to_move(after) is not CHANCE else [
            (n / sum(after.pile), GAME.apply(after, k)) for k, n in enumerate(after.pile) if n]
        for p, s in draws:
            if s.phase == OVER:
                value += p * (GAME.returns(s)[state.mover] + 1) / 2
            else:
                v = recursion(bare(s))
                value += p * (v if s.mover == state.mover else 1 - v)
        best = max(best, value)
    return best


def test_value_iteration_agrees_with_the_tree(solved: Solved) -> None:
    for state in random.Random(0).sample(solved.states, 300):
        assert solved.win_probability(state) == pytest.approx(recursion(state), abs=1e-9)
    assert 0 < solved.start() < 1


def decisions(solved: Solved, count: int) -> list[tuple[TurtleState, dict[Any, float]]]:
    """Decision states where the best play is worth at least 0.1 more than the worst."""
    found = []
    for state in random.Random(1).sample(solved.states, 2000):
        values = solved.move_values(state)
        if max(values.values()) - min(values.values()) >= 0.1:
            found.append((state, values))
        if len(found) == count:
            break
    return found


def regret(values: dict[Any, float], move: Any) -> float:
    return max(values.values()) - values[move]


@pytest.mark.parametrize("search", [ismcts, mcts])
def test_the_searches_converge_to_the_exact_play(solved: Solved, search: Any) -> None:
    positions = decisions(solved, 12)
    few = sum(regret(v, search(GAME, s, iterations=4, seed=0).best_move) for s, v in positions)
    many = sum(regret(v, search(GAME, s, iterations=3000, seed=0).best_move)
               for s, v in positions)
    assert many < few and many / len(positions) < 0.02
