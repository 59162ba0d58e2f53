"""Heuristic play: two static evaluations of Connect Four positions, and players using them.

* ``two-three-count`` (the evaluation of Paweł Ciężyński, "An analysis of min-max algorithm
  implementations in logic games", B.Eng. thesis, Lodz University of Technology, 2017): every
  run of exactly two stones in a line is worth 10, of three 100, the opponent's count against;
  a line of ``k`` wins.
* ``threats`` (ours): cells where a stone would complete a line (threats) are worth 50, or 80
  on a row of the owner's parity (odd rows for the first player, even rows for the second, the
  rows where a threat tends to be decisive at the end), windows of ``k`` cells holding
  ``k - 2`` own stones and no opponent stone 5, and stones in the centre column 3.

Evaluations score a position from the side to move's view; :func:`evaluator` turns one into
the form the generic searches of :mod:`zermelo.search` take, and :func:`heuristic_player`
makes a depth-limited alpha-beta player of it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from zermelo.core.errors import GameNotSupportedError, OptionError, UnknownNameError
from zermelo.core.game import Game
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.kernels import Geometry, geometry, winning_cells
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.search.base import Evaluator
from zermelo.search.players import SearchPlayer

SCALE = 1000
"""Evaluations are squashed by ``v / (|v| + SCALE)`` for the generic searches."""

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


def two_three_count(board: Board, state: Position) -> int:
    """Ciężyński (2017): +10 per run of two, +100 per run of three; the opponent's count against."""

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


EVALUATIONS: dict[str, Evaluation] = {"two-three-count": two_three_count,
                                       "threats": threat_evaluation}


def get_evaluation(name: str) -> Evaluation:
    """The evaluation called ``name``; :class:`UnknownNameError` otherwise."""
    try:
        return EVALUATIONS[name]
    except KeyError:
        raise UnknownNameError(
            f"no evaluation {name!r} (known: {', '.join(EVALUATIONS)})") from None


def evaluator(name: str) -> Evaluator[Position, int]:
    """The evaluation called ``name`` in the generic searches' form: ``evaluate(game, state)``,
    squashed by ``v / (|v| + 1000)`` into ``(-1, 1)``, inside the game's returns."""
    evaluation = get_evaluation(name)

    def evaluate(game: Game[Position, int], state: Position) -> float:
        if not isinstance(game, ConnectFour):
            raise GameNotSupportedError(f"the Connect Four evaluation cannot score "
                                        f"{game.info.title}")
        value = evaluation(game.board, state)
        return value / (abs(value) + SCALE)

    return evaluate


def heuristic_player(evaluation: str = "threats", depth: int = 4
                     ) -> SearchPlayer[Position, int]:
    """A player that searches ``depth`` plies with alpha-beta (with a transposition table,
    iterative deepening and move ordering) and scores the leaves with ``evaluation``."""
    if depth < 1:
        raise OptionError(f"depth {depth}: must be at least 1")
    return SearchPlayer("alphabeta-tt", depth=depth, evaluate=evaluator(evaluation))
