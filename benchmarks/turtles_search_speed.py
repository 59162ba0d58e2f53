"""The Great Turtle Race's searches: ISMCTS iterations a second (goal: 10,000 on one core; the
compiled single-observer ISMCTS of the paper's ``mcts`` agent: 50,000), PIMC playouts a second,
and the nodes alpha-beta saves against minimax at equal plays.

Rates are per CPU second of this process (fairer on a shared machine) and per wall second.

    python benchmarks/turtles_search_speed.py [--positions 20] [--iterations 2000]
        [--tree-positions 500] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from zermelo.agents.turtles.compiled.agents import mcts as compiled_mcts
from zermelo.agents.turtles.playouts import policy_rollout
from zermelo.agents.turtles.search import TreeSearch, sample_positions
from zermelo.agents.turtles.strategies import Settings, Strategy
from zermelo.games.turtles import Turtles, Variant
from zermelo.search.ismcts import ismcts
from zermelo.search.pimc import pimc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--tree-positions", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Turtles(Variant(players=2))
    rng = random.Random(args.seed)
    sample = sample_positions(game, args.positions, rng, keep=0.1)
    policy_rollout("H")(game, sample[0], rng)  # compile before timing
    rates = Table("search", "rollouts", "iterations", "per CPU second", "per wall second",
                  title=f"Monte Carlo searches, {args.positions} two-player positions")
    for name in ("ismcts", "mo-ismcts", "pimc"):
        for policy in ("random", "H"):
            roll: Any = policy_rollout(policy)
            wall, cpu = time.perf_counter(), time.process_time()
            for state in sample:
                if name == "pimc":
                    pimc(game, state, iterations=args.iterations, seed=0, rollout=roll)
                else:
                    ismcts(game, state, iterations=args.iterations, seed=0, rollout=roll,
                           observers="multiple" if name == "mo-ismcts" else "single")
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            total = args.iterations * len(sample)
            rates.add_row(name, policy, f"{total:,}", f"{total / cpu:,.0f}",
                          f"{total / wall:,.0f}")
    views = [game.view(state, game.to_move(state)) for state in sample]
    for policy in ("D", "H"):
        agent = compiled_mcts(game, (policy, str(args.iterations)))
        compiled_mcts(game, (policy, "10")).choose(views[0], rng)  # compile before timing
        wall, cpu = time.perf_counter(), time.process_time()
        for view in views:
            agent.choose(view, rng)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        total = args.iterations * len(views)
        rates.add_row("ismcts (compiled)", "random" if policy == "D" else policy,
                      f"{total:,}", f"{total / cpu:,.0f}", f"{total / wall:,.0f}")
    Console().print(rates)
    trees = Table("depth", "positions", "minimax nodes", "alpha-beta nodes", "saved",
                  "same plays", title="The paper's tree searches with H, one determinisation")
    tree_sample = sample_positions(game, args.tree_positions, rng, keep=0.1)
    hybrid = Strategy(game, "H", Settings())
    for depth in (2, 3):
        plain = TreeSearch(game, "minimax", hybrid, depth=depth, samples=1)
        pruned = TreeSearch(game, "alphabeta", hybrid, depth=depth, samples=1, prune=True)
        same = 0
        for i, state in enumerate(tree_sample):
            view = game.view(state, game.to_move(state))
            same += plain.choose(view, random.Random(i)) == pruned.choose(view, random.Random(i))
        trees.add_row(str(depth), f"{len(tree_sample):,}", f"{plain.nodes:,}",
                      f"{pruned.nodes:,}", f"{1 - pruned.nodes / plain.nodes:.0%}",
                      f"{same:,}")
    Console().print(trees)


if __name__ == "__main__":
    main()
