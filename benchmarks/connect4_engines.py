"""A match between the two heuristic evaluations of Connect Four at equal search depth.

    python benchmarks/connect4_engines.py --depth 4

Every first move is played once with each engine moving first (the engines are deterministic,
so the forced first move is what varies), and the results are counted from the ``threats``
engine's side.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console

from zermelo.games.connect4 import ConnectFour
from zermelo.search.players import play_match
from zermelo.solvers.connect4.heuristic import heuristic_player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args()
    game = ConnectFour()
    ours = heuristic_player("threats", args.depth)
    counts = heuristic_player("two-three-count", args.depth)
    tally = {"win": 0, "draw": 0, "loss": 0}
    start = time.perf_counter()
    for opening in range(game.board.width):
        for ours_first in (True, False):
            players = [ours, counts] if ours_first else [counts, ours]
            states = play_match(game, players, game.apply(game.initial_state(), opening))
            winner = game.winner(states[-1])
            ours_index = 0 if ours_first else 1
            tally["draw" if winner is None else "win" if winner == ours_index else "loss"] += 1
    Console().print(f"threats vs two-three-count at depth {args.depth}: {tally['win']} wins, "
                    f"{tally['draw']} draws, {tally['loss']} losses "
                    f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
