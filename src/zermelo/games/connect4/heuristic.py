"""Heuristic play: two static evaluations and a depth-limited alpha-beta player around them.

* ``seed`` (seed 002's evaluation): every run of exactly two stones in a line is worth 10, of
  three 100, the opponent's count against; a line of ``k`` wins.
* ``threats`` (ours): cells where a stone would complete a line (threats) are worth 50, or 80
  on a row of the owner's parity (odd rows for the first player, even rows for the second, the
  rows where a threat tends to be decisive at the end), windows of ``k`` cells holding
  ``k - 2`` own stones and no opponent stone 5, and stones in the centre column 3.

Evaluations score a position from the side to move's view; terminal positions are scored by
the search (``WIN`` minus the distance, so faster wins are preferred).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any

from zermelo.core.errors import GameNotSupportedError, IllegalMoveError, UnknownNameError
from zermelo.core.game import Game
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.kernels import Geometry, geometry, winning_cells
from zermelo.games.connect4.rules import ConnectFour, Position

WIN = 10_000_000
"""The value of a won game at the root (less one per ply to reach it)."""

Evaluation = Callable[[Board, Position], int]


def runs(board: Board, stones: int) -> list[int]:
    """How many maximal runs of each length (index = length) ``stones`` make, in 4 directions."""
    counts = [0] * (max(board.width, board.height) + 1)
    for d in board.directions:
        starts = stones & ~(stones << d)  # stones with no own stone just behind them
        while starts:
            low = starts & -starts
            starts ^= low
            length, cell = 0, low
            while stones & cell:
                length += 1
                cell <<= d
            counts[length] += 1
    return counts


def seed_evaluation(board: Board, state: Position) -> int:
    """Seed 002: +10 per run of two, +100 per run of three; the opponent's count against."""

    def value(stones: int) -> int:
        count = runs(board, stones)
        return 10 * count[2] + (100 * count[3] if len(count) > 3 else 0)

    return value(state.current) - value(state.current ^ state.mask)


@cache
def _features(board: Board) -> tuple[Geometry, list[int], tuple[int, int], int]:
    """The board's kernel geometry, every line of ``k`` cells, the cells of even and odd row
    index, and the centre column, as bitboards."""
    windows = []
    for d in board.directions:
        for col in range(board.width):
            for row in range(board.height):
                cells = [board.bit(col, row) + i * d for i in range(board.k)]
                window = sum(1 << c for c in cells)
                if cells[-1] < 63 and window & board.full == window:
                    windows.append(window)
    rows = tuple(sum(1 << board.bit(c, r) for c in range(board.width)
                     for r in range(p, board.height, 2)) for p in (0, 1))
    return geometry(board), windows, (rows[0], rows[1]), board.column_mask(board.width // 2)


def threat_evaluation(board: Board, state: Position) -> int:
    """Ours: threats (weighted by row parity), nearly full open windows, centre stones."""
    geo, windows, parity_rows, centre = _features(board)
    first_to_move = state.count % 2 == 0

    def value(stones: int, other: int, first: bool) -> int:
        threats = int(winning_cells(stones, state.mask, geo))
        good = threats & parity_rows[0 if first else 1]
        near = sum(1 for w in windows
                   if not w & other and (w & stones).bit_count() == board.k - 2)
        return (50 * threats.bit_count() + 30 * good.bit_count() + 5 * near
                + 3 * (stones & centre).bit_count())

    me, them = state.current, state.current ^ state.mask
    return value(me, them, first_to_move) - value(them, me, not first_to_move)


EVALUATIONS: dict[str, Evaluation] = {"seed": seed_evaluation, "threats": threat_evaluation}


def get_evaluation(name: str) -> Evaluation:
    """The evaluation called ``name``; :class:`UnknownNameError` otherwise."""
    try:
        return EVALUATIONS[name]
    except KeyError:
        raise UnknownNameError(
            f"no evaluation {name!r} (known: {', '.join(EVALUATIONS)})") from None


def alphabeta(game: ConnectFour, state: Position, depth: int, alpha: int, beta: int,
              evaluation: Evaluation) -> int:
    """Negamax alpha-beta to ``depth`` plies, leaves scored by ``evaluation`` (fail-soft)."""
    if state.won:
        return -(WIN - state.count)
    moves = game.legal_moves(state)
    if not moves:
        return 0
    if depth == 0:
        return evaluation(game.board, state)
    best = -2 * WIN
    for move in centre_first(game, moves):
        score = -alphabeta(game, game.apply(state, move), depth - 1, -beta, -alpha, evaluation)
        if score > best:
            best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    return best


def centre_first(game: ConnectFour, moves: list[int]) -> list[int]:
    """``moves`` ordered from the centre column outwards."""
    w = game.board.width
    return sorted(moves, key=lambda c: (abs(2 * c - (w - 1)), c))


class HeuristicPlayer:
    """Plays the move with the best depth-limited alpha-beta value (the most central of equals).

    A player in the generic sense: ``player(game, state) -> move``.
    """

    def __init__(self, evaluation: str = "threats", depth: int = 4) -> None:
        if depth < 1:
            raise ValueError(f"depth {depth}: must be at least 1")
        self.evaluation = get_evaluation(evaluation)
        self.depth = depth

    def scores(self, game: ConnectFour, state: Position) -> dict[int, int]:
        """Each legal move's value to the side to move."""
        return {m: -alphabeta(game, game.apply(state, m), self.depth - 1, -2 * WIN, 2 * WIN,
                              self.evaluation)
                for m in game.legal_moves(state)}

    def choose(self, game: ConnectFour, state: Position) -> int:
        """The best move; :class:`IllegalMoveError` if the game is over."""
        scores = self.scores(game, state)
        if not scores:
            raise IllegalMoveError(f"{state.moves or 'the empty board'}: the game is over")
        return max(centre_first(game, list(scores)), key=lambda m: scores[m])

    def __call__(self, game: Game[Any, Any], state: Any) -> Hashable:
        if not isinstance(game, ConnectFour):
            raise GameNotSupportedError(f"the Connect Four engine cannot play {game.info.title}")
        return self.choose(game, state)
