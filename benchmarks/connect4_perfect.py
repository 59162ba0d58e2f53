"""The perfect engine's move times over whole games from the empty board, as either side.

    python benchmarks/connect4_perfect.py --games 10
    python benchmarks/connect4_perfect.py --games 4 --opponents heuristic:4 --seconds 30

The engine (``perfect``: the engine's book found in the data directory or shipped with the
package, then the solver) plays each opponent — ``random`` (uniform legal moves),
``heuristic:D`` (the ``threats`` engine searching D plies, with a random first move so the
games differ) — as the first and as the second player. Every engine move is timed on its own;
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
from rich.table import Table

from zermelo.games.connect4 import ConnectFour, Position
from zermelo.search.base import Budget, budget
from zermelo.solvers.connect4.engine import SolverPlayer, engine_book_for, solver_for
from zermelo.solvers.connect4.heuristic import heuristic_player


def opponent(name: str, rng: random.Random):  # type: ignore[no-untyped-def]
    """A move function ``(game, state) -> column`` for ``random`` or ``heuristic:D``."""
    if name == "random":
        return lambda game, state: rng.choice(game.legal_moves(state))
    depth = int(name.split(":")[1])
    searcher = heuristic_player("threats", depth)

    def play(game: ConnectFour, state: Position) -> int:
        if state.count < 2:  # vary the games
            return rng.choice(game.legal_moves(state))
        return int(searcher(game, state))  # type: ignore[arg-type]

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per opponent and side")
    parser.add_argument("--opponents", default="random,heuristic:2,heuristic:4")
    parser.add_argument("--seconds", type=float, default=60.0, help="budget of each move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = ConnectFour()
    rng = random.Random(args.seed)
    engine = SolverPlayer(solver_for(game, None), args.seed, engine_book_for(game, None))
    engine(game, game.parse_position("4444"))  # load the compiled kernels first
    console = Console()
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
