"""The opening book: the exact score of every position of up to ``depth`` stones, built by the
solver itself, so that the search stops as soon as it reaches a book position.

Positions are stored once per mirror pair under ``min(key, mirror key)`` (``key = current +
mask``), in a sorted array beside their scores. A book file is a NumPy ``.npz`` archive that
also records the board, so a book is never used on another variant.
"""

from __future__ import annotations

import io
import threading
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from zermelo.core.errors import InvalidPositionError
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.games.connect4.search import Book
from zermelo.solve.store import default_root, write_atomically


@dataclass(frozen=True)
class OpeningBook:
    """Scores of every non-final position of up to ``depth`` stones on ``board``."""

    board: Board
    depth: int
    keys: np.ndarray
    scores: np.ndarray

    @property
    def kernel(self) -> Book:
        """The form the compiled search takes."""
        return (self.depth, self.keys, self.scores)

    def __len__(self) -> int:
        return int(self.keys.size)

    def score(self, state: Position) -> int | None:
        """The book's score of ``state``, or None if the book does not hold it."""
        key = canonical_key(self.board, state)
        i = int(np.searchsorted(self.keys, key))
        if i < self.keys.size and self.keys[i] == key:
            return int(self.scores[i])
        return None

    def save(self, path: Path) -> None:
        """Write the book to ``path`` (``.npz``), replacing it in one step."""
        b = self.board
        archive = io.BytesIO()
        np.savez_compressed(archive, board=np.array([b.width, b.height, b.k, self.depth]),
                            keys=self.keys, scores=self.scores)
        write_atomically(path, archive.getvalue())

    @staticmethod
    def locate(board: Board, root: Path | None = None) -> Path | None:
        """Where the book of ``board`` is: at its default place under ``root``, else under the
        data directory; None when there is none."""
        for path in (default_path(board, root), default_path(board)):
            if path.exists():
                return path
        return None

    @classmethod
    def find(cls, board: Board, root: Path | None = None) -> OpeningBook | None:
        """The book of ``board`` that :meth:`locate` finds, read; None when there is none."""
        path = cls.locate(board, root)
        return None if path is None else cls.load(path, board)

    @classmethod
    def load(cls, path: Path, board: Board) -> OpeningBook:
        """Read a book written by :meth:`save`; ValueError if it is for another board."""
        try:
            with np.load(path) as data:
                width, height, k, depth = (int(x) for x in data["board"])
                keys, scores = data["keys"].astype(np.int64), data["scores"].astype(np.int8)
        except (KeyError, ValueError, EOFError, OSError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path}: not a Connect Four book ({error})") from None
        if Board(width, height, k) != board:
            raise ValueError(f"{path}: a book for {width}x{height} k={k}, not "
                             f"{board.width}x{board.height} k={board.k}")
        return cls(board, depth, keys, scores)


def default_path(board: Board, root: Path | None = None) -> Path:
    """Where ``zermelo connect4 book`` writes the book of ``board`` unless told otherwise."""
    return (root or default_root()) / f"connect4-{board.width}x{board.height}-k{board.k}.book.npz"


def canonical_key(board: Board, state: Position) -> int:
    """``current + mask`` of the smaller of the position and its mirror image."""
    return min(state.current + state.mask, board.mirror(state.current) + board.mirror(state.mask))


def positions_up_to(game: ConnectFour, depth: int) -> list[list[Position]]:
    """For each stone count up to ``depth``, one position per mirror pair of the non-final
    positions reachable with that many stones."""
    if depth < 0:
        raise InvalidPositionError(f"book depth {depth}: must be at least 0")
    layers = [[game.initial_state()]]
    for _ in range(depth):
        seen: dict[int, Position] = {}
        for state in layers[-1]:
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                if not game.is_terminal(child):
                    seen.setdefault(canonical_key(game.board, child), child)
        layers.append(list(seen.values()))
    return layers


def build_book(game: ConnectFour, depth: int, jobs: int = 1, table_size: int | None = None,
               progress: Callable[[int], None] | None = None) -> OpeningBook:
    """Solve every position of up to ``depth`` stones, layer by layer from the deepest.

    Only the deepest layer needs a real search: each shallower layer is solved with the layers
    below it as a book, so its searches stop one move down. A layer's positions are shared
    among ``jobs`` solvers in threads (the search runs without the GIL), each with a table of
    ``table_size`` slots. ``progress(1)`` is called after each position."""
    if jobs < 1:
        raise ValueError(f"jobs {jobs}: must be at least 1")
    from zermelo.games.connect4.solver import Solver

    entries: dict[int, int] = {}
    for layer in reversed(positions_up_to(game, depth)):
        below = _book(game.board, depth, entries) if entries else None
        local = threading.local()

        def solve(state: Position, below: OpeningBook | None = below,
                  local: threading.local = local) -> int:
            if not hasattr(local, "solver"):
                local.solver = Solver(game, table_size, below)
            score: int = local.solver.solve(state)
            if progress is not None:
                progress(1)
            return score

        pool = ThreadPoolExecutor(jobs)
        try:
            scores = list(pool.map(solve, layer))
        finally:  # on an interrupt, drop the positions not started yet
            pool.shutdown(wait=False, cancel_futures=True)
        for state, score in zip(layer, scores, strict=True):
            entries[canonical_key(game.board, state)] = score
    return _book(game.board, depth, entries)


def _book(board: Board, depth: int, entries: dict[int, int]) -> OpeningBook:
    keys = np.array(sorted(entries), np.int64)
    scores = np.array([entries[int(k)] for k in keys], np.int8)
    return OpeningBook(board, depth, keys, scores)
