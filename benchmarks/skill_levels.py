"""Each skill level against perfect play: the share of moves it erred where it could (a move
outside the analysis' best while one was there to choose) and its score against ``perfect``
(a win 1, a draw 1/2), seats alternating, with the 95 % Wilson interval of the score.

    python benchmarks/skill_levels.py [--games 40] [--levels 0,25,50,75,90,100] [--only GAME]
                                      [--db DIR]

Small variants, as in benchmarks/engine_strength.py: tic-tac-toe 3x3, Nim 1,3,5,7, Pig to 20,
Connect Four 5x4 k=3 and Three Musketeers 4x4 (its database built under ``--db`` if missing).
The figures go in each game's ``skill`` engine description (its entry).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from zermelo.core.game import Game
from zermelo.engines.analysed import Analysed, perfect_engine, skill_engine
from zermelo.engines.strength import wilson
from zermelo.games.registry import get_game
from zermelo.search.players import play_match

VARIANTS = (
    ("tictactoe", {}, ()),
    ("nim", {}, ()),
    ("pig", {"goal": "20"}, ()),
    ("connect4", {"board": "5x4", "k": "3"}, ()),
    ("musketeers", {"board": "4x4"}, ("musketeers", "solve", "--board", "4x4")),
)


def series(game: Game, level: int, games: int, data: Path | None) -> tuple[float, int, int, int]:
    """Score of ``skill:level`` against perfect over ``games`` games (seats alternating), and
    its erred moves and chances to err."""
    points = 0.0
    erred = chances = 0
    for number in range(games):
        seat = number % 2
        ours: Analysed = skill_engine(game, level, number, data)
        theirs = perfect_engine(game, None, 10_000 + number, data)
        states = play_match(game, [ours, theirs] if seat == 0 else [theirs, ours],
                            rng=random.Random(number))
        winner = game.winner(states[-1])
        points += 0.5 if winner is None else float(winner == seat)
        erred, chances = erred + ours.erred, chances + ours.chances
    return points, erred, chances, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--levels", default="0,25,50,75,90,100")
    parser.add_argument("--only", default=None)
    parser.add_argument("--db", type=Path, default=None)
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, options, build in VARIANTS:
        if args.only not in (None, name):
            continue
        if build:
            where = () if args.db is None else ("--db", str(args.db))
            subprocess.run([sys.executable, "-m", "zermelo", *build, *where], check=True,
                           stdout=subprocess.DEVNULL)
        game = get_game(name).game(options)
        started = time.perf_counter()
        for level in levels:
            points, erred, chances, games = series(game, level, args.games, args.db)
            low, high = wilson(round(2 * points), 2 * games)
            rate = erred / chances if chances else 0.0
            print(f"{name} {options or ''} skill:{level}: erred {erred}/{chances} "
                  f"({100 * rate:.0f} %), score v perfect {100 * points / games:.0f} % "
                  f"(95 % {100 * low:.0f}-{100 * high:.0f} %) over {games} games", flush=True)
        print(f"{name}: {time.perf_counter() - started:.0f} s, load "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
