"""The perfect engine's move times over whole games from the empty board, as either side.

    python benchmarks/connect4_perfect.py --games 10
    python benchmarks/connect4_perfect.py --games 4 --opponents heuristic:4,perfect --seconds 30
    python benchmarks/connect4_perfect.py --horizon

The engine (``perfect``: the engine's book found in the data directory or shipped with the
package, then the solver) plays each opponent — ``random`` (uniform legal moves),
``heuristic:D`` (the ``threats`` engine searching D plies), ``perfect`` (that engine at depth 4
before the 10th stone, then the solver's best moves) — each with a random first move, so that
the games differ — as the first and as the second player. Every engine move is timed on its own;
the table gives the median and the maximum per opponent and side, how many moves came from
the book, and the results. The engine keeps its solver (and table) between moves, as the
server does. ``--seconds`` is each move's budget: a move over it falls back to the heuristic
and is counted as unproven. The goal: every move within 2 s, the median within 0.2 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.games.connect4 import ConnectFour, Position
from zermelo.search.base import Budget, budget
from zermelo.solvers.connect4.engine import SolverPlayer, engine_book_for, solver_for
from zermelo.solvers.connect4.engine_book import engine_turns, first_levels
from zermelo.solvers.connect4.heuristic import heuristic_player
from zermelo.solvers.connect4.solver import Solver


def opponent(name: str, rng: random.Random):  # type: ignore[no-untyped-def]
    """A move function ``(game, state) -> column`` for ``random``, ``heuristic:D`` or
    ``perfect`` (the heuristic at depth 4 before the 10th stone, then a best move of the solver,
    at random among equals)."""
    if name == "random":
        return lambda game, state: rng.choice(game.legal_moves(state))
    depth = int(name.split(":")[1]) if name.startswith("heuristic:") else 4
    searcher = heuristic_player("threats", depth)
    solver = Solver(ConnectFour())

    def play(game: ConnectFour, state: Position) -> int:
        if state.count < 2:  # vary the games
            return rng.choice(game.legal_moves(state))
        if name == "perfect" and state.count >= 9:
            return solver.best_move(state, rng)[0]
        return int(searcher(game, state))  # type: ignore[arg-type]

    return play


def horizon(game: ConnectFour, engine: SolverPlayer, console: Console) -> None:
    """Time the engine's move in every position just past its book that it can meet: each
    position of the book's two deepest levels after the book's move and every reply."""
    book = engine.book
    assert book is not None, "no engine's book found"
    moves = {int(k): int(m) for k, m in zip(book.keys, book.moves, strict=True)}
    levels = first_levels(game)
    while len(levels) < book.depth + 3:
        levels.append(engine_turns(game, levels[-2], moves))
    table = Table("stones", "positions", "median s", "mean s", "max s", "over 2 s",
                  "slowest position",
                  title=f"Engine moves just past its book (depth {book.depth}), table cleared "
                        f"before each")
    for stones in (book.depth + 1, book.depth + 2):
        times: list[float] = []
        slowest = ""
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task(f"{stones} stones", total=len(levels[stones]))
            for state in levels[stones]:
                engine.solver.reset()
                start = time.perf_counter()
                engine(game, state)
                times.append(time.perf_counter() - start)
                if times[-1] == max(times):
                    slowest = state.moves
                progress.advance(task)
        table.add_row(str(stones), str(len(times)), f"{statistics.median(times):.3f}",
                      f"{statistics.mean(times):.3f}", f"{max(times):.3f}",
                      str(sum(t > 2 for t in times)), slowest)
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per opponent and side")
    parser.add_argument("--opponents", default="random,heuristic:2,heuristic:6,perfect")
    parser.add_argument("--seconds", type=float, default=60.0, help="budget of each move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--horizon", action="store_true",
                        help="instead, time every position just past the book the engine can meet")
    args = parser.parse_args()
    game = ConnectFour()
    rng = random.Random(args.seed)
    engine = SolverPlayer(solver_for(game, None), args.seed, engine_book_for(game, None))
    engine(game, game.parse_position("4444"))  # load the compiled kernels first
    console = Console()
    if args.horizon:
        horizon(game, engine, console)
        return
    table = Table("opponent", "engine plays", "games", "engine moves", "from book",
                  "median s", "max s", "slowest position", "unproven", "engine W/D/L",
                  title="The perfect engine's move times, whole games from the empty board")
    everything: list[float] = []
    for name in args.opponents.split(","):
        other = opponent(name, rng)
        for side in (0, 1):
            times: list[float] = []
            slowest, book_moves, unproven = "", 0, 0
            results = [0, 0, 0]
            for _ in range(args.games):
                state = game.initial_state()
                while not game.is_terminal(state):
                    if game.to_move(state) == side:
                        start = time.perf_counter()
                        with budget(Budget(seconds=args.seconds)):
                            move = engine(game, state)
                        elapsed = time.perf_counter() - start
                        if not times or elapsed > max(times):
                            slowest = state.moves or "(empty)"
                        times.append(elapsed)
                        assert engine.last is not None
                        book_moves += engine.last.algorithm == "book"
                        unproven += not engine.last.exact
                    else:
                        move = other(game, state)
                    state = game.apply(state, int(move))  # type: ignore[call-overload]
                returns = game.returns(state)
                results[0 if returns[side] > 0 else 1 if returns[side] == 0 else 2] += 1
            everything += times
            table.add_row(name, "first" if side == 0 else "second", str(args.games),
                          str(len(times)), str(book_moves), f"{statistics.median(times):.3f}",
                          f"{max(times):.3f}", slowest, str(unproven),
                          "/".join(str(r) for r in results))
            console.print(f"{name}, engine {'first' if side == 0 else 'second'}: done",
                          style="dim")
    table.add_row("all", "", "", str(len(everything)), "", f"{statistics.median(everything):.3f}",
                  f"{max(everything):.3f}", "", "", "", style="bold")
    console.print(table)


if __name__ == "__main__":
    main()
