"""Building the opening book: every position of up to ``depth`` stones solved, layer by layer."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from zermelo.core.errors import InvalidPositionError, OptionError
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.solvers.connect4.book import OpeningBook, game_key
from zermelo.solvers.connect4.solver import Solver


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
                    seen.setdefault(game_key(game.board, child), child)
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
        raise OptionError(f"jobs {jobs}: must be at least 1")

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
            entries[game_key(game.board, state)] = score
    return _book(game.board, depth, entries)


def _book(board: Board, depth: int, entries: dict[int, int]) -> OpeningBook:
    keys = np.array(sorted(entries), np.int64)
    scores = np.array([entries[int(k)] for k in keys], np.int8)
    return OpeningBook(board, depth, keys, scores)
