"""Pig by value iteration: states, sweeps, seconds and the first player's win probability for
several goals, and where the optimal policy holds.

    python benchmarks/pig_solver.py [--goals 50,100,120]
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from zermelo.games.pig import HOLD, Pig
from zermelo.solvers.pig.engine import best_moves, table
from zermelo.solvers.pig.space import build
from zermelo.tablebase.value_iteration import iterate


def hold_at(game: Pig, mine: int, theirs: int) -> int | None:
    """The smallest turn total at which the optimal policy holds with these banked scores."""
    for turn in range(1, game.goal - mine + 1):
        state = game.parse_position(f"A {mine} {theirs} {turn}")
        if best_moves(game, state) == [HOLD]:
            return turn
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goals", default="50,100,120")
    goals = [int(g) for g in parser.parse_args().goals.split(",")]
    console = Console()
    rows = Table("goal", "states", "arrays built (s)", "sweeps", "iteration (s)",
                 "P(first player wins)", title="Pig by value iteration (tolerance 1e-12)")
    table(1)  # compile the kernels before timing
    for goal in goals:
        start = time.perf_counter()
        space = build(goal)
        built = time.perf_counter() - start
        start = time.perf_counter()
        solution = iterate(space)
        seconds = time.perf_counter() - start
        game = Pig(goal)
        p = table(goal).win_probability(game, game.initial_state())
        rows.add_row(str(goal), f"{space.states:,}", f"{built:.2f}", str(solution.sweeps),
                     f"{seconds:.2f}", f"{p:.6f}")
    console.print(rows)
    game = Pig(100)
    holds = Table("banked (mover)", *[f"opponent {t}" for t in (0, 50, 90, 99)],
                  title="Goal 100: the smallest turn total at which optimal play holds")
    for mine in (0, 25, 50, 75, 90, 99):
        holds.add_row(str(mine), *[str(hold_at(game, mine, theirs))
                                   for theirs in (0, 50, 90, 99)])
    console.print(holds)


if __name__ == "__main__":
    main()
