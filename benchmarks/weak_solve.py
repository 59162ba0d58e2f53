"""Weak solve of Three Musketeers from the standard start: time, nodes, table and proof size.

    .venv/bin/python benchmarks/weak_solve.py [--table-bits 26]

The target is at most 10 minutes on a 2-core machine; the figures go to stdout as JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict

from zermelo.games.musketeers import ThreeMusketeers
from zermelo.solvers.musketeers.weak import weak_solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--table-bits", type=int, default=26)
    args = parser.parse_args()
    game = ThreeMusketeers()
    for state in (game.initial_state(), game.play_line(game.initial_state(), ["e1-d1"])):
        begin = time.perf_counter()
        solution = weak_solve(game, state, table_bits=args.table_bits)
        figures = asdict(solution)
        figures["wall_seconds_with_compilation"] = round(time.perf_counter() - begin, 1)
        figures["nodes_per_second"] = round(solution.nodes / solution.seconds)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
