"""The opening book: the exact score of every position of up to ``depth`` stones, built by the
solver itself, so that the search stops as soon as it reaches a book position.

Positions are stored once per mirror pair under ``min(key, mirror key)`` (``key = current +
mask``), in a sorted array beside their scores. A book file is a NumPy ``.npz`` archive that
also records the board, so a book is never used on another variant.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from zermelo.core.errors import DataError
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.kernels import canonical_key
from zermelo.games.connect4.rules import Position
from zermelo.solve.store import default_root, write_atomically
from zermelo.solvers.connect4.search import Book


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
        key = game_key(self.board, state)
        i = int(np.searchsorted(self.keys, key))
        if i < self.keys.size and self.keys[i] == key:
            return int(self.scores[i])
        return None

    def save(self, path: Path) -> None:
        """Write the book to ``path`` (``.npz``), replacing it in one step."""
        b = self.board
        archive = io.BytesIO()
        np.savez_compressed(archive, board=np.array([b.width, b.height, b.k, self.depth]),
                            keys=self.keys, scores=self.scores,
                            checksum=np.array([checksum(self.keys, self.scores)], np.int64))
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
        """Read a book written by :meth:`save`, checked: its checksum, its arrays (as many
        scores as keys, keys sorted and unique, scores within the board's range) and its board;
        :class:`DataError` naming the file otherwise."""
        try:
            with np.load(path, allow_pickle=False) as data:
                width, height, k, depth = (int(x) for x in data["board"])
                keys, scores = data["keys"].astype(np.int64), data["scores"].astype(np.int8)
                stored = int(data["checksum"][0])
        except (KeyError, ValueError, TypeError, IndexError, EOFError, OSError,
                zipfile.BadZipFile, zlib.error) as error:
            raise DataError(f"{path}: not a Connect Four book ({type(error).__name__})"
                            ) from None
        if (width, height, k) != (board.width, board.height, board.k):
            raise DataError(f"{path}: a book for {width}x{height} k={k}, not "
                            f"{board.width}x{board.height} k={board.k}")
        if checksum(keys, scores) != stored:
            raise DataError(f"{path}: checksum mismatch, the book is corrupt")
        most = (board.cells + 1) // 2
        if (keys.ndim != 1 or keys.shape != scores.shape or not 0 <= depth <= board.cells
                or np.any(np.diff(keys) <= 0) or np.any(np.abs(scores) > most)):
            raise DataError(f"{path}: malformed book arrays")
        return cls(board, depth, keys, scores)


def default_path(board: Board, root: Path | None = None) -> Path:
    """Where ``zermelo connect4 book`` writes the book of ``board`` unless told otherwise."""
    return (root or default_root()) / f"connect4-{board.width}x{board.height}-k{board.k}.book.npz"


def game_key(board: Board, state: Position) -> int:
    """The canonical key of ``state`` on ``board`` (one per mirror pair), as the book stores it."""
    return int(canonical_key(state.current, state.mask, board.width, board.stride))


def checksum(keys: np.ndarray, scores: np.ndarray) -> int:
    """The CRC-32 of a book's keys and scores, as the file records it."""
    return zlib.crc32(scores.astype(np.int8).tobytes(), zlib.crc32(keys.astype(np.int64).tobytes()))
