"""Connect Four solver speed: nodes, nodes per second and seconds by number of moves played.

    python benchmarks/connect4_solver.py                      # the batch: 319 positions, 8-36 moves
    python benchmarks/connect4_solver.py --write batch.txt    # the same positions, for the CLI:
    zermelo connect4 solve --batch < batch.txt
    python benchmarks/connect4_solver.py --lengths 8,12,16 --samples 10 --reset
    python benchmarks/connect4_solver.py --lengths 8 --samples 3 --empty weak

The batch is 11 random positions of each length from 8 to 36 moves (319 in all; reproducible
with --seed), none of them over, solved one after another by one solver in one process, as
``zermelo connect4 solve --batch`` does (the table is kept between positions unless --reset).
Pascal Pons' C++ solver took 22-23 s on such a batch on this machine.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.games.connect4 import ConnectFour, Position
from zermelo.solvers.connect4.solver import Solver
from zermelo.solvers.connect4.table import DEFAULT_SIZE


def random_position(game: ConnectFour, length: int, rng: random.Random) -> Position:
    """A position of ``length`` random moves that is not over."""
    while True:
        state = game.initial_state()
        for _ in range(length):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if state.count == length and not game.is_terminal(state):
            return state


def batch(game: ConnectFour, lengths: list[int], samples: int, seed: int) -> list[Position]:
    """``samples`` random positions of each length, in order of length."""
    rng = random.Random(seed)
    return [random_position(game, length, rng) for length in lengths for _ in range(samples)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="8-36",
                        help="numbers of moves played: a range A-B or a comma-separated list")
    parser.add_argument("--samples", type=int, default=11, help="positions per length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reset", action="store_true",
                        help="clear the table before each position (not timed)")
    parser.add_argument("--write", type=Path, help="write the positions' moves to this file "
                        "and stop")
    parser.add_argument("--empty", choices=["weak", "strong"],
                        help="also solve the empty board: who wins (weak) or the exact score")
    parser.add_argument("--table", type=int, default=DEFAULT_SIZE,
                        help="transposition table slots (best twice a prime)")
    args = parser.parse_args()
    if "-" in args.lengths:
        first, last = (int(x) for x in args.lengths.split("-"))
        lengths = list(range(first, last + 1))
    else:
        lengths = [int(x) for x in args.lengths.split(",")]
    game = ConnectFour()
    positions = batch(game, lengths, args.samples, args.seed)
    if args.write:
        args.write.write_text("".join(f"{p.moves}\n" for p in positions))
        return
    solver = Solver(game, table_size=args.table)
    solver.solve(random_position(game, 30, random.Random(0)))  # compile or load the kernels
    solver.reset()
    console = Console()
    rows: dict[int, list[float]] = {}  # length -> [positions, seconds, nodes, max seconds]
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("solving", total=len(positions))
        for state in positions:
            if args.reset:
                solver.reset()
            before = solver.nodes
            start = time.perf_counter()
            solver.solve(state)
            elapsed = time.perf_counter() - start
            row = rows.setdefault(state.count, [0, 0.0, 0, 0.0])
            row[0] += 1
            row[1] += elapsed
            row[2] += solver.nodes - before
            row[3] = max(row[3], elapsed)
            progress.advance(task)
    table = Table("moves", "positions", "seconds", "mean s", "max s", "mean nodes", "nodes/s",
                  title=f"Connect Four 7x6: strong solve of {len(positions)} random positions"
                        f"{' (table cleared before each)' if args.reset else ''}")
    total = [0, 0.0, 0, 0.0]
    for length in sorted(rows):
        count, seconds, nodes, most = rows[length]
        total = [total[0] + count, total[1] + seconds, total[2] + nodes, max(total[3], most)]
        table.add_row(str(length), f"{count:.0f}", f"{seconds:.2f}", f"{seconds / count:.4f}",
                      f"{most:.3f}", f"{nodes / count:,.0f}", f"{nodes / seconds:,.0f}")
    count, seconds, nodes, most = total
    table.add_row("all", f"{count:.0f}", f"{seconds:.2f}", f"{seconds / count:.4f}",
                  f"{most:.3f}", f"{nodes / count:,.0f}", f"{nodes / seconds:,.0f}",
                  style="bold")
    console.print(table)
    if args.empty:
        solver.reset()
        start = time.perf_counter()
        score = solver.solve(game.initial_state(), weak=args.empty == "weak")
        elapsed = time.perf_counter() - start
        console.print(f"empty board ({args.empty}): {score}, {elapsed:.1f} s, "
                      f"{solver.nodes:,} nodes, {solver.nodes / elapsed:,.0f} nodes/s")


if __name__ == "__main__":
    main()
