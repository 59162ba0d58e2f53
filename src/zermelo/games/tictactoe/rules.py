"""Tic-tac-toe, generalised to the m,n,k-game: ``k`` in a row on a ``width`` x ``height`` board.

X moves first; players alternate placing a stone on an empty square; the first to have ``k`` in
a row (horizontally, vertically or diagonally) wins; a full board without such a line is a draw.

Notation:

* a position is the squares row by row, ``X``, ``O`` or ``.``, rows optionally separated by
  spaces or ``/``: ``X.O.X....`` or ``X.O .X. ...``; the side to move follows from the counts;
* a move is a square name, column letter and row number counted from the top (``a1`` top left,
  ``c3`` bottom right on 3x3), or the square's number 1..width*height row by row.

Positions must be reachable: X has as many stones as O or one more, and a finished game has
exactly one winner whose last stone could have completed every one of their lines.

>>> game = TicTacToe()
>>> state = game.parse_position("X.O.X....")
>>> game.format_position(game.play(state, game.parse_move(state, "c3")))
'X.O.X...O'
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property

from zermelo.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
)
from zermelo.core.game import Game, GameInfo
from zermelo.core.grid import Grid

SIDES = ("X", "O")


@dataclass(frozen=True, slots=True)
class TicTacToeState:
    """The bitboards of X's and O's stones (square ``i = row * width + col``)."""

    x: int
    o: int


class TicTacToe(Game[TicTacToeState, int]):
    """The m,n,k-game; ``TicTacToe()`` is 3x3 with 3 in a row. Moves are square numbers."""

    def __init__(self, width: int = 3, height: int = 3, k: int = 3) -> None:
        self.grid = Grid(width, height)
        if not 1 <= k <= max(width, height):
            raise OptionError(f"k={k}: need 1 <= k <= the longer side ({max(width, height)})")
        self.k = k
        self.size = self.grid.size
        self.full = self.grid.full
        self.lines = self._lines()
        standard = (width, height, k) == (3, 3, 3)
        self.info = GameInfo(
            name="tictactoe",
            title="Tic-tac-toe" if standard else f"{width},{height},{k}-game",
            players=SIDES,
            max_game_length=self.size,
        )

    def __repr__(self) -> str:
        return f"TicTacToe(width={self.grid.width}, height={self.grid.height}, k={self.k})"

    def _lines(self) -> tuple[int, ...]:
        """Every set of ``k`` squares in a row, as bitboards."""
        w, h, k = self.grid.width, self.grid.height, self.k
        lines = set()
        for r in range(h):
            for c in range(w):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                    if 0 <= end_r < h and 0 <= end_c < w:
                        lines.add(sum(1 << ((r + dr * j) * w + c + dc * j) for j in range(k)))
        return tuple(sorted(lines))

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> TicTacToeState:
        return TicTacToeState(0, 0)

    def to_move(self, state: TicTacToeState) -> int:
        return 0 if state.x.bit_count() == state.o.bit_count() else 1

    def has_line(self, board: int) -> bool:
        """Whether the stones of ``board`` include ``k`` in a row."""
        return any(board & line == line for line in self.lines)

    def is_terminal(self, state: TicTacToeState) -> bool:
        return ((state.x | state.o) == self.full or self.has_line(state.x)
                or self.has_line(state.o))

    def legal_moves(self, state: TicTacToeState) -> list[int]:
        if self.is_terminal(state):
            return []
        taken = state.x | state.o
        return [i for i in range(self.size) if not taken >> i & 1]

    def apply(self, state: TicTacToeState, move: int) -> TicTacToeState:
        if state.x.bit_count() == state.o.bit_count():
            return TicTacToeState(state.x | 1 << move, state.o)
        return TicTacToeState(state.x, state.o | 1 << move)

    def returns(self, state: TicTacToeState) -> tuple[float, ...]:
        if self.has_line(state.x):
            return (1.0, -1.0)
        if self.has_line(state.o):
            return (-1.0, 1.0)
        return (0.0, 0.0)

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> TicTacToeState:
        body = "".join(text.replace("/", " ").split()).upper()
        if len(body) != self.size:
            raise InvalidPositionError(
                f"{len(body)} squares, expected {self.size} (X, O or . row by row)"
            )
        x = o = 0
        for i, ch in enumerate(body):
            if ch == "X":
                x |= 1 << i
            elif ch == "O":
                o |= 1 << i
            elif ch not in ".-_":
                raise InvalidPositionError(
                    f"unknown character {ch!r} at {self.grid.name(i)} (use X, O or .)"
                )
        self._check_reachable(x, o)
        return TicTacToeState(x, o)

    def _check_reachable(self, x: int, o: int) -> None:
        nx, no = x.bit_count(), o.bit_count()
        if nx not in (no, no + 1):
            raise InvalidPositionError(
                f"{nx} X and {no} O: X moves first, so X has as many stones as O or one more"
            )
        x_won, o_won = self.has_line(x), self.has_line(o)
        if x_won and o_won:
            raise InvalidPositionError("both X and O have a line")
        if x_won and nx != no + 1:
            raise InvalidPositionError("X has a line but O moved after it")
        if o_won and nx != no:
            raise InvalidPositionError("O has a line but X moved after it")
        for won, board in ((x_won, x), (o_won, o)):
            if won and not any(not self.has_line(board & ~(1 << i))
                               for i in range(self.size) if board >> i & 1):
                raise InvalidPositionError("the winner's lines cannot all come from one last move")

    def format_position(self, state: TicTacToeState) -> str:
        return "".join(
            "X" if state.x >> i & 1 else "O" if state.o >> i & 1 else "."
            for i in range(self.size)
        )

    def parse_move(self, state: TicTacToeState, text: str) -> int:
        token = text.strip().lower()
        if token.isascii() and token.isdigit() and len(token) <= 4:
            number = int(token)
            if not 1 <= number <= self.size:
                raise InvalidMoveError(f"square number {number} is off the board (1-{self.size})")
            move = number - 1
        else:
            move = self.grid.parse_square(token)
        if self.is_terminal(state):
            raise IllegalMoveError(f"{self.grid.name(move)}: the game is over")
        if (state.x | state.o) >> move & 1:
            raise IllegalMoveError(f"{self.grid.name(move)} is already taken")
        return move

    def format_move(self, state: TicTacToeState, move: int) -> str:
        return self.grid.name(move)

    # -- symmetry ------------------------------------------------------------------------

    @property
    def num_symmetries(self) -> int:
        return len(self.grid.symmetries)

    @cached_property
    def _chunk_tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per symmetry, per 8-square chunk, the image of each of the 256 chunk patterns."""
        tables = []
        for perm in self.grid.symmetries:
            chunks = []
            for base in range(0, self.size, 8):
                images = []
                for pattern in range(256):
                    image = 0
                    for bit in range(8):
                        if pattern >> bit & 1 and base + bit < self.size:
                            image |= 1 << perm[base + bit]
                    images.append(image)
                chunks.append(tuple(images))
            tables.append(tuple(chunks))
        return tuple(tables)

    def _permute(self, board: int, symmetry: int) -> int:
        out = 0
        for chunk in self._chunk_tables[symmetry]:
            out |= chunk[board & 255]
            board >>= 8
        return out

    def transform(self, state: TicTacToeState, symmetry: int) -> TicTacToeState:
        return TicTacToeState(self._permute(state.x, symmetry), self._permute(state.o, symmetry))

    def transform_move(self, move: int, symmetry: int) -> int:
        return self.grid.symmetries[symmetry][move]

    def key(self, state: TicTacToeState) -> Hashable:
        """The smallest ``x << size | o`` over the board's symmetries (8 on a square board)."""
        size, x, o = self.size, state.x, state.o
        best = -1
        for tables in self._chunk_tables:
            bx, bo, image_x, image_o = x, o, 0, 0
            for chunk in tables:
                image_x |= chunk[bx & 255]
                image_o |= chunk[bo & 255]
                bx >>= 8
                bo >>= 8
            code = image_x << size | image_o
            if best < 0 or code < best:
                best = code
        return best
