"""Connect Four solver speed: nodes, nodes per second and seconds by number of moves played.

    python benchmarks/connect4_solver.py                      # the batch: 319 positions, 8-36 moves
    python benchmarks/connect4_solver.py --write batch.txt    # the same positions, for the CLI:
    zermelo connect4 solve --batch < batch.txt
    python benchmarks/connect4_solver.py --lengths 8,12,16 --samples 10 --reset
    python benchmarks/connect4_solver.py --lengths 8 --samples 3 --empty weak
    python benchmarks/connect4_solver.py --pons DIR --rounds 3  # beside Pons' C++ solver

The batch is 11 random positions of each length from 8 to 36 moves (319 in all; reproducible
with --seed), none of them over, solved one after another by one solver in one process, as
``zermelo connect4 solve --batch`` does (the table is kept between positions unless --reset).

``--pons DIR`` takes a directory holding the sources of Pascal Pons' C++ solver (his
repository ``PascalPons/connect4``, kept outside this one: it is AGPL), builds it there with
his Makefile (``g++ -O3``) and solves the same batch with it and with ours in turns, each from
an empty table: both times (wall and CPU), their ratio, the load average, whether the 319
scores agree and how many nodes ours searched. The median row's ratios are the medians of the
rounds' ratios, each from a pair run back to back.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
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


def build_pons(directory: Path) -> Path:
    """Pons' solver built in ``directory`` by his Makefile (``g++ -O3``); its path."""
    if not (directory / "Solver.cpp").is_file() or not (directory / "Makefile").is_file():
        raise SystemExit(f"{directory}: no Solver.cpp and Makefile of Pons' solver there")
    if shutil.which("make") is None or shutil.which("g++") is None:
        raise SystemExit("building Pons' solver needs make and g++")
    built = subprocess.run(["make", "-C", str(directory), "c4solver"], capture_output=True,
                           text=True, check=False)
    if built.returncode != 0:
        raise SystemExit(f"make in {directory} failed: {built.stderr.strip()[-300:]}")
    return directory / "c4solver"


def children_cpu() -> float:
    """CPU seconds used so far by the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def solve_with_pons(binary: Path, positions: list[Position]) -> tuple[list[int], float, float]:
    """Pons' scores of ``positions`` (one process, one table, in order), its wall and CPU
    seconds. It runs in its own directory, where it looks for its opening book."""
    text = "".join(f"{p.moves}\n" for p in positions)
    cpu, start = children_cpu(), time.perf_counter()
    run = subprocess.run([str(binary.resolve())], input=text, capture_output=True, text=True,
                         cwd=binary.parent, check=False)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    lines = run.stdout.split("\n")[:len(positions)]
    if run.returncode != 0 or len(lines) < len(positions):
        raise SystemExit(f"Pons' solver failed: {run.stderr.strip()[-300:]}")
    return [int(line.split()[-1]) for line in lines], wall, cpu


def solve_with_ours(solver: Solver, positions: list[Position]) -> tuple[list[int], float, float]:
    """Our scores of ``positions`` from an empty table (in order, the table kept between
    them), with the wall and CPU seconds."""
    solver.reset()
    cpu, start = time.process_time(), time.perf_counter()
    scores = [solver.solve(state) for state in positions]
    return scores, time.perf_counter() - start, time.process_time() - cpu


def side_by_side(binary: Path, solver: Solver, positions: list[Position], rounds: int) -> None:
    """Both solvers on the batch, ``rounds`` times in turns: each round's and the median
    seconds, our time over Pons', the load average (one minute) and whether the scores agree."""
    table = Table("round", "load", "Pons s", "Pons CPU s", "ours s", "ours CPU s", "ours/Pons",
                  "CPU ours/Pons", title=f"Connect Four 7x6: {len(positions)} positions, "
                                         "Pons' C++ solver beside ours")

    def add(name: str, row: tuple[float, ...], **style: str) -> None:
        table.add_row(name, f"{os.getloadavg()[0]:.1f}", *(f"{x:.2f}" for x in row), **style)

    rows: list[tuple[float, ...]] = []
    differ = 0
    for number in range(1, rounds + 1):
        theirs, pons_wall, pons_cpu = solve_with_pons(binary, positions)
        ours, wall, cpu = solve_with_ours(solver, positions)
        differ = max(differ, sum(a != b for a, b in zip(theirs, ours, strict=True)))
        rows.append((pons_wall, pons_cpu, wall, cpu, wall / pons_wall, cpu / pons_cpu))
        add(str(number), rows[-1])
    # each column's median; the ratios' are those of the rounds (pairs run back to back),
    # not the ratio of the median times
    add("median", tuple(statistics.median(column) for column in zip(*rows, strict=True)),
        style="bold")
    Console().print(table)
    if differ:
        raise SystemExit(f"the scores differ on {differ} of {len(positions)} positions")
    print(f"the scores agree on all {len(positions)} positions; our solver searched "
          f"{solver.nodes:,} nodes for them")


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
    parser.add_argument("--pons", type=Path, metavar="DIR",
                        help="build Pons' C++ solver from its sources in DIR and time it beside "
                             "ours on the same batch")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with --pons: rounds of both solvers in turns (medians shown)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
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
    if args.pons:
        side_by_side(build_pons(args.pons), solver, positions, args.rounds)
        return
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
