"""Connect Four's analysis read from the engine's book: each column's score at once where the
book holds the position it leads to (or the position's own move and score).

The engine's book (:mod:`.engine_book`) holds only the positions the ``perfect`` engine meets at
its turn, each with one move and the exact score. A column's score is then known when the
position it leads to is in the book (its score, negated: the book speaks for the side to move
there) or ends the game, and the book's own move of the position keeps the position's score. A
person playing the engine meets only positions whose every reply is in the book, up to its
depth; the empty board's seven first moves are all in it.
"""

from __future__ import annotations

from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.solvers.connect4.engine_book import EngineBook
from zermelo.solvers.connect4.solver import terminal_score


def child_score(game: ConnectFour, book: EngineBook, child: Position) -> int | None:
    """The score of ``child`` for its side to move, from the game's end or the book; None when
    neither gives it."""
    if game.is_terminal(child):
        return terminal_score(game, child)
    found = book.entry(child)
    return None if found is None else found[1]


def book_scores(game: ConnectFour, book: EngineBook, state: Position
                ) -> tuple[int | None, dict[int, int]]:
    """The score of ``state`` for its side to move and each column's score that the book gives
    (None, and no column, past what it knows)."""
    scores: dict[int, int] = {}
    for column in game.legal_moves(state):
        score = child_score(game, book, game.apply(state, column))
        if score is not None:
            scores[column] = -score
    own = book.entry(state)
    if own is not None:
        scores.setdefault(own[0], own[1])  # the book's move keeps the position's score
        return own[1], scores
    if scores and len(scores) == len(game.legal_moves(state)):
        return max(scores.values()), scores
    return None, scores
