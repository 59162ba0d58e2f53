"""The solver's transposition table: bounds tighten, the costliest entry of a bucket stays."""

from __future__ import annotations

import random

from tests.connect4.test_solver import minimax_scorer
from zermelo.games.connect4 import ConnectFour
from zermelo.solvers.connect4.solver import Solver
from zermelo.solvers.connect4.table import NO_LOWER, NO_UPPER, clear, new_table, probe, store


def test_bounds_only_tighten_and_unknown_keys_know_nothing() -> None:
    table = new_table(14, 30)
    assert probe(table, 5) == (NO_LOWER, NO_UPPER)
    store(table, 5, 2, NO_UPPER, 10)
    store(table, 5, NO_LOWER, 6, 3)
    store(table, 5, 1, 9, 4)  # looser bounds change nothing
    assert probe(table, 5) == (2, 6)
    clear(table)
    assert probe(table, 5) == (NO_LOWER, NO_UPPER)


def test_a_bucket_keeps_its_costliest_entry_and_the_latest() -> None:
    table = new_table(14, 30)  # 7 buckets: keys 3, 10, 17 and 24 share bucket 3
    store(table, 3, 1, 1, 1000)
    store(table, 10, 2, 2, 5)
    store(table, 17, 3, 3, 7)  # replaces 10 in the second slot, not 3
    assert probe(table, 3) == (1, 1)
    assert probe(table, 10) == (NO_LOWER, NO_UPPER)
    assert probe(table, 17) == (3, 3)
    store(table, 24, 4, 4, 5000)  # costlier than 3: takes the first slot, 3 moves second
    assert probe(table, 24) == (4, 4)
    assert probe(table, 3) == (1, 1)
    assert probe(table, 17) == (NO_LOWER, NO_UPPER)


def test_a_tiny_table_full_of_collisions_still_gives_exact_scores() -> None:
    game = ConnectFour(5, 4, 3)
    oracle, solver = minimax_scorer(game), Solver(game, table_size=14)
    rng = random.Random(11)
    for _ in range(6):
        for state in game.random_playout(game.initial_state(), rng)[2:]:
            assert solver.solve(state) == oracle(state), state.moves
