"""Three Musketeers engines that read the strong solution: ``perfect`` and ``swindle``.

Scores are the database's bytes (:mod:`zermelo.games.musketeers.values`): the musketeers prefer
higher scores and the enemies lower ones, so "the best move" is a max or a min over the scores
of the positions the moves lead to.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from zermelo.core.game import Game
from zermelo.games.musketeers.database import Database
from zermelo.games.musketeers.rules import MUSKETEERS, Move, Position
from zermelo.games.musketeers.values import THRESHOLD


def wins_for(side: int, score: int) -> bool:
    """Whether a position of score ``score`` is won by ``side``."""
    return (score >= THRESHOLD) == (side == MUSKETEERS)


def better(side: int, score: int) -> int:
    """A key that grows with how much ``side`` likes ``score`` (higher for the musketeers)."""
    return score if side == MUSKETEERS else -score


class PerfectPlayer:
    """Plays a move that keeps the best result — winning beats losing, sooner beats later,
    losing later beats sooner — chosen at random among equally good ones (seedable)."""

    def __init__(self, database: Database, seed: int | None = None) -> None:
        self.database = database
        self.rng = random.Random(seed)

    def __call__(self, game: Game[Any, Any], state: Position) -> Hashable:
        return self.rng.choice(self.database.best_moves(state))

    def scored_moves(self, state: Position) -> list[tuple[Move, int]]:
        """Every legal move with the score of the position it leads to."""
        db = self.database
        return [(m, db.score(db.game.apply(state, m))) for m in db.game.legal_moves(state)]


class SwindlePlayer(PerfectPlayer):
    """Perfect when winning; when lost, among the moves that lose slowest (within ``slack``
    plies of the slowest), the one leaving the opponent the largest share of replies that hand
    back the win, so that a fallible opponent is most likely to go wrong."""

    def __init__(self, database: Database, seed: int | None = None, slack: int = 0) -> None:
        super().__init__(database, seed)
        if slack < 0:
            raise ValueError(f"swindle slack {slack}: must be 0 or more")
        self.slack = slack

    def __call__(self, game: Game[Any, Any], state: Position) -> Hashable:
        side = state.to_move
        if wins_for(side, self.database.score(state)):
            return super().__call__(game, state)
        scored = self.scored_moves(state)
        slowest = max(better(side, s) for _, s in scored)
        candidates = [m for m, s in scored if better(side, s) >= slowest - self.slack]
        chances = {m: self.blunder_share(state, m, side) for m in candidates}
        most = max(chances.values())
        return self.rng.choice([m for m in candidates if chances[m] == most])

    def blunder_share(self, state: Position, move: Move, side: int) -> float:
        """The share of the opponent's replies to ``move`` after which ``side`` wins."""
        after = self.database.game.apply(state, move)
        replies = self.scored_moves(after)
        if not replies:
            return 0.0
        return sum(wins_for(side, s) for _, s in replies) / len(replies)
