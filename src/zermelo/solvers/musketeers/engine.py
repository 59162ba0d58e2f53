"""Three Musketeers engines that read the strong solution (``perfect``, ``swindle``), and its
analysis of a position.

Scores are the database's bytes (:mod:`zermelo.solvers.musketeers.values`): the musketeers prefer
higher scores and the enemies lower ones, so "the best move" is a max or a min over the scores
of the positions the moves lead to.
"""

from __future__ import annotations

import random
from pathlib import Path

from zermelo.core.errors import OptionError
from zermelo.core.value import Analysis
from zermelo.games.musketeers.rules import MUSKETEERS, Move, Position, ThreeMusketeers
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.solvers.musketeers.values import THRESHOLD
from zermelo.tablebase.cache import kept, stamp
from zermelo.tablebase.store import MANIFEST, default_root


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

    def __call__(self, game: ThreeMusketeers, state: Position) -> Move:
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
            raise OptionError(f"swindle slack {slack}: must be 0 or more")
        self.slack = slack

    def __call__(self, game: ThreeMusketeers, state: Position) -> Move:
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


def open_database(game: ThreeMusketeers, data: Path | None) -> Database:
    """The database of ``game``'s variant under ``data`` (default location), kept between calls
    (building the indexing tables takes about a second on 5x5) and opened anew when the
    manifest changes, e.g. after a build adds tables."""
    variant = Variant.of(game)
    version = stamp((data or default_root()) / variant.name / MANIFEST)
    if version is None:
        return Database.open(variant, data)  # raises the "build it first" error
    return kept(("musketeers", variant, data), version, lambda: Database.open(variant, data),
                Database.nbytes)


def perfect(game: ThreeMusketeers, level: int | None, seed: int | None,
            data: Path | None) -> PerfectPlayer:
    """The ``perfect`` engine of ``game``'s variant."""
    return PerfectPlayer(open_database(game, data), seed)


def swindle(game: ThreeMusketeers, level: int | None, seed: int | None,
            data: Path | None) -> SwindlePlayer:
    """The ``swindle`` engine with ``level`` plies of slack."""
    return SwindlePlayer(open_database(game, data), seed, level or 0)


def analysis(game: ThreeMusketeers, state: Position, data: Path | None) -> Analysis:
    """The database's value of ``state`` and of every legal move."""
    database = open_database(game, data)
    players = game.info.players
    return Analysis.of(database.lookup(state), database.analyze(state),
                       players[game.to_move(state)])
