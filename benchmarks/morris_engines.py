"""Our Morris evaluation against the 23-point board article's at equal search depth, and the
searches' speed.

    python benchmarks/morris_engines.py --board variant23 --depth 3 --openings 100

Each opening (two random plies from the start, seeded) is played twice, each engine White
once; the game's own rules end it (a mill count below 3 stones, no move, threefold repetition
or the 200-ply limit). Results are counted for our engine, with 95 % Wilson intervals of its
win and loss rates. Then both searches run to ``--speed-depth`` from the start: seconds (after
compiling) and positions evaluated.
"""

from __future__ import annotations

import argparse
import random
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.engines.strength import wilson
from zermelo.games.morris import BOARDS, Morris
from zermelo.search.players import play_match
from zermelo.solvers.morris.engine import DepthPlayer, search


def opening(game: Morris, plies: int, rng: random.Random) -> object:
    state = game.initial_state()
    for _ in range(plies):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="variant23")
    parser.add_argument("--depth", type=int, default=3, choices=range(1, 8))
    parser.add_argument("--openings", type=int, default=100)
    parser.add_argument("--plies", type=int, default=2, help="Random plies of each opening.")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--speed-depth", type=int, default=6, choices=range(1, 9))
    args = parser.parse_args()
    game = Morris(args.board)
    rng = random.Random(args.seed)
    ours, seeds = DepthPlayer(args.depth, False, avoid_draws=True), DepthPlayer(args.depth, True)
    tally = {"win": 0, "draw": 0, "loss": 0}
    ends: dict[str, int] = {}
    plies = 0
    start = time.perf_counter()
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=2 * args.openings)
        for _ in range(args.openings):
            first = opening(game, args.plies, rng)
            for ours_side in (0, 1):
                players = [ours, seeds] if ours_side == 0 else [seeds, ours]
                states = play_match(game, players, first)
                last = states[-1]
                winner = game.winner(last)
                tally["draw" if winner is None else "win" if winner == ours_side
                      else "loss"] += 1
                over = game.end(last)
                assert over is not None
                kind = over[1] if winner is None else over[1].split(": ")[-1]
                ends[kind] = ends.get(kind, 0) + 1
                plies += len(states) - 1
                bar.advance(task)
    games = 2 * args.openings
    elapsed = time.perf_counter() - start
    console = Console()
    low_w, high_w = wilson(tally["win"], games)
    low_l, high_l = wilson(tally["loss"], games)
    console.print(f"{game.board.title} ({args.board}), depth {args.depth}, {games} games "
                  f"({elapsed:.0f} s, {plies / games:.0f} plies a game): ours vs the article's "
                  f"{tally['win']} wins, {tally['draw']} draws, {tally['loss']} losses; "
                  f"win rate {tally['win'] / games:.1%} [{low_w:.1%}, {high_w:.1%}], "
                  f"loss rate {tally['loss'] / games:.1%} [{low_l:.1%}, {high_l:.1%}]")
    console.print("how the games ended: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    search(game, game.initial_state(), 1, True)  # compile both searches
    search(game, game.initial_state(), 1, False)
    table = Table("depth", "the article's: seconds", "positions evaluated", "ours: seconds",
                  "positions evaluated",
                  title=f"alpha-beta from the start of {args.board}")
    for depth in range(1, args.speed_depth + 1):
        row = [str(depth)]
        for seed_rules in (True, False):
            t0 = time.perf_counter()
            found = search(game, game.initial_state(), depth, seed_rules)
            row += [f"{time.perf_counter() - t0:.3f}", f"{found.evaluated:,}"]
        table.add_row(*row)
    console.print(table)


if __name__ == "__main__":
    main()
