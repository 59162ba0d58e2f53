"""The game-free compiled searches over the kernel contract, on one core: the Turtle Race's
ISMCTS iterations a second (goal 50,000) and Connect Four's MCTS simulations a second through
what ``zermelo solve connect4 --algorithm mcts`` runs (goal 500,000).

Rates are per CPU second of this process (fairer on a shared machine) and per wall second;
compiling is done before timing. The last lines are ``zermelo solve`` itself (Connect Four's
MCTS and the Turtle Race's ISMCTS from the deal), after a first run that compiles or loads the
search: per wall second by its own statistics, per CPU second the extra iterations of a run of
twice as many over its extra CPU seconds (so the start of the process does not count); the
title gives the load average.

    python benchmarks/kernel_search.py [--positions 20] [--iterations 5000]
        [--simulations 500000] [--runs 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial

from rich.console import Console
from rich.table import Table

from zermelo.agents.turtles.compiled.ismcts import policy_params
from zermelo.agents.turtles.playouts import strategy_policy
from zermelo.agents.turtles.search import sample_positions
from zermelo.agents.turtles.strategies import POLICIES
from zermelo.games.connect4 import ConnectFour
from zermelo.games.registry import GAMES
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.kernels import decode, game_kernels, pack_view
from zermelo.games.turtles.state import View
from zermelo.search.algorithms import compiled_search
from zermelo.search.ismcts import Observers
from zermelo.search.ismcts_kernel import UNIFORM, Hook, ismcts_compiled


def timed(run: Callable[[], int]) -> tuple[int, float, float]:
    """``run()``'s count of iterations, CPU seconds and wall seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    done = run()
    return done, time.process_time() - cpu, time.perf_counter() - wall


def turtles(game: Turtles, views: list[View], iterations: int, observers: Observers,
            policy: Hook) -> int:
    """The compiled ISMCTS from each view; the iterations made."""
    kernels = game_kernels(game)
    done = 0
    for i, view in enumerate(views):
        state = game.determinise(view, random.Random(i))
        result = ismcts_compiled(game, kernels, pack_view(view), view.player,
                                 decode=partial(decode, state), iterations=iterations,
                                 observers=observers, seed=i, policy=policy)
        done += result.stats.iterations
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--simulations", type=int, default=500_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = Table("search", "game", "rollouts", "iterations", "per CPU second",
                  "per wall second", title="The game-free compiled searches, one core")
    game = Turtles(Variant(players=2))
    sample = sample_positions(game, args.positions, random.Random(args.seed), keep=0.1)
    views = [game.view(state, game.to_move(state)) for state in sample]
    observers: Observers
    for observers in ("single", "multiple"):
        for rollout in ("random", "H"):
            policy = UNIFORM if rollout == "random" else Hook(
                strategy_policy, policy_params(2, POLICIES[rollout], 0.0))
            turtles(game, views[:1], 10, observers, policy)  # compile before timing
            done, cpu, wall = timed(partial(turtles, game, views, args.iterations, observers,
                                            policy))
            table.add_row(f"ismcts ({observers} observer)", "turtles, 2 players", rollout,
                          f"{done:,}", f"{done / cpu:,.0f}", f"{done / wall:,.0f}")
    connect4 = ConnectFour()
    declared = GAMES["connect4"].compiled(connect4)
    assert declared is not None
    start = connect4.initial_state()

    def simulate(count: int, seed: int) -> int:
        result = compiled_search("mcts", connect4, declared, start, iterations=count,
                                 seed=seed)
        assert result is not None
        return result.stats.iterations

    simulate(100, 0)
    for run in range(args.runs):
        done, cpu, wall = timed(lambda run=run: simulate(args.simulations, run + 1))
        table.add_row("mcts (as zermelo solve runs it)", "connect4", "random", f"{done:,}",
                      f"{done / cpu:,.0f}", f"{done / wall:,.0f}")
    for name, algorithm, count, rows in (
            ("connect4", "mcts", args.simulations, 1),
            ("turtles", "ismcts", 20 * args.iterations, args.runs)):
        solve(name, algorithm, 100)  # compiled, or loaded from the cache, once
        for _ in range(rows):
            (_, cpu), (stats, cpu_twice) = solve(name, algorithm, count), solve(
                name, algorithm, 2 * count)
            table.add_row(f"zermelo solve {name} --algorithm {algorithm}", name, "random",
                          f"{stats['iterations']:,}", f"{count / (cpu_twice - cpu):,.0f}",
                          f"{stats['iterations'] / stats['seconds']:,.0f}")
    loads = ", ".join(f"{load:.1f}" for load in os.getloadavg())
    table.title = f"{table.title} (load average {loads})"
    Console().print(table)


def solve(game: str, algorithm: str, iterations: int) -> tuple[dict[str, float], float]:
    """The statistics of ``zermelo solve GAME --algorithm ALGORITHM`` from the start and the
    CPU seconds of its process; refused unless the compiled search ran."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-m", "zermelo", "solve", game, "--algorithm", algorithm,
               "--iterations", str(iterations), "--seconds", "0", "--json"]
    answer = json.loads(subprocess.run(command, capture_output=True, text=True,
                                       check=True).stdout)
    if not answer["compiled"]:
        raise SystemExit(f"zermelo solve {game} --algorithm {algorithm} ran the readable search")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stats: dict[str, float] = answer["stats"]
    return stats, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


if __name__ == "__main__":
    main()
