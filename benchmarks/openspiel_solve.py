"""OpenSpiel games solved through zermelo's adapter, beside OpenSpiel's own solvers.

For each game: zermelo's alpha-beta with a transposition table (keyed by the player to move
and OpenSpiel's state string) through :mod:`zermelo.openspiel.adapter`, or its retrograde
analysis of every reachable position (:mod:`zermelo.openspiel.retrograde`, ``--solver
retrograde``), against OpenSpiel's ``alpha_beta_search`` (Python, no transposition table) and
its MCTS with proven values, each run in a child process stopped after ``--limit`` seconds.

    python benchmarks/openspiel_solve.py [--game "connect_four(rows=4,columns=5)" ...] [--limit S]
        [--solver alphabeta-tt|retrograde]
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from figures import load, record
from rich.console import Console
from rich.table import Table

from zermelo.openspiel.adapter import open_game
from zermelo.openspiel.retrograde import solve_native
from zermelo.search.algorithms import search
from zermelo.search.base import Budget, BudgetExhausted, budget
from zermelo.tablebase.retrograde import describe

GAMES = ("tic_tac_toe", "connect_four(rows=4,columns=4)", "connect_four(rows=4,columns=5)",
         "nim(pile_sizes=1;3;5;7;9)")


def ours(name: str, seconds: float) -> str:
    """zermelo's alpha-beta with a transposition table: the value, nodes and seconds."""
    game = open_game(name)
    began = time.perf_counter()
    with budget(Budget(None, seconds)):
        result = search("alphabeta-tt", game, game.initial_state())
    took = time.perf_counter() - began
    return f"{result.value:+g} ({result.stats.nodes:,} nodes, {took:.1f} s)"


def retrograde(name: str, seconds: float) -> str:
    """zermelo's retrograde analysis: the value for the first player, its distance, the
    positions and seconds."""
    game = open_game(name)
    began = time.perf_counter()
    try:
        with budget(Budget(None, seconds)):
            solved = solve_native(game.initial_state().native, limit=50_000_000)
    except BudgetExhausted as error:
        return f"not done in {seconds:.0f} s ({error.args[0]})"
    took = time.perf_counter() - began
    outcome, plies = describe(solved.code(solved.root))
    words = "draw" if plies is None else f"{'win' if outcome > 0 else 'loss'} in {plies}"
    return f"{outcome:+d} ({words}; {solved.size:,} positions, {took:.1f} s)"


SOLVERS = {"alphabeta-tt": ours, "retrograde": retrograde}


def openspiel_alphabeta(name: str, full_depth: bool = False) -> str:
    """OpenSpiel's alpha-beta search from the start, to its default depth (30) or the game's
    longest game: the value for the first player."""
    import pyspiel
    from open_spiel.python.algorithms import minimax
    game = pyspiel.load_game(name)
    depth = {"maximum_depth": game.max_game_length()} if full_depth else {}
    value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0, **depth)
    return f"{value:+g}"


def openspiel_mcts_solver(name: str) -> str:
    """OpenSpiel's MCTS with proven values (``solve=True``), which stops once the start is
    proven: the value for the first player."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 10**9, mcts.RandomRolloutEvaluator(1, rng), solve=True,
                       random_state=rng)
    root = bot.mcts_search(game.new_initial_state())
    return f"{root.outcome[0]:+g} ({root.explore_count:,} simulations)"


def _child(run: Callable[[str], str], name: str, out: Any) -> None:
    out.put(run(name))


def timed(run: Callable[[str], str], name: str, limit: float) -> str:
    """``run(name)`` in a child process, or that it did not finish in ``limit`` seconds."""
    queue: Any = multiprocessing.Queue()
    process = multiprocessing.Process(target=_child, args=(run, name, queue))
    began = time.perf_counter()
    process.start()
    process.join(limit)
    took = time.perf_counter() - began
    if process.is_alive():
        process.terminate()
        process.join()
        return f"not done in {limit:.0f} s"
    return f"{queue.get()} in {took:.1f} s" if not queue.empty() else "failed"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="an OpenSpiel game string "
                        "(repeatable; default: tic-tac-toe, two Connect Fours, a Nim)")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds for each run")
    parser.add_argument("--solver", choices=tuple(SOLVERS), default="alphabeta-tt",
                        help="zermelo's solver")
    parser.add_argument("--full-depth", action="store_true", help="give OpenSpiel's alpha-beta "
                        "the game's longest game as its depth (its default: 30 plies)")
    parser.add_argument("--figures", metavar="NAME", help="also write the table to "
                        "src/zermelo/figures/NAME.json and the docs' region NAME "
                        "(benchmarks/figures.py)")
    args = parser.parse_args()
    began_load, began_run = load(), time.perf_counter()
    console = Console(width=150, emoji=False, highlight=False)
    table = Table(title=f"Solving OpenSpiel games from the start (limit {args.limit:.0f} s)")
    for column in ("game", f"zermelo {args.solver} (adapter)", "OpenSpiel alpha_beta_search",
                   "OpenSpiel MCTS solver"):
        table.add_column(column)
    rows = []
    for name in args.game or GAMES:
        row = [name, SOLVERS[args.solver](name, args.limit),
               timed(partial(openspiel_alphabeta, full_depth=args.full_depth), name, args.limit),
               timed(openspiel_mcts_solver, name, args.limit)]
        table.add_row(*row)
        rows.append(row)
        console.print(" | ".join(row), style="dim")
    console.print(table)
    if args.figures:
        head = ["game", f"zermelo {args.solver} (adapter)", "OpenSpiel alpha_beta_search"
                + (" (the game's whole length)" if args.full_depth else ""),
                "OpenSpiel MCTS solver"]
        lines = [" | ".join(head), " | ".join("---" for _ in head),
                 *(" | ".join(f"`{cell}`" if i == 0 else cell for i, cell in enumerate(row))
                   for row in rows)]
        record(args.figures, {"solver": args.solver, "limit": args.limit, "rows": rows},
               "\n".join(f"| {line} |" for line in lines), began_load=began_load,
               seconds=time.perf_counter() - began_run)


if __name__ == "__main__":
    main()
