"""Connect Four solver speed: mean solve time and nodes per second by number of moves played.

    python benchmarks/connect4_solver.py --lengths 12,16,20,24,28,32,36 --samples 20
    python benchmarks/connect4_solver.py --lengths 8 --samples 3 --empty weak

Positions are random move sequences (reproducible with --seed) that are not already won; each
is solved from an empty transposition table (clearing it is not timed). The goal is to stay
within 2x of Pascal Pons' C++ solver (about 2 M nodes/s; 8-move positions 1-8 s, 12-move
positions about 0.2 s).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rich.console import Console
from rich.table import Table

from zermelo.games.connect4 import ConnectFour, Position
from zermelo.solvers.connect4.solver import Solver
from zermelo.solvers.connect4.table import DEFAULT_SIZE


def random_positions(game: ConnectFour, length: int, count: int, seed: int) -> list[Position]:
    """``count`` positions of ``length`` random moves that are not over."""
    rng = random.Random(seed * 1000 + length)
    positions: list[Position] = []
    while len(positions) < count:
        state = game.initial_state()
        for _ in range(length):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if state.count == length and not game.is_terminal(state):
            positions.append(state)
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="12,16,20,24,28,32,36",
                        help="numbers of moves played, comma-separated")
    parser.add_argument("--samples", type=int, default=10, help="positions per length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--empty", choices=["weak", "strong"],
                        help="also solve the empty board: who wins (weak) or the exact score")
    parser.add_argument("--table", type=int, default=DEFAULT_SIZE,
                        help="transposition table slots (best twice a prime)")
    args = parser.parse_args()
    game = ConnectFour()
    solver = Solver(game, table_size=args.table)
    solver.solve(random_positions(game, 30, 1, 0)[0])  # compile or load the kernels first
    console = Console()
    table = Table("moves", "positions", "mean time (s)", "max time (s)", "mean nodes",
                  "nodes/s", title="Connect Four 7x6: strong solve of random positions")
    for length in (int(x) for x in args.lengths.split(",")):
        times, nodes = [], []
        for state in random_positions(game, length, args.samples, args.seed):
            solver.reset()
            start = time.perf_counter()
            solver.solve(state)
            times.append(time.perf_counter() - start)
            nodes.append(solver.nodes)
        rate = sum(nodes) / sum(times)
        table.add_row(str(length), str(len(times)), f"{statistics.mean(times):.4f}",
                      f"{max(times):.4f}", f"{statistics.mean(nodes):,.0f}", f"{rate:,.0f}")
        console.print(f"{length} moves done", style="dim")
    console.print(table)
    if args.empty:
        solver.reset()
        start = time.perf_counter()
        score = solver.solve(game.initial_state(), weak=args.empty == "weak")
        elapsed = time.perf_counter() - start
        console.print(f"empty board ({args.empty}): {score}, {elapsed:.1f} s, "
                      f"{solver.nodes:,} nodes, "
                      f"{solver.nodes / elapsed:,.0f} nodes/s")


if __name__ == "__main__":
    main()
