"""Connect Four's engines (``perfect`` from the strong solver, the two heuristic searches) and
its exact analysis of a position."""

from __future__ import annotations

import logging
import random
from pathlib import Path

from zermelo.core.errors import DataError, GameNotSupportedError
from zermelo.core.value import Analysis, Value
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.search.base import (
    Budget,
    BudgetExhausted,
    Clock,
    SearchResult,
    SearchStats,
    budget,
)
from zermelo.search.players import SearchPlayer
from zermelo.solvers.connect4 import engine_book
from zermelo.solvers.connect4.book import OpeningBook
from zermelo.solvers.connect4.book_analysis import book_scores
from zermelo.solvers.connect4.engine_book import EngineBook
from zermelo.solvers.connect4.heuristic import heuristic_player
from zermelo.solvers.connect4.solver import Solver, terminal_score
from zermelo.tablebase.cache import kept, stamp


class SolverPlayer:
    """Plays a column of the best score — winning beats drawing beats losing, winning sooner
    and losing later are better. A position of the engine's book (:mod:`.engine_book`) gets
    the book's move at once; any other is solved and its best moves tried in a random order
    (seedable), so each best move is equally likely. Inside a search budget that runs out, it
    plays the heuristic engine's move instead; ``last.exact`` says which it was."""

    def __init__(self, solver: Solver, seed: int | None = None,
                 book: EngineBook | None = None) -> None:
        self.solver = solver
        self.book = book
        self.rng = random.Random(seed)
        self.last: SearchResult[int] | None = None

    def __call__(self, game: ConnectFour, state: Position) -> int:
        stats = SearchStats()
        clock = Clock(stats)
        start = self.solver.nodes
        move: int
        found = None if self.book is None else self.book.entry(state)
        try:
            move, best = self.solver.best_move(state, self.rng) if found is None else found
        except BudgetExhausted:
            with budget(Budget()):  # a shallow search of milliseconds, outside the budget
                move = heuristic_player("threats", FALLBACK_DEPTH)(game, state)
            clock.stop()
            stats.nodes = self.solver.nodes - start
            self.last = SearchResult(0.0, move, (move,), stats, False, "heuristic")
            return move
        clock.stop()
        stats.nodes = self.solver.nodes - start
        self.last = SearchResult(float(best), move, (move,), stats, True,
                                 "strong" if found is None else "book")
        return move


FALLBACK_DEPTH = 4
"""Plies of the heuristic search that answers when the solver runs out of its budget."""


def solver_for(game: ConnectFour, data: Path | None) -> Solver:
    """A solver of ``game``'s board with its opening book, if any (see
    :meth:`OpeningBook.locate`), kept: its table (16 MB on 7x6) takes time to set up and
    keeps what earlier moves found. A book written later is picked up."""
    path = OpeningBook.locate(game.board, data)
    version = None if path is None else stamp(path)
    return kept(("connect4", game.board, data), version,
                lambda: Solver(game, book=None if path is None else usable_book(path, game)),
                Solver.nbytes)


def usable_book(path: Path, game: ConnectFour) -> OpeningBook | None:
    """The book at ``path``; a broken one is reported once (a warning naming the file) and left
    out, so that positions the solver reaches without it are still answered."""
    try:
        return OpeningBook.load(path, game.board)
    except DataError as error:
        logging.getLogger("zermelo").warning("zermelo: warning: %s; solving without it", error)
        return None


def perfect(game: ConnectFour, level: int | None, seed: int | None,
            data: Path | None) -> SolverPlayer:
    """The ``perfect`` engine: the strong solver (with the opening book under ``data``) and the
    engine's book."""
    return SolverPlayer(solver_for(game, data), seed, engine_book_for(game, data))


def engine_book_for(game: ConnectFour, data: Path | None) -> EngineBook | None:
    """The engine's book of ``game``'s board, kept: the first sound one of the data directory
    (``data``, then the default one) and the one shipped with the package (checked against the
    SHA-256 the package holds for it); a broken one is
    reported once (a warning naming the file) and passed over."""
    paths = (engine_book.default_path(game.board, data), engine_book.default_path(game.board),
             engine_book.shipped_path(game.board))
    version = hash(tuple(stamp(p) for p in paths))

    def load() -> EngineBook | None:
        for path in dict.fromkeys(paths):
            if path.exists():
                try:
                    if path == paths[-1]:
                        engine_book.check_shipped(path)
                    return EngineBook.load(path, game.board)
                except DataError as error:
                    logging.getLogger("zermelo").warning("zermelo: warning: %s; passed over",
                                                         error)
        return None

    return kept(("connect4-engine", game.board, data), version, load,
                lambda book: 0 if book is None else book.keys.nbytes * 2)


