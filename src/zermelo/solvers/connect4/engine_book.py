"""The engine's book: the move of the ``perfect`` engine in every early position it can meet.

An engine that plays a whole game from the empty board, as either side, meets at its turn only
the positions its own earlier moves allow: with one move chosen at each of its turns and every
reply of the opponent, ``7**k`` positions after ``k`` replies instead of every position of that
many stones. The book holds, for each of them up to ``depth`` stones, the most central move
of the best score and that score, found once by the solver (:func:`build`, level by level,
resumable) so that the engine answers them at once; deeper positions are solved in play, where
the solver is fast. Stored once per mirror pair under the canonical key, the move in the
orientation of that key.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from zermelo.core.errors import DataError, OptionError
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.solvers.connect4.book import game_key, read_book, write_book
from zermelo.solvers.connect4.solver import Solver
from zermelo.tablebase.store import default_root, read_regular


@dataclass(frozen=True)
class EngineBook:
    """The engine's move and the exact score of each position of up to ``depth`` stones that the
    engine can meet at its turn."""

    board: Board
    depth: int
    keys: np.ndarray
    moves: np.ndarray
    scores: np.ndarray

    def __len__(self) -> int:
        return int(self.keys.size)

    def entry(self, state: Position) -> tuple[int, int] | None:
        """The book's ``(column, score)`` for ``state``, or None if it is not in the book."""
        key = game_key(self.board, state)
        i = int(np.searchsorted(self.keys, key))
        if i == self.keys.size or self.keys[i] != key:
            return None
        return turned(self.board, state, int(self.moves[i])), int(self.scores[i])

    def save(self, path: Path) -> None:
        """Write the book to ``path`` (``.npz``), replacing it in one step."""
        write_book(path, self.board, self.depth, keys=self.keys, moves=self.moves,
                   scores=self.scores)

    @classmethod
    def load(cls, path: Path, board: Board) -> EngineBook:
        """Read a book written by :meth:`save`, checked (its checksum, board and arrays);
        :class:`DataError` naming the file otherwise."""
        depth, arrays = read_book(path, board, ("keys", "moves", "scores"))
        moves, scores = arrays["moves"].astype(np.int8), arrays["scores"].astype(np.int8)
        if np.any((moves < 0) | (moves >= board.width)) or np.any(
                np.abs(scores) > (board.cells + 1) // 2):
            raise DataError(f"{path}: malformed book arrays")
        return cls(board, depth, arrays["keys"], moves, scores)


SAVE_EVERY = 60.0
"""Seconds between saves of a level being built, so that an interrupted build loses little."""


def default_path(board: Board, root: Path | None = None) -> Path:
    """Where ``zermelo connect4 engine-book`` writes the book of ``board`` by default."""
    return (root or default_root()) / f"connect4-{board.width}x{board.height}-k{board.k}.engine.npz"


SHIPPED = {"engine-7x6-k4.npz":
           "a79a25b4779325e0883ddf3d15aedc8f8038e5bd96cc72052517d2e52cd89525"}
"""The SHA-256 of each book the package ships. A book's own checksum can be recomputed by
whoever edits it; this one is held in the code, so a shipped book that does not have it is
refused (rebuilding the shipped book means writing its new SHA-256 here)."""
MAX_BOOK = 64 << 20
"""The largest shipped book read."""


def shipped_path(board: Board) -> Path:
    """Where the package keeps the book it ships for ``board`` (7x6 only)."""
    folder = resources.files("zermelo.solvers.connect4") / "data"
    return Path(str(folder)) / f"engine-{board.width}x{board.height}-k{board.k}.npz"


def check_shipped(path: Path) -> None:
    """Refuse (:class:`DataError`) a shipped book whose SHA-256 is not the one in
    :data:`SHIPPED` (or that is not a regular file)."""
    digest = hashlib.sha256(read_regular(path, MAX_BOOK)).hexdigest()
    if SHIPPED.get(path.name) != digest:
        raise DataError(f"{path}: not the book this package shipped (its SHA-256 differs)")


def turned(board: Board, state: Position, column: int) -> int:
    """``column`` between the orientation of ``state`` and that of its key (the same both ways):
    mirrored when the key is the mirror image's."""
    if game_key(board, state) != state.current + state.mask:
        return board.width - 1 - column
    return column


def first_levels(game: ConnectFour) -> list[list[Position]]:
    """The positions where the engine moves first as either side: the empty board, and each
    first move (one per mirror pair)."""
    root = game.initial_state()
    replies = {game_key(game.board, s): s for s in (game.apply(root, c)
                                                     for c in game.legal_moves(root))}
    return [[root], list(replies.values())]


def engine_turns(game: ConnectFour, positions: list[Position], moves: dict[int, int]
                 ) -> list[Position]:
    """The positions two plies on: each of ``positions`` after the engine's move (``moves``
    by key) and every reply that does not end the game, one per mirror pair."""
    found: dict[int, Position] = {}
    for state in positions:
        after = game.apply(state, turned(game.board, state, moves[game_key(game.board, state)]))
        if game.is_terminal(after):
            continue
        for reply in game.legal_moves(after):
            child = game.apply(after, reply)
            if not game.is_terminal(child):
                found.setdefault(game_key(game.board, child), child)
    return list(found.values())


def build(game: ConnectFour, depth: int, jobs: int = 1, table_size: int | None = None,
          resume: EngineBook | None = None, save: Callable[[EngineBook], None] | None = None,
          progress: Callable[[int, int, int], None] | None = None) -> EngineBook:
    """The engine's book up to ``depth`` stones, level by level from the empty board (a level's
    positions follow from the moves chosen one level up), each level shared among ``jobs``
    solvers in threads. Entries of ``resume`` are kept, not solved again; ``save`` gets the
    book after each level (and every minute within one); ``progress(stones, done, total)``
    follows the positions of a level."""
    if not 0 <= depth <= game.board.cells:
        raise OptionError(f"depth {depth}: must be between 0 and {game.board.cells}")
    if jobs < 1:
        raise OptionError(f"jobs {jobs}: must be at least 1")
    entries: dict[int, tuple[int, int]] = {}
    if resume is not None:
        entries.update(zip((int(k) for k in resume.keys),
                           zip((int(m) for m in resume.moves),
                               (int(s) for s in resume.scores), strict=True), strict=True))
    local = threading.local()

    def solve(state: Position) -> tuple[int, int]:
        if not hasattr(local, "solver"):
            local.solver = Solver(game, table_size)
        solver: Solver = local.solver
        return solver.best_move(state)

    levels = first_levels(game)
    for stones in range(depth + 1):
        if stones >= 2:
            moves = {key: entry[0] for key, entry in entries.items()}
            levels.append(engine_turns(game, levels[stones - 2], moves))
        todo = [s for s in levels[stones] if game_key(game.board, s) not in entries]
        saved = time.monotonic()
        pool = ThreadPoolExecutor(jobs)
        try:
            for done, (state, (column, score)) in enumerate(
                    zip(todo, pool.map(solve, todo), strict=True), 1):
                entries[game_key(game.board, state)] = (turned(game.board, state, column), score)
                if progress is not None:
                    progress(stones, done, len(todo))
                if save is not None and time.monotonic() - saved > SAVE_EVERY:
                    save(_book(game.board, max(stones - 1, 0), entries))  # a level in part
                    saved = time.monotonic()
        finally:  # on an interrupt, drop the positions not started yet
            pool.shutdown(wait=False, cancel_futures=True)
        if save is not None:
            save(_book(game.board, stones, entries))
    return _book(game.board, depth, entries)


def _book(board: Board, depth: int, entries: dict[int, tuple[int, int]]) -> EngineBook:
    keys = np.array(sorted(entries), np.int64)
    moves = np.array([entries[int(k)][0] for k in keys], np.int8)
    scores = np.array([entries[int(k)][1] for k in keys], np.int8)
    return EngineBook(board, depth, keys, moves, scores)
