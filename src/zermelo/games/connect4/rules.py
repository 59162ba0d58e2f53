"""The rules of Connect Four on any board that fits the bitboard, with any ``k`` in a row.

A position is two bitboards (the stones of the side to move, and every occupied cell) and the
moves that led to it, written as column digits ``1``-``9`` (``""`` is the empty board). A move
is a column index (0 = leftmost); a stone drops to the lowest empty cell. The side that makes
``k`` in a row (vertically, horizontally or diagonally) wins; a full board is a draw.

>>> game = ConnectFour()
>>> state = game.parse_position("4453")
>>> game.legal_moves(state), game.to_move(state)
([0, 1, 2, 3, 4, 5, 6], 0)
>>> game.parse_position("44444444")
Traceback (most recent call last):
...
zermelo.core.errors.InvalidPositionError: invalid position: move 7 of '44444444': column 4 is full
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.core.game import Game, GameInfo
from zermelo.games.connect4.board import Board
from zermelo.games.connect4.kernels import canonical_key

PLAYERS = ("X", "O")
"""The first player (X) and the second (O)."""


@dataclass(frozen=True, slots=True)
class Position:
    """The stones of the side to move, every occupied cell, and whether the last move won.

    ``moves`` (the column digits played) is carried for notation only: two move orders that
    reach the same stones are equal positions.
    """

    current: int
    mask: int
    won: bool = False
    moves: str = field(default="", compare=False)

    @property
    def count(self) -> int:
        """How many stones are on the board."""
        return len(self.moves)


class ConnectFour(Game[Position, int]):
    """Connect Four on a ``width`` x ``height`` board, ``k`` in a row to win (7 x 6, 4)."""

    def __init__(self, width: int = 7, height: int = 6, k: int = 4) -> None:
        self.board = Board(width, height, k)
        self.info = GameInfo(
            name="connect4",
            title="Connect Four",
            players=PLAYERS,
            max_game_length=self.board.cells,
        )

    def __repr__(self) -> str:
        b = self.board
        return f"ConnectFour(width={b.width}, height={b.height}, k={b.k})"

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> Position:
        return Position(0, 0)

    def to_move(self, state: Position) -> int:
        return state.count % 2

    def can_play(self, state: Position, col: int) -> bool:
        """Whether column ``col`` has room for a stone (ignoring whether the game is over)."""
        return 0 <= col < self.board.width and not state.mask & self.board.top_cell(col)

    def legal_moves(self, state: Position) -> list[int]:
        if state.won:
            return []
        return [c for c in range(self.board.width) if self.can_play(state, c)]

    def apply(self, state: Position, move: int) -> Position:
        b = self.board
        bit = b.bit(move, b.height_of(state.mask, move))
        mine = state.current | 1 << bit
        return Position(
            state.current ^ state.mask,
            state.mask | 1 << bit,
            b.line_through(mine, bit),
            state.moves + str(move + 1),
        )

    def is_terminal(self, state: Position) -> bool:
        return state.won or state.count == self.board.cells

    def returns(self, state: Position) -> tuple[float, ...]:
        if not state.won:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.to_move(state) == 1 else (-1.0, 1.0)

    def end_reason(self, state: Position) -> str | None:
        """How the game ended, in words, or None if it goes on."""
        if state.won:
            return f"{PLAYERS[1 - self.to_move(state)]} wins with {self.board.k} in a row"
        return "draw: the board is full" if state.count == self.board.cells else None

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> Position:
        moves = text.strip()
        state = self.initial_state()
        for i, ch in enumerate(moves):
            where = f"move {i + 1} of {moves!r}"
            if not ("1" <= ch <= "9"):
                raise InvalidPositionError(f"{where}: {ch!r} is not a column digit 1-9")
            col = int(ch) - 1
            if col >= self.board.width:
                raise InvalidPositionError(
                    f"{where}: column {ch} is off the {self.board.width}-column board"
                )
            if state.won:
                raise InvalidPositionError(f"{where}: the game was already won")
            if not self.can_play(state, col):
                raise InvalidPositionError(f"{where}: column {ch} is full")
            state = self.apply(state, col)
        return state

    def format_position(self, state: Position) -> str:
        return state.moves

    def parse_move(self, state: Position, text: str) -> int:
        t = text.strip()
        if len(t) != 1 or not ("1" <= t <= "9"):
            raise InvalidMoveError(f"{text!r} is not a column digit 1-{self.board.width}")
        col = int(t) - 1
        if col >= self.board.width:
            raise InvalidMoveError(f"column {t} is off the {self.board.width}-column board")
        self._check_legal(state, col)
        return col

    def play(self, state: Position, move: int) -> Position:
        self._check_legal(state, move)
        return self.apply(state, move)

    def _check_legal(self, state: Position, col: int) -> None:
        """Raise :class:`IllegalMoveError` saying why dropping in ``col`` is not legal."""
        if not 0 <= col < self.board.width:
            raise IllegalMoveError(f"column index {col} is off the board")
        reason = self.end_reason(state)
        if reason is not None:
            raise IllegalMoveError(f"{col + 1}: the game is over ({reason})")
        if not self.can_play(state, col):
            raise IllegalMoveError(f"{col + 1}: column {col + 1} is full")

    def format_move(self, state: Position, move: int) -> str:
        return str(move + 1)

    # -- symmetry ------------------------------------------------------------------------

    @property
    def num_symmetries(self) -> int:
        return 2

    def transform(self, state: Position, symmetry: int) -> Position:
        if symmetry == 0:
            return state
        w, mirror = self.board.width, self.board.mirror
        moves = "".join(str(w - int(ch) + 1) for ch in state.moves)
        return Position(mirror(state.current), mirror(state.mask), state.won, moves)

    def transform_move(self, move: int, symmetry: int) -> int:
        return move if symmetry == 0 else self.board.width - 1 - move

    def key(self, state: Position) -> Hashable:
        """``current + mask`` (one number per position) of the smaller of the two mirror images."""
        return int(canonical_key(state.current, state.mask, self.board.width, self.board.stride))
