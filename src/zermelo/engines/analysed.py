"""Engines that play from a game's analysis (its database, solver or exact search): ``perfect``
plays a best move; ``skill:LEVEL`` plays a best move with probability LEVEL % and otherwise a
move that is not among the best, so that it errs at exactly the rate its level says.

A game declares them in its entry (:mod:`zermelo.core.skill`)
when its analysis gives every legal move's value; a position the analysis refuses (a board
too large to search at once) is played by alpha-beta within the move's time instead.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from zermelo.core.entry import AnyGame
from zermelo.core.errors import GameNotSupportedError
from zermelo.games.registry import entry_of
from zermelo.search.players import SearchPlayer


class Analysed:
    """Plays a best move of the game's analysis with probability ``skill`` (0-1), else a move
    outside the best (the best again when every move is best); seeded by ``seed``."""

    def __init__(self, skill: float, seed: int | None, data: Path | None) -> None:
        self.skill, self.data = skill, data
        self.rng = random.Random(seed)
        self.fallback: SearchPlayer[Any, Any] = SearchPlayer("alphabeta-tt", seed=seed)
        self.chances = self.erred = 0
        """Moves that could have erred (some move was not best), and those that did."""

    def __call__(self, game: AnyGame, state: Any) -> Hashable:
        chosen: Hashable
        try:
            analysis = entry_of(game).analyze(game, state, self.data)
        except GameNotSupportedError:  # a position too large for the analysis
            chosen = self.fallback(game, state)
            return chosen
        best: list[Hashable] = list(analysis.best)
        others: list[Hashable] = [m for m, _ in analysis.moves if m not in analysis.best]
        if not best:
            chosen = self.fallback(game, state)
        elif others and self.rng.random() >= self.skill:
            self.erred += 1
            chosen = self.rng.choice(others)
        else:
            chosen = self.rng.choice(best)
        self.chances += bool(best and others)
        return chosen


def perfect_engine(game: AnyGame, level: int | None, seed: int | None, data: Path | None
                   ) -> Analysed:
    """A best move of the analysis, at random among equals."""
    return Analysed(1.0, seed, data)


def skill_engine(game: AnyGame, level: int | None, seed: int | None, data: Path | None
                 ) -> Analysed:
    """A best move with probability ``level`` % (None: always), else one that is not best."""
    return Analysed((100 if level is None else level) / 100, seed, data)
