"""The Great Turtle Race: how strong our best agent is, through the arena's games and intervals.

Goals: against H at most 1 s a move, at least 65 % wins with the 95 % Wilson interval's lower
end at least 62 % over 2,000 seat-balanced two-player games; against PIMC at the same number of
iterations at least 55 %; in 3-5-player games (the agent in one seat, H in all the others) a
win share at least 1.5 times an H seat's. Seconds a move are measured on the agent's own
decisions (wall clock: on a shared machine, a bound from above).

    python benchmarks/turtles_strength.py [--agent belief-ismcts:300:rollout=H]
        [--games 2000] [--pimc-games 400] [--many-games 300] [--players 3,4,5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from zermelo.agents.turtles.agent import Agent
from zermelo.agents.turtles.arena import play_game, wilson
from zermelo.agents.turtles.registry import make_agent
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.state import Play, View


@dataclass
class Timed:
    """An agent whose decisions are timed."""

    agent: Agent
    seconds: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = self.agent.name
        self.sees_colours = self.agent.sees_colours

    def choose(self, view: View, rng: random.Random) -> Play:
        """The agent's play, timed."""
        start = time.perf_counter()
        play = self.agent.choose(view, rng)
        self.seconds.append(time.perf_counter() - start)
        return play


def match(game: Turtles, ours: str, theirs: str, games: int, seed: int, progress: Progress,
          ) -> tuple[int, int, float, float]:
    """Our agent in one seat (turning with each game), ``theirs`` in the others: our wins, the
    wins of their seats, our mean and largest seconds a move."""
    timed = Timed(make_agent(ours, game))
    other = make_agent(theirs, game)
    task = progress.add_task(f"{game.players}p {ours} v {theirs}", total=games)
    wins = their_wins = 0
    for number in range(games):
        seat = number % game.players
        winners = play_game(game, [timed if p == seat else other
                                   for p in range(game.players)], f"{seed}:{number}")
        wins += winners == [seat]
        their_wins += len(winners) == 1 and winners != [seat]
        progress.advance(task)
    return wins, their_wins, sum(timed.seconds) / len(timed.seconds), max(timed.seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="belief-ismcts:300:rollout=H")
    parser.add_argument("--pimc", default="pimc:300", help="the PIMC agent at equal budget")
    parser.add_argument("--games", type=int, default=2000, help="two-player games against H")
    parser.add_argument("--pimc-games", type=int, default=400)
    parser.add_argument("--many-games", type=int, default=300, help="games per player count")
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = Table("players", "opponent", "games", "wins", "win rate", "95 % interval",
                  "opponent seat share", "ratio", "s/move mean", "s/move max",
                  title=f"{args.agent} against the paper's H and PIMC")
    plan = [(2, "H", args.games), (2, args.pimc, args.pimc_games)] + [
        (int(n), "H", args.many_games) for n in args.players.split(",") if n]
    with Progress(console=Console(stderr=True)) as progress:
        for players, theirs, games in plan:
            if games <= 0:
                continue
            game = Turtles(Variant(players=players))
            wins, their_wins, mean, most = match(game, args.agent, theirs, games, args.seed,
                                                 progress)
            lo, hi = wilson(wins, games)
            share = their_wins / (games * (players - 1))
            table.add_row(str(players), theirs, f"{games:,}", f"{wins:,}", f"{wins / games:.3f}",
                          f"{lo:.3f}-{hi:.3f}", f"{share:.3f}",
                          f"{wins / games / share:.2f}" if share else "-", f"{mean:.3f}",
                          f"{most:.3f}")
    Console().print(table)


if __name__ == "__main__":
    main()
