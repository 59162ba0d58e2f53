"""Matches between agents of The Great Turtle Race: win rates with 95 % Wilson intervals.

A *cell* pits a row agent against a column agent: in every game the row agent takes one seat
and the column agent all the others, the row agent's seat turning with each game so that every
seat is played equally often (with two players: half the games each way round). Game ``g`` of
every cell is dealt and drawn from the same seed, so cells differ by the agents alone. With two
players the games of a cell also give its mirror (the column's wins against the row), as the
paper's tables do (Przybylski and Król, 2018, tables I-VI; :data:`TABLES`). When both agents
are compiled (the paper's searches) and neither has a ``seconds`` budget (the loop has no
clock), whole games run in the compiled loop
(:func:`~zermelo.agents.turtles.compiled.arena.arena_loop`), dealt and drawn from the game's
seed by the kernels' generator: the same seeds give other deals there than through the rules.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from zermelo.agents.turtles.agent import Agent, decide
from zermelo.agents.turtles.compiled.arena import loops, play_compiled
from zermelo.agents.turtles.registry import make_agent
from zermelo.core.errors import OptionError
from zermelo.core.game import CHANCE
from zermelo.engines.strength import wilson
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Variant

STRATEGIES = ("F", "E", "H", "D")
"""The paper's strategies in its tables' order."""
TABLES: dict[str, tuple[str, str]] = {
    "I": ("mcts", "mcts"), "II": ("minimax", "minimax"), "III": ("alphabeta", "alphabeta"),
    "IV": ("mcts", "alphabeta"), "V": ("mcts", "minimax"), "VI": ("alphabeta", "minimax"),
}
"""The paper's tables: the search of the rows and of the columns, each with every strategy."""


@dataclass(frozen=True)
class Cell:
    """The row agent's wins in ``games`` games against the column agent."""

    row: str
    col: str
    games: int
    wins: int
    losses: int = 0
    """Games a column agent won."""

    def mirror(self) -> Cell:
        """The same games seen from the column (a two-player cell)."""
        return Cell(self.col, self.row, self.games, self.losses, self.wins)

    @property
    def rate(self) -> float:
        """The row agent's win rate."""
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the win rate."""
        return wilson(self.wins, self.games)

    def as_json(self) -> dict[str, object]:
        """The cell as ``zermelo turtles arena --json`` prints it."""
        lo, hi = self.ci
        return {"row": self.row, "col": self.col, "games": self.games, "wins": self.wins,
                "ci": [round(lo, 4), round(hi, 4)]}


def table_agents(table: str) -> tuple[list[str], list[str]]:
    """The row and column agents of the paper's table ``table`` (I to VI)."""
    key = table.strip().upper()
    if key not in TABLES:
        raise OptionError(f"table {table[:10]!r}: expected one of {', '.join(TABLES)}")
    rows, cols = TABLES[key]
    return [f"{rows}:{s}" for s in STRATEGIES], [f"{cols}:{s}" for s in STRATEGIES]


def play_game(game: Turtles, agents: Sequence[Agent], seed: str) -> list[int]:
    """One game with ``agents[p]`` in seat ``p``; the winning seats (several: a shared win).
    The deal and the draws come from ``seed``, each agent's choices from its own generator."""
    chance = random.Random(seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(agents))]
    state = game.initial_state()
    while not game.is_terminal(state):
        seat = game.to_move(state)
        if seat is CHANCE:
            state = game.apply(state, game.sample_chance(state, chance))
        else:
            state = game.play(state, decide(game, agents[seat], state, rngs[seat]))
    return game.winners(state)


def play_games(game: Turtles, row: str, col: str, numbers: range, seed: int,
               step: Callable[[], None] | None = None) -> tuple[int, int]:
    """Games number ``numbers`` of the agent ``row`` against the agent ``col`` (see the module
    docstring): the row's wins and the column's; ``step`` is called after each game."""
    first, other = make_agent(row, game), make_agent(col, game)
    compiled = loops(first) and loops(other)
    wins = losses = 0
    for number in numbers:
        seat = number % game.players
        agents = [first if p == seat else other for p in range(game.players)]
        winners = (play_compiled(game, agents, f"{seed}:{number}")  # type: ignore[arg-type]
                   if compiled else play_game(game, agents, f"{seed}:{number}"))
        wins += winners == [seat]
        losses += len(winners) == 1 and winners != [seat]
        if step is not None:
            step()
    return wins, losses


def play_cell(game: Turtles, row: str, col: str, games: int, seed: int,
              step: Callable[[], None] | None = None) -> Cell:
    """``games`` games of the agent ``row`` against the agent ``col``."""
    return Cell(row, col, games, *play_games(game, row, col, range(games), seed, step))


CHUNK = 25
"""Games a worker process plays at a time."""
Task = tuple[Variant, str, str, range, int]


def _run(task: Task) -> tuple[int, int]:
    variant, row, col, numbers, seed = task
    return play_games(Turtles(variant), row, col, numbers, seed)


def play_cells(game: Turtles, pairs: Sequence[tuple[str, str]], games: int, seed: int,
               jobs: int = 1, advance: Callable[[int], None] | None = None) -> list[Cell]:
    """Every cell of ``pairs``, in ``jobs`` processes (the results do not depend on how many);
    ``advance(n)`` is told as each ``n`` games end."""
    if jobs == 1:
        step = None if advance is None else (lambda: advance(1))
        return [play_cell(game, row, col, games, seed, step) for row, col in pairs]
    tasks = [(game.variant, row, col, range(start, min(games, start + CHUNK)), seed)
             for row, col in pairs for start in range(0, games, CHUNK)]
    totals = {pair: [0, 0] for pair in pairs}
    with ProcessPoolExecutor(jobs) as pool:
        for task, (wins, losses) in zip(tasks, pool.map(_run, tasks), strict=True):
            total = totals[task[1], task[2]]
            total[0] += wins
            total[1] += losses
            if advance is not None:
                advance(len(task[3]))
    return [Cell(row, col, games, *totals[row, col]) for row, col in pairs]


def cells_of(rows: Sequence[str], cols: Sequence[str], square: bool,
             mirrored: bool) -> list[tuple[str, str]]:
    """The (row, column) pairs to play: a square table leaves out its diagonal, and when a
    cell's games give its mirror too (two players) only the pairs above the diagonal."""
    return [(r, c) for i, r in enumerate(rows) for j, c in enumerate(cols)
            if not (square and (i == j or (mirrored and j < i)))]
