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
from typing import Any

import numpy as np

from zermelo.core.errors import DataError
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.kernels import canonical_key
from zermelo.games.connect4.rules import Position
from zermelo.solvers.connect4.search import Book
from zermelo.tablebase.store import default_root, write_atomically


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
        write_book(path, self.board, self.depth, keys=self.keys, scores=self.scores)

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
        """Read a book written by :meth:`save`, checked (see :func:`read_book`; scores within
        the board's range); :class:`DataError` naming the file otherwise."""
        depth, arrays = read_book(path, board, ("keys", "scores"))
        keys, scores = arrays["keys"].astype(np.int64), arrays["scores"].astype(np.int8)
        if keys.shape != scores.shape or np.any(np.abs(scores) > (board.cells + 1) // 2):
            raise DataError(f"{path}: malformed book arrays")
        return cls(board, depth, keys, scores)


def write_book(path: Path, board: Board, depth: int, **arrays: np.ndarray) -> None:
    """Write a book's arrays to ``path`` (``.npz``) with its board, depth and a checksum,
    replacing the file in one step."""
    archive = io.BytesIO()
    contents = {"board": np.array([board.width, board.height, board.k, depth]),
                "checksum": np.array([checksum(*arrays.values())], np.int64), **arrays}
    savez: Any = np.savez_compressed  # its stubs take no mapping of named arrays
    savez(archive, **contents)
    write_atomically(path, archive.getvalue())


def read_book(path: Path, board: Board, names: tuple[str, ...]
              ) -> tuple[int, dict[str, np.ndarray]]:
    """The depth and the arrays ``names`` (the first: sorted unique keys) of a book that
    :func:`write_book` wrote for ``board``, checked: the file, its board, its checksum, the
    keys; :class:`DataError` naming the file otherwise."""
    try:
        with np.load(path, allow_pickle=False) as data:
            width, height, k, depth = (int(x) for x in data["board"])
            arrays = {name: data[name] for name in names}
            stored = int(data["checksum"][0])
    except (KeyError, ValueError, TypeError, IndexError, EOFError, OSError,
            zipfile.BadZipFile, zlib.error) as error:
        raise DataError(f"{path}: not a Connect Four book ({type(error).__name__})") from None
    if (width, height, k) != (board.width, board.height, board.k):
        raise DataError(f"{path}: a book for {width}x{height} k={k}, not "
                        f"{board.width}x{board.height} k={board.k}")
    if any(a.dtype.kind not in "iu" for a in arrays.values()):
        raise DataError(f"{path}: malformed book arrays (not integers)")
    if checksum(*arrays.values()) != stored:
        raise DataError(f"{path}: checksum mismatch, the book is corrupt")
    keys = arrays[names[0]]
    if (keys.ndim != 1 or keys.dtype != np.int64 or not 0 <= depth <= board.cells
            or any(a.shape != keys.shape for a in arrays.values()) or np.any(np.diff(keys) <= 0)):
        raise DataError(f"{path}: malformed book arrays")
    return depth, arrays


def default_path(board: Board, root: Path | None = None) -> Path:
    """Where ``zermelo connect4 book`` writes the book of ``board`` unless told otherwise."""
    return (root or default_root()) / f"connect4-{board.width}x{board.height}-k{board.k}.book.npz"


def game_key(board: Board, state: Position) -> int:
    """The canonical key of ``state`` on ``board`` (one per mirror pair), as the book stores it."""
    return int(canonical_key(state.current, state.mask, board.width, board.stride))


def checksum(*arrays: np.ndarray) -> int:
    """The CRC-32 of a book's arrays (keys as int64, the others as int8), as the file records
    it."""
    crc = zlib.crc32(arrays[0].astype(np.int64).tobytes())
    for array in arrays[1:]:
        crc = zlib.crc32(array.astype(np.int8).tobytes(), crc)
    return crc
