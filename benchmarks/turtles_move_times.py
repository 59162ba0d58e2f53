"""The Great Turtle Race: where the time of a searching agent's moves goes, move by move.

Plays ``--games`` games of the agent in one seat (turning) against H in the others (the games
of ``turtles_strength.py`` with the same seed) and times each of the agent's decisions: wall
and CPU seconds (the difference is the machine's other load), the part spent on the belief's
posterior (agents with a belief), the plays made so far. Prints the distribution and the
slowest moves with their parts.

    python benchmarks/turtles_move_times.py [--agent belief-ismcts:300:rollout=H]
        [--players 4] [--games 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from zermelo.agents.turtles.agent import Agent
from zermelo.agents.turtles.arena import play_game
from zermelo.agents.turtles.registry import make_agent
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.state import Play, View


@dataclass
class Move:
    """One decision's times."""

    wall: float
    cpu: float
    posterior: float
    plays: int


@dataclass
class Traced:
    """An agent whose decisions are timed, with its belief's posterior timed apart."""

    agent: Agent
    moves: list[Move] = field(default_factory=list)
    spent: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = self.agent.name
        self.sees_colours = self.agent.sees_colours
        belief = getattr(self.agent, "belief", None)
        if belief is not None:
            belief.posterior = self._timed(belief.posterior)

    def _timed(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            start = time.perf_counter()
            result = function(*args)
            self.spent.append(time.perf_counter() - start)
            return result
        return timed

    def choose(self, view: View, rng: random.Random) -> Play:
        """The agent's play, timed."""
        self.spent.clear()
        wall, cpu = time.perf_counter(), time.process_time()
        play = self.agent.choose(view, rng)
        self.moves.append(Move(time.perf_counter() - wall, time.process_time() - cpu,
                               sum(self.spent), len(view.played)))
        return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="belief-ismcts:300:rollout=H")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Turtles(Variant(players=args.players))
    traced, other = Traced(make_agent(args.agent, game)), make_agent("H", game)
    start = time.perf_counter()
    wins = 0
    for number in range(args.games):
        seat = number % game.players
        wins += play_game(game, [traced if p == seat else other for p in range(game.players)],
                          f"{args.seed}:{number}") == [seat]
    moves = traced.moves
    walls = sorted(m.wall for m in moves)
    summary = Table("wins", "moves", "wall mean", "wall 99 %", "wall max", "CPU max",
                    "posterior max", "games' seconds",
                    title=f"{args.agent}, {args.players} players, {args.games} games against H")
    summary.add_row(f"{wins:,}", f"{len(moves):,}", f"{statistics.fmean(walls):.3f}",
                    f"{walls[int(0.99 * (len(walls) - 1))]:.3f}", f"{walls[-1]:.3f}",
                    f"{max(m.cpu for m in moves):.3f}", f"{max(m.posterior for m in moves):.3f}",
                    f"{time.perf_counter() - start:.0f}")
    slowest = Table("move", "plays so far", "wall s", "CPU s", "posterior s",
                    title="The slowest moves")
    for m in sorted(moves, key=lambda m: -m.wall)[:6]:
        slowest.add_row(str(moves.index(m) + 1), str(m.plays), f"{m.wall:.3f}", f"{m.cpu:.3f}",
                        f"{m.posterior:.3f}")
    Console().print(summary, slowest)


if __name__ == "__main__":
    main()
