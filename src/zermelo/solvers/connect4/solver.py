"""The strong solver of Connect Four: the exact score of any position, and of each move.

**Score convention** (the standard one, from the side to move's view): 0 is a draw; a win with
the winner's ``j``-th stone scores ``1 + (stones the winner still holds)``, where the first
player holds ``ceil(cells / 2)`` stones and the second ``floor(cells / 2)``; a loss is the
negative of the opponent's win. Equivalently, a win by the stone played when ``n`` stones are on
the board scores ``(cells + 1 - n) // 2``. On 7 x 6 (42 cells) a win with the ``j``-th stone
scores ``22 - j`` for either player, from ``+18`` (a win with the 4th stone) down to ``+1``.

The search is negamax with alpha-beta (:mod:`.search`), a transposition table of bounds
(:mod:`.table`), moves ordered by the threats they create (:mod:`.sorter`), moves that hand the
opponent an immediate win never searched, and an opening book (:mod:`.book`) when given one.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping

import numba
import numpy as np

from zermelo.core.errors import DataError, IllegalMoveError
from zermelo.games.connect4.kernels import geometry, playable, winning_cells
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.search.base import STOP, BudgetExhausted, cancellation, remaining_budget, watched
from zermelo.solvers.connect4.book import OpeningBook
from zermelo.solvers.connect4.search import (
    ETC_EMPTY,
    FRAME,
    MIRROR_EMPTY,
    Book,
    negamax,
    next_probe,
)
from zermelo.solvers.connect4.sorter import centre_first
from zermelo.solvers.connect4.table import DEFAULT_SIZE, clear, new_table, smallest_size

NO_BOOK: Book = (-1, np.zeros(0, np.int64), np.zeros(0, np.int8))
SMALL_TABLE = 2 * 524_287
"""Slots: 524,287 buckets (a prime near 2**19; about 8 MB), enough for boards of up to 24
cells."""


def win_score(cells: int, stones_before: int) -> int:
    """The winner's score when the winning stone is dropped on ``stones_before`` stones."""
    return (cells + 1 - stones_before) // 2


def terminal_score(game: ConnectFour, state: Position) -> int:
    """The score of a finished game for the side to move: 0 for a draw, else a loss."""
    return -win_score(game.board.cells, state.count - 1) if state.won else 0


