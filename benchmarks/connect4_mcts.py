"""MCTS simulations per second on Connect Four from the empty 7x6 board: the compiled search,
the generic one and, when installed, OpenSpiel's C++ MCTS (random rollouts, the same UCT
constant, proven-value backup), each run several times with different seeds on one core.

    python benchmarks/connect4_mcts.py --runs 3

Every search starts from the empty board and runs its full number of simulations (the empty
board is never proven); the table gives the median and the range over the runs.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.games.connect4 import ConnectFour
from zermelo.search.mcts import mcts as generic_mcts
from zermelo.solvers.connect4.mcts import mcts as compiled_mcts

Run = Callable[[int, int], tuple[float, str, str]]
"""``run(simulations, seed) -> (seconds, best column, tree memory)``."""


def column(move: int | None) -> str:
    """A column as the notation writes it (1 is the leftmost)."""
    return "-" if move is None else str(move + 1)


def compiled(simulations: int, seed: int) -> tuple[float, str, str]:
    """The compiled search, with its tree's arrays."""
    game = ConnectFour()
    result = compiled_mcts(game, game.initial_state(), iterations=simulations, seed=seed)
    memory = f"{result.stats.extra['tree_bytes'] / 2**20:.1f}"
    return result.stats.seconds, column(result.best_move), memory


def generic(simulations: int, seed: int) -> tuple[float, str, str]:
    """The generic search over the game protocol."""
    game = ConnectFour()
    result = generic_mcts(game, game.initial_state(), iterations=simulations, seed=seed)
    return result.stats.seconds, column(result.best_move), ""


def openspiel(simulations: int, seed: int) -> tuple[float, str, str]:
    """OpenSpiel's C++ MCTS bot with one random rollout per leaf and its solver on."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("connect_four")
    rollouts = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, rollouts, math.sqrt(2), simulations, 4000, True, seed, False)
    start = time.perf_counter()
    action = bot.step(game.new_initial_state())
    return time.perf_counter() - start, column(action), ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each row (seeds 1..N)")
    parser.add_argument("--compiled", type=int, nargs="+", default=[10_000, 100_000, 1_000_000],
                        help="simulations of the compiled search's rows")
    parser.add_argument("--generic", type=int, nargs="+", default=[10_000],
                        help="simulations of the generic search's rows")
    parser.add_argument("--openspiel", type=int, nargs="*", default=[100_000],
                        help="simulations of OpenSpiel's rows (none: left out)")
    args = parser.parse_args()
    rows: list[tuple[str, Run, int]] = [
        *(("compiled", compiled, n) for n in args.compiled),
        *(("generic", generic, n) for n in args.generic)]
    try:
        import pyspiel  # noqa: F401

        rows += [("OpenSpiel C++", openspiel, n) for n in args.openspiel]
    except ImportError:
        Console(stderr=True).print("OpenSpiel is not installed: its rows are left out")
    compiled(10, 0)  # loads the compiled kernels before the clock runs
    table = Table(title="MCTS on Connect Four 7x6 from the empty board, one core")
    for name in ("search", "simulations", "seconds", "per second", "lowest", "highest", "best",
                 "tree MB"):
        table.add_column(name, justify="left" if name == "search" else "right")
    with Progress(transient=True) as progress:
        task = progress.add_task("searching", total=len(rows) * args.runs)
        for name, run, simulations in rows:
            times, moves, memory = [], [], ""
            for seed in range(1, args.runs + 1):
                seconds, move, memory = run(simulations, seed)
                times.append(seconds)
                moves.append(move)
                progress.advance(task)
            rates = [simulations / t for t in times]
            table.add_row(name, f"{simulations:,}", f"{statistics.median(times):.3f}",
                          f"{statistics.median(rates):,.0f}", f"{min(rates):,.0f}",
                          f"{max(rates):,.0f}", " ".join(moves), memory)
    Console().print(table)
    Console().print(f"seconds and simulations per second: the median of {args.runs} runs (seeds "
                    f"1 to {args.runs}), with the lowest and highest rate; best: each run's column")


if __name__ == "__main__":
    main()
