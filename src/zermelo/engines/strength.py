"""How strong an engine is, measured: a series of games against a reference engine, the seats
turning with each game, counted as wins, draws and losses with 95 % Wilson intervals.

Game ``g`` of a series seats the engine in seat ``g mod players`` (the reference in all the
others), seeds both engines with ``g`` (so engines that choose at random among equal moves play
other games each time) and draws chance from its own generator; the engine's own moves are
timed, each within a time budget like the one the web page gives (:mod:`zermelo.search.base`),
the reference's are not bounded (a reference is only one while its moves are its own).

>>> low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zermelo.core.entry import AnyGame
from zermelo.core.game import CHANCE
from zermelo.engines.registry import create_engine
from zermelo.search.base import Budget, budget
from zermelo.search.players import Player, play_match

Z95 = 1.959964
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) without trials:
    unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or 100 %
    (where its end is exactly 0 or 1, not the rounding of centre -/+ half)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return (0.0 if successes == 0 else max(0.0, centre - half),
            1.0 if successes == trials else min(1.0, centre + half))


@dataclass
class Record:
    """A series' results from the engine's side, and the time its own moves took."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    moves: int = 0
    seconds: float = 0.0
    lines: set[int] = field(default_factory=set)
    """The distinct games (hashes of their move sequences): deterministic engines facing
    each other repeat the same game, which the count of games alone would hide."""

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def seconds_a_move(self) -> float:
        """The engine's mean wall-clock seconds a move (0 before its first move)."""
        return self.seconds / self.moves if self.moves else 0.0

    def share(self, count: int) -> tuple[float, float, float]:
        """``count`` games as a share of the games, with its 95 % Wilson interval."""
        low, high = wilson(count, self.games)
        return (count / self.games if self.games else 0.0), low, high


class Timed:
    """An engine whose moves are timed, each inside a budget of ``seconds`` (None: none)."""

    def __init__(self, engine: Player, record: Record, seconds: float | None) -> None:
        self.engine, self.record, self.seconds = engine, record, seconds

    def __call__(self, game: AnyGame, state: Any) -> Hashable:
        start = time.perf_counter()
        with budget(Budget(seconds=self.seconds)):
            move = self.engine(game, state)
        self.record.seconds += time.perf_counter() - start
        self.record.moves += 1
        return move


def warm_up(game: AnyGame, spec: str, data: Path | None, seconds: float | None) -> None:
    """One untimed move of ``spec`` at the first position a player moves in, so that the
    series' seconds leave out compiling kernels, loading databases and solving a game once."""
    rng, state = random.Random(0), game.initial_state()
    while not game.is_terminal(state) and game.to_move(state) is CHANCE:
        state = game.play(state, game.sample_chance(state, rng))
    if not game.is_terminal(state):
        with budget(Budget(seconds=seconds)):
            create_engine(spec, game, seed=0, data=data)(game, state)


def play_series(game: AnyGame, engine: str, reference: str, games: int, *,
                data: Path | None = None, seconds: float | None = None, seed: int = 0) -> Record:
    """``games`` games of the engine ``engine`` against ``reference`` (engine names such as
    ``alphabeta:4``), the engine's seat turning with each game; see the module docstring."""
    record = Record()
    players = game.info.num_players
    for number in range(games):
        seat = number % players
        ours = Timed(create_engine(engine, game, seed=number, data=data), record, seconds)
        theirs = create_engine(reference, game, seed=number, data=data)
        states = play_match(game, [ours if p == seat else theirs for p in range(players)],
                            rng=random.Random(f"{seed}:{number}"))
        winner = game.winner(states[-1])
        if winner is None:
            record.draws += 1
        elif winner == seat:
            record.wins += 1
        else:
            record.losses += 1
        record.lines.add(hash((seat, tuple(map(repr, states)))))
    return record
