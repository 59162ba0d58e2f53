"""Connect Four's compiled MCTS: its move functions for :mod:`zermelo.search.mcts_kernel` and
the ``mcts`` engine that plays with them.

A packed state is ``[current, mask, won, plies]`` (the bitboards of
:mod:`zermelo.games.connect4.board`, whether the last move made a line, stones on the board);
the rules are ``[width, height, k, stride, bottom, full, cells]``. A move is a column index,
as in :class:`~zermelo.games.connect4.rules.ConnectFour`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from zermelo.core.kernel_signatures import LEGAL, OUTCOME, PLAY, RETURNS, TO_MOVE, contract
from zermelo.core.kernels import GameKernels
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.kernels import geometry, has_line
from zermelo.games.connect4.rules import ConnectFour, Position
from zermelo.search.base import SearchResult
from zermelo.search.mcts_kernel import NOT_OVER, Kernels, mcts_compiled

CURRENT, MASK, WON, PLIES = range(4)
WIDTH, HEIGHT, K, STRIDE, BOTTOM, FULL, CELLS = range(7)


def pack(state: Position) -> np.ndarray:
    """The kernels' int64 array of ``state``."""
    return np.array([state.current, state.mask, int(state.won), state.count], dtype=np.int64)


def rules_of(board: Board) -> np.ndarray:
    """The kernels' int64 array of ``board``'s constants."""
    return np.array([*geometry(board), board.cells], dtype=np.int64)


@contract(LEGAL)
def legal(state: Any, rules: Any, out: Any) -> Any:
    """The columns with room, left to right, into ``out``; their number (0 once won)."""
    if state[WON]:
        return 0
    free = (state[MASK] + rules[BOTTOM]) & rules[FULL]
    column = (1 << rules[HEIGHT]) - 1
    n = 0
    for c in range(rules[WIDTH]):
        if free & (column << (c * rules[STRIDE])):
            out[n] = c
            n += 1
    return n


@contract(PLAY)
def play(state: Any, rules: Any, move: Any) -> None:
    """Drop a stone of the side to move in column ``move``."""
    current, mask = state[CURRENT], state[MASK]
    column = ((1 << rules[HEIGHT]) - 1) << (move * rules[STRIDE])
    cell = ((mask & column) + (1 << (move * rules[STRIDE]))) & column
    geo = (rules[WIDTH], rules[HEIGHT], rules[K], rules[STRIDE], rules[BOTTOM], rules[FULL])
    state[WON] = has_line(current | cell, geo)
    state[CURRENT] = current ^ mask
    state[MASK] = mask | cell
    state[PLIES] += 1


@contract(TO_MOVE)
def to_move(state: Any, rules: Any) -> Any:
    """0 for the first player (X), 1 for the second."""
    return state[PLIES] & 1


@contract(OUTCOME)
def outcome(state: Any, rules: Any) -> Any:
    """-1 for the side to move once the other made a line, 0 on a full board, else
    :data:`~zermelo.search.mcts_kernel.NOT_OVER`."""
    if state[WON]:
        return -1.0
    if state[PLIES] == rules[CELLS]:
        return 0.0
    return NOT_OVER


@contract(RETURNS)
def returns(state: Any, rules: Any, out: Any) -> Any:
    """Whether the game is over; if so both players' returns into ``out`` (the kernel
    contract's ``returns``)."""
    value = outcome(state, rules)
    if value == NOT_OVER:
        return False
    mover = to_move(state, rules)
    out[mover], out[1 - mover] = value, -value
    return True


def _code(state: Position, move: int) -> int:
    return move


def game_kernels(game: ConnectFour) -> GameKernels[Position, int]:
    """Connect Four's side of the kernel contract (:class:`zermelo.core.kernels.GameKernels`):
    the move functions above, a move being its column."""
    return GameKernels(pack, rules_of(game.board), _code, _code, game.board.width, legal, play,
                       to_move, returns, outcome=outcome, max_code=game.board.width)


def kernels_of(board: Board) -> Kernels:
    """The move functions, with the most moves a position of ``board`` can have."""
    return Kernels(legal, play, to_move, outcome, board.width)


def mcts(game: ConnectFour, state: Position, *, iterations: int = 1000,
         seconds: float | None = None, exploration: float = math.sqrt(2),
         seed: int | None = None, solve: bool = True) -> SearchResult[int]:
    """:func:`zermelo.search.mcts.mcts` on Connect Four, compiled (same options and result)."""
    return mcts_compiled(game, kernels_of(game.board), pack(state), rules_of(game.board),
                         iterations=iterations, seconds=seconds, exploration=exploration,
                         seed=seed, solve=solve)


class CompiledMCTSPlayer:
    """Plays the best move of the compiled MCTS after ``simulations`` simulations, seeded with
    the same ``seed`` at every move (as the generic engine); ``last`` keeps the last result."""

    def __init__(self, simulations: int, seed: int) -> None:
        self.simulations, self.seed = simulations, seed
        self.last: SearchResult[int] | None = None

    def __call__(self, game: ConnectFour, state: Position) -> int:
        self.last = mcts(game, state, iterations=self.simulations, seed=self.seed)
        move = self.last.best_move
        assert move is not None
        return move


def mcts_engine(game: ConnectFour, level: int | None, seed: int | None,
                data: Path | None) -> CompiledMCTSPlayer:
    """The ``mcts`` engine: ``level`` simulations of the compiled search."""
    return CompiledMCTSPlayer(level or 1, 0 if seed is None else seed)