class Solver:
    """Solves positions of one Connect Four variant, keeping its table between calls.

    ``nodes`` counts the positions searched since the last :meth:`reset`. Threads may share a
    solver: one search runs at a time (the search releases the GIL while it runs). A solve
    started inside a :func:`zermelo.search.base.budget` block stops at its nodes or seconds
    with :class:`BudgetExhausted`; what the table learnt before is kept.
    """

    def __init__(self, game: ConnectFour, table_size: int | None = None,
                 book: OpeningBook | None = None, etc_below: int | None = None,
                 mirror_below: int | None = None) -> None:
        self.game = game
        board = game.board
        if book is not None and book.board != board:
            raise DataError(f"the book is for another board than {game!r}")
        key_bits = board.width * board.stride
        if table_size is None:  # the default, or larger for boards of the longest keys
            table_size = max(DEFAULT_SIZE if board.cells > 24 else SMALL_TABLE,
                             smallest_size(key_bits))
        self.geo = geometry(board)
        self.table = new_table(table_size, key_bits)
        self.book = NO_BOOK if book is None else book.kernel
        self.columns = centre_first(board.width)
        self.moves = np.zeros((board.cells + 1, 3 * board.width), np.int64)
        self.frames = np.zeros((board.cells + 1, FRAME), np.int64)
        self.counter = np.zeros(3, np.int64)  # nodes, node limit (0: none), stop flag
        # enhanced transposition cut-offs are tried in positions with fewer stones than this
        self.etc_below = board.cells - ETC_EMPTY if etc_below is None else etc_below
        # and positions with fewer stones than this share their entry with their mirror image
        self.mirror_below = board.cells - MIRROR_EMPTY if mirror_below is None else mirror_below
        self._lock = threading.Lock()

    def nbytes(self) -> int:
        """The memory its table and book take."""
        book = 0 if self.book is None else sum(int(a.nbytes) for a in self.book[1:])
        return int(self.table.nbytes) + book

    @property
    def nodes(self) -> int:
        """Positions searched since the last reset."""
        return int(self.counter[0])

    def reset(self) -> None:
        """Forget the transposition table and the node count."""
        with self._lock:
            clear(self.table)
            self.counter[0] = 0

    def solve(self, state: Position, weak: bool = False,
              on_window: Callable[[int, int], None] | None = None) -> int:
        """The score of ``state`` for the side to move (``weak``: only its sign, -1, 0 or 1).

        Null-window searches narrow ``[low, high]`` around the score until they meet;
        ``on_window(low, high)`` is called before each, to show progress."""
        return self._solve(state, weak, on_window, self._node_limit())

    def _node_limit(self) -> int:
        """The node count (since the last reset) at which the current budget's nodes run out,
        for every search from now on together; 0 when the budget has no node bound."""
        most = remaining_budget()[0]
        return 0 if most is None else self.nodes + max(most, 1)

    def _solve(self, state: Position, weak: bool, on_window: Callable[[int, int], None] | None,
               limit: int) -> int:
        known = self._known(state)
        if known is not None:
            return (known > 0) - (known < 0) if weak else known
        cells, n = self.game.board.cells, state.count
        low, high = (-1, 1) if weak else (-((cells - n) // 2), win_score(cells, n))
        while low < high:
            if on_window is not None:
                on_window(low, high)
            probe = next_probe(low, high)
            result = self._search(state, probe, limit)
            if result <= probe:
                high = result
            else:
                low = result
        return (low > 0) - (low < 0) if weak else low

    def _search(self, state: Position, probe: int, limit: int) -> int:
        """One null-window search around ``probe``, within the current budget's seconds and
        cancellation and up to ``limit`` nodes counted since the last reset (0: no limit)."""
        with self._lock:
            counter = self.counter
            args = (state.current, state.mask, state.count, probe, probe + 1, self.geo,
                    self.table, self.book, self.columns, self.moves, self.frames,
                    self.etc_below, self.mirror_below, counter)
            # compiled (or loaded from numba's cache) before the clock starts: the first search
            # of a process would otherwise spend its seconds compiling and stop after 1 node
            negamax.compile(tuple(numba.typeof(a) for a in args))  # type: ignore[no-untyped-call]
            counter[1] = limit
            counter[STOP] = 0
            with watched(counter, remaining_budget()[1], cancellation()):
                result = negamax(*args)  # stops when the watcher sets the flag
            stopped = counter[STOP] != 0
            counter[1:] = 0
        if stopped:
            raise BudgetExhausted(f"the solver used up its budget (time or nodes) after "
                                  f"{self.nodes:,} nodes")
        return int(result)

    def analyze(self, state: Position, weak: bool = False,
                progress: Callable[[int], None] | None = None,
                known: Mapping[int, int] | None = None) -> list[int | None]:
        """The score of each column's move for the side to move; None for a column that is
        full; empty when the game is over. ``progress(1)`` is called after each column;
        ``known`` columns' scores (from a book) are taken, not solved."""
        if self.game.is_terminal(state):
            return []
        scores: list[int | None] = []
        for col in range(self.game.board.width):
            if known is not None and col in known:
                scores.append((known[col] > 0) - (known[col] < 0) if weak else known[col])
            elif self.game.can_play(state, col):
                scores.append(-self.solve(self.game.apply(state, col), weak))
            else:
                scores.append(None)
            if progress is not None:
                progress(1)
        return scores

    def at_most(self, state: Position, bound: int) -> bool:
        """Whether the score of ``state`` for the side to move is at most ``bound``: one
        null-window search, far cheaper than the exact score."""
        return self._at_most(state, bound, self._node_limit())

    def _at_most(self, state: Position, bound: int, limit: int) -> bool:
        known = self._known(state)
        if known is not None:
            return known <= bound
        return self._search(state, bound, limit) <= bound

    def _known(self, state: Position) -> int | None:
        """The score of ``state`` when it needs no search (the game is over, or the side to
        move wins with its next stone), else None: the compiled search assumes neither."""
        game = self.game
        if game.is_terminal(state):
            return terminal_score(game, state)
        if winning_cells(state.current, state.mask, self.geo) & playable(state.mask, self.geo):
            return win_score(game.board.cells, state.count)
        return None

    def best_move(self, state: Position, rng: random.Random | None = None) -> tuple[int, int]:
        """A column of the best score and that score. The position is solved, then its moves
        are tried until one keeps the score (one null-window search each): from the centre
        out, the most central of equals; or in an order shuffled by ``rng``, which makes each
        best move equally likely. A node budget bounds all of its searches together."""
        game = self.game
        if game.is_terminal(state):
            raise IllegalMoveError(f"{state.moves or 'the empty board'}: the game is over")
        limit = self._node_limit()
        score = self._solve(state, False, None, limit)
        columns = [int(c) for c in self.columns if game.can_play(state, int(c))]
        if rng is not None:
            rng.shuffle(columns)
        for column in columns[:-1]:
            if self._at_most(game.apply(state, column), -score, limit):
                return column, score
        return columns[-1], score  # the others do not keep the score, so this one does