def heuristic(game: ConnectFour, level: int | None, seed: int | None,
              data: Path | None) -> SearchPlayer[Position, int]:
    """Alpha-beta to ``level`` plies scoring threats by row parity, open windows and the
    centre."""
    return heuristic_player("threats", level or 1)


def two_three_count(game: ConnectFour, level: int | None, seed: int | None,
                    data: Path | None) -> SearchPlayer[Position, int]:
    """Alpha-beta to ``level`` plies counting twos (+10) and threes (+100)
    (:func:`zermelo.solvers.connect4.heuristic.two_three_count`)."""
    return heuristic_player("two-three-count", level or 1)


def plies_to_end(game: ConnectFour, state: Position, score: int) -> int | None:
    """How many plies from ``state`` the game lasts when its score (from the side to move's
    view) is ``score`` and both sides play perfectly; None for a draw (the board fills)."""
    if score == 0:
        return None
    cells, count = game.board.cells, state.count
    # the winning stone is dropped on n stones, n + 1 - 2|score| or n - 2|score| away from
    # cells; the winner moves when n has the parity of count (mover) or count + 1
    wanted = count % 2 if score > 0 else (count + 1) % 2
    n = next(n for n in (cells + 1 - 2 * abs(score), cells - 2 * abs(score)) if n % 2 == wanted)
    return n - count + 1


SMALL_BOARD = 24
"""Boards of at most this many cells are analysed from any position at once."""
QUICK_STONES = 8
"""On larger boards, positions with this many stones are analysed in seconds (7x6: a solve of a
random 8-stone position takes 0.71 s on average, 3.6 s at most, over the 11 of
``benchmarks/connect4_solver.py``); fewer need the book."""


def analysis(game: ConnectFour, state: Position, data: Path | None) -> Analysis:
    """The exact score of ``state`` and of each column's move, for the side to move: from the
    engine's book where it knows them (at once), else by the solver within the budget. When the
    book gives the position's score, a column whose solve runs out of the budget is left out
    (not proven); an early position of a large board that neither book covers is refused at
    once (minutes of search)."""
    players = game.info.players
    mover = players[game.to_move(state)]
    if game.is_terminal(state):
        return Analysis.of(Value.score(mover, terminal_score(game, state), 0), (), mover)
    book = engine_book_for(game, data)
    own, scores = (None, {}) if book is None else book_scores(game, book, state)
    missing = [c for c in game.legal_moves(state) if c not in scores]
    if missing:
        solver = solver_for(game, data)
        if own is None and game.board.cells > SMALL_BOARD and state.count < QUICK_STONES \
                and int(solver.book[0]) <= state.count:
            raise GameNotSupportedError(
                f"no exact analysis of this {game.board.width}x{game.board.height} position: "
                f"off the engine's book, a position of fewer than {QUICK_STONES} stones takes "
                f"minutes to solve (an opening book covers it: zermelo connect4 book)")
        for column in missing:
            try:
                scores[column] = -solver.solve(game.apply(state, column))
            except BudgetExhausted:
                if own is None:  # the position's own score needs every column's
                    raise
    best = own if own is not None else max(scores.values())
    moves = [(c, Value.score(mover, s, plies_to_end(game, state, s)))
             for c, s in sorted(scores.items())]
    return Analysis.of(Value.score(mover, best, plies_to_end(game, state, best)), moves, mover)


def solve(game: ConnectFour, state: Position) -> SearchResult[int]:
    """``zermelo solve connect4 --algorithm strong``: the exact score of ``state`` and a best
    column, by the strong solver (with the book in the default data directory, if any)."""
    solver = solver_for(game, None)
    mover = game.info.players[game.to_move(state)]
    stats = SearchStats()
    clock = Clock(stats)
    solver.reset()
    if game.is_terminal(state):
        score, best = terminal_score(game, state), None
    else:
        best, score = solver.best_move(state)
    clock.stop()
    stats.nodes = solver.nodes
    outcome = Value.score(mover, score, plies_to_end(game, state, score))
    return SearchResult(float(score), best, () if best is None else (best,), stats, True,
                        "strong", outcome=outcome)
