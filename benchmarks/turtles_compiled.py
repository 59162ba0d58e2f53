"""The Great Turtle Race: the paper's searches compiled against their readable references,
in speed (seconds a decision and whole games a second) and in play (win rates against H).

Decisions are timed on the same two-player positions, per CPU second of this process (fairer
on a shared machine). Whole games: the arena's games of a table's pairing, through the rules
with the reference agents and in the compiled loop. Play: each MCTS against the strategy H in
``--games`` seat-balanced games through the rules (the compiled one from its view, like every
agent), win rates with 95 % Wilson intervals: the two should agree within their intervals.

    python benchmarks/turtles_compiled.py [--positions 40] [--games 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from rich.console import Console
from rich.table import Table

from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.arena import play_games, wilson
from zermelo.agents.turtles.registry import make_agent
from zermelo.agents.turtles.search import sample_positions
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.state import TurtleState

AGENTS = ("mcts:H", "mcts:D", "minimax:H", "alphabeta:H", "minimax:H:3")
PAIRS = (("mcts:F", "mcts:H"), ("minimax:F", "minimax:H"), ("mcts:H", "alphabeta:H"))


def reference(name: str) -> str:
    """The readable reference of a compiled agent's name."""
    kind, _, rest = name.partition(":")
    return f"{kind}-ref:{rest}"


def per_decision(game: Turtles, name: str, positions: list[TurtleState], seed: int) -> float:
    """CPU seconds a decision of agent ``name`` on ``positions``."""
    agent = make_agent(name, game)
    decide(game, agent, positions[0], random.Random(seed))  # load the compiled code
    start = time.process_time()
    for i, state in enumerate(positions):
        decide(game, agent, state, random.Random(seed + i))
    return (time.process_time() - start) / len(positions)


def per_game(game: Turtles, row: str, col: str, games: int, seed: int) -> float:
    """CPU seconds a game of ``row`` against ``col`` in the arena."""
    play_games(game, row, col, range(1), seed)
    start = time.process_time()
    play_games(game, row, col, range(games), seed)
    return (time.process_time() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Turtles(Variant(players=2))
    console = Console()
    positions = sample_positions(game, args.positions, random.Random(args.seed), keep=0.1)
    speed = Table("agent", "reference s/decision", "compiled s/decision", "speed-up",
                  title=f"Seconds a decision (CPU), {len(positions)} two-player positions")
    for name in AGENTS:
        slow = per_decision(game, reference(name), positions, args.seed)
        fast = per_decision(game, name, positions, args.seed)
        speed.add_row(name, f"{slow:.5f}", f"{fast:.6f}", f"{slow / fast:,.0f}x")
    console.print(speed)
    games = Table("row", "column", "reference s/game", "compiled s/game", "speed-up",
                  title="Seconds an arena game (CPU), two players")
    for row, col in PAIRS:
        slow = per_game(game, reference(row), reference(col), 10, args.seed)
        fast = per_game(game, row, col, 200, args.seed)
        games.add_row(row, col, f"{slow:.3f}", f"{fast:.4f}", f"{slow / fast:,.0f}x")
    console.print(games)
    play = Table("agent", "against", "games", "wins", "win rate", "95 % interval",
                 title="The compiled MCTS and its reference against H")
    for name in ("mcts:H", reference("mcts:H")):
        wins, _ = play_games(game, name, "H", range(args.games), args.seed)
        lo, hi = wilson(wins, args.games)
        play.add_row(name, "H", f"{args.games:,}", f"{wins:,}", f"{wins / args.games:.3f}",
                     f"{lo:.3f}-{hi:.3f}")
    console.print(play)


if __name__ == "__main__":
    main()
