"""The Great Turtle Race's small open race solved exactly, and how close the searches come to it.

Solves the small race (:mod:`zermelo.solvers.turtles.exact`) by value iteration, prints its
size, time and the first player's exact winning chance, then for decision states where the
plays differ by at least 0.1 in winning chance measures each search at growing iterations:
the mean *regret* (the exact best play's winning chance less the chosen play's), how often the
chosen play is an exact best, and the mean error of the search's value against the exact one
(values on the returns' scale, -1 to 1). Seconds are wall clock on a shared machine.

    python benchmarks/turtles_exact.py [--deck small|tiny] [--positions 40]
        [--iterations 10,100,1000,10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.search import mcts
from zermelo.search.base import SearchResult
from zermelo.search.ismcts import ismcts
from zermelo.search.pimc import pimc
from zermelo.solvers.turtles.exact import SMALL_DECK, TINY_DECK, SmallRace, solve

SEARCHES: dict[str, Callable[..., SearchResult[Any]]] = {
    "ismcts": ismcts, "mcts": mcts,
    "pimc": lambda game, state, **kw: pimc(game, state, determinisations=1, **kw)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", choices=("small", "tiny"), default="small")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", default="10,100,1000,10000")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    console = Console()
    game = SmallRace(deck=SMALL_DECK if args.deck == "small" else TINY_DECK)
    start = time.perf_counter()
    with console.status("solving the small race by value iteration"):
        solved = solve(game)
    console.print(f"deck {' '.join(SMALL_DECK if args.deck == 'small' else TINY_DECK)}: "
                  f"{len(game.deals()):,} deals, {len(solved.states):,} decision states, "
                  f"at most {solved.solution.sweeps} sweep(s) a component, "
                  f"{time.perf_counter() - start:.1f} s; "
                  f"the first player wins with probability {solved.start():.4f}")
    rng = random.Random(args.seed)
    positions = []
    for state in rng.sample(solved.states, min(len(solved.states), 50 * args.positions)):
        values = solved.move_values(state)
        if max(values.values()) - min(values.values()) >= 0.1:
            positions.append((state, values))
        if len(positions) == args.positions:
            break
    table = Table("search", "iterations", "mean regret", "exact best", "value error",
                  "seconds/search", title=f"Searches against the exact values "
                  f"({len(positions)} decision states)")
    budgets = [int(n) for n in args.iterations.split(",")]
    with Progress(console=Console(stderr=True)) as progress:
        task = progress.add_task("searching", total=len(SEARCHES) * len(budgets))
        for name, search in SEARCHES.items():
            for iterations in budgets:
                regret = error = seconds = 0.0
                best = 0
                for state, values in positions:
                    clock = time.perf_counter()
                    result = search(game, state, iterations=iterations, seed=args.seed)
                    seconds += time.perf_counter() - clock
                    assert result.best_move is not None  # a decision state has plays
                    top, chosen = max(values.values()), values[result.best_move]
                    regret += top - chosen
                    best += chosen == top
                    error += abs(result.value - (2 * solved.win_probability(state) - 1))
                n = len(positions)
                table.add_row(name, f"{iterations:,}", f"{regret / n:.4f}", f"{best / n:.0%}",
                              f"{error / n:.3f}", f"{seconds / n:.3f}")
                progress.advance(task)
    console.print(table)


if __name__ == "__main__":
    main()
