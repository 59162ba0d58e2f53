"""The Great Turtle Race: complete random games per second with the compiled playouts (goal:
at least 50,000 two-player games a second on one core), and the readable rules for comparison.
Per CPU second counts only the time the process ran, a fairer figure on a shared machine.

    python benchmarks/turtles_random.py [--games 200000] [--players 2,3,4,5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from rich.console import Console
from rich.table import Table

from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.kernels import random_games, rules_of

RULES_GAMES = 300
"""Games played through the readable rules, for comparison."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = Table("players", "games", "seconds", "games/s (kernel)", "per CPU second",
                 "games/s (rules)", "wins by seat, shared",
                 title="Random games of The Great Turtle Race")
    for players in (int(p) for p in args.players.split(",")):
        game = Turtles(Variant(players=players))
        rules = rules_of(game.variant)
        random_games(10, players, rules, args.seed)  # compile before timing
        start, cpu = time.perf_counter(), time.process_time()
        wins = random_games(args.games, players, rules, args.seed)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        rng = random.Random(args.seed)
        start = time.perf_counter()
        for _ in range(RULES_GAMES):
            game.random_playout(game.initial_state(), rng)
        readable = RULES_GAMES / (time.perf_counter() - start)
        rows.add_row(str(players), f"{args.games:,}", f"{seconds:.2f}",
                     f"{args.games / seconds:,.0f}", f"{args.games / cpu:,.0f}", f"{readable:,.0f}",
                     " ".join(str(w) for w in wins))
    Console().print(rows)


if __name__ == "__main__":
    main()
