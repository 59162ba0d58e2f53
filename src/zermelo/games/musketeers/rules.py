"""The rules of Three Musketeers on any rectangular board, with any number of musketeers.

A position is two bitboards over the squares (``i = row * width + col``, ``a1`` = 0, rows
numbered top to bottom) and the side to move. Musketeers move by capturing an orthogonally
adjacent enemy; enemies step orthogonally to an empty square. The enemies win as soon as all
musketeers stand in one row or one column (checked first, whoever is to move); otherwise a side
with no legal move loses the game to the musketeers, i.e. **the musketeers win** when either side
is stuck. Every musketeer move captures, so the game graph is acyclic and layered by the number
of enemies.

>>> game = ThreeMusketeers()
>>> start = game.initial_state()
>>> game.format_position(start)
'M XXXXO XXXXX XXOXX XXXXX OXXXX'
>>> " ".join(game.format_move(start, m) for m in game.legal_moves(start))
'e1-d1 e1-e2 c3-c2 c3-b3 c3-d3 c3-c4 a5-a4 a5-b5'
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

from zermelo.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
)
from zermelo.core.game import Game, GameInfo
from zermelo.core.grid import Grid
from zermelo.games.musketeers.symmetry import byte_tables, canonical_code

MUSKETEERS = 0
"""Player index of the musketeers (written ``M``)."""
ENEMIES = 1
"""Player index of the enemies (written ``E``)."""
SIDES = ("M", "E")

STANDARD_START = "M XXXXO XXXXX XXOXX XXXXX OXXXX"

_MOVE = re.compile(r"\s*([a-zA-Z][0-9]{1,2})\s*-\s*([a-zA-Z][0-9]{1,2})\s*")


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable position: musketeer and enemy bitboards and the side to move."""

    musketeers: int
    enemies: int
    to_move: int

    @property
    def enemy_count(self) -> int:
        """How many enemies are left: the position's layer."""
        return self.enemies.bit_count()


class Move(NamedTuple):
    """A step from square ``src`` to square ``dst`` (square numbers, not names)."""

    src: int
    dst: int


def default_start(width: int, height: int, musketeers: int) -> tuple[int, ...]:
    """Musketeer squares spread along the anti-diagonal from the top-right to the bottom-left.

    On the standard 5x5 board with three musketeers this is e1, c3, a5.
    """
    if musketeers == 1:
        return (width - 1,)
    squares = []
    for j in range(musketeers):
        row = round(j * (height - 1) / (musketeers - 1))
        col = width - 1 - round(j * (width - 1) / (musketeers - 1))
        squares.append(row * width + col)
    return tuple(squares)


class ThreeMusketeers(Game[Position, Move]):
    """Three Musketeers on a ``width`` x ``height`` board (5x5 and 3 musketeers by default).

    ``start`` lists the musketeers' squares at the start (names like ``"a1"`` or numbers),
    the enemies fill every other square; ``first`` is the side that moves first.
    """

    def __init__(
        self,
        width: int = 5,
        height: int = 5,
        musketeers: int = 3,
        start: Sequence[int | str] | None = None,
        first: str = "M",
    ) -> None:
        self.grid = Grid(width, height)
        if not 2 <= musketeers < self.grid.size:
            raise OptionError(f"{musketeers} musketeers: need at least 2 and fewer than squares")
        if first not in SIDES:
            raise OptionError(f"first side {first!r}: expected M or E")
        self.musketeers = musketeers
        self.first = SIDES.index(first)
        if start is None:
            squares = default_start(width, height, musketeers)
        else:
            squares = tuple(
                self.grid.parse_square(s) if isinstance(s, str) else s for s in start
            )
        if len(set(squares)) != musketeers:
            raise OptionError(f"start needs {musketeers} distinct squares, got {len(set(squares))}")
        if not all(0 <= s < self.grid.size for s in squares):
            raise OptionError("start square off the board")
        self.start = tuple(sorted(squares))
        self.info = GameInfo(
            name="musketeers",
            title="Three Musketeers",
            players=SIDES,
            max_game_length=2 * (self.grid.size - musketeers),
        )

    def __repr__(self) -> str:
        start = ",".join(self.grid.name(s) for s in self.start)
        return (
            f"ThreeMusketeers(width={self.grid.width}, height={self.grid.height}, "
            f"musketeers={self.musketeers}, start={start!r}, first={SIDES[self.first]!r})"
        )

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> Position:
        musketeers = sum(1 << s for s in self.start)
        return Position(musketeers, self.grid.full & ~musketeers, self.first)

    def to_move(self, state: Position) -> int:
        return state.to_move

    def aligned(self, musketeers: int) -> bool:
        """Whether all musketeers stand in one row or one column (the enemies' win): in the
        row and the column of the lowest of them."""
        grid = self.grid
        row, col = divmod((musketeers & -musketeers).bit_length() - 1, grid.width)
        return not musketeers & ~grid.rows[row] or not musketeers & ~grid.columns[col]

    def legal_moves(self, state: Position) -> list[Move]:
        if self.aligned(state.musketeers):
            return []
        steps = self.grid.steps
        if state.to_move == MUSKETEERS:
            pieces, targets = state.musketeers, state.enemies
        else:
            pieces, targets = state.enemies, self.grid.full & ~(state.musketeers | state.enemies)
        moves: list[Move] = []
        for src in self.grid.squares(pieces):
            moves.extend(Move(src, dst) for dst, bit in steps[src] if targets & bit)
        return moves

    def apply(self, state: Position, move: Move) -> Position:
        step = (1 << move.src) | (1 << move.dst)
        if state.to_move == MUSKETEERS:
            return Position(state.musketeers ^ step, state.enemies & ~(1 << move.dst), ENEMIES)
        return Position(state.musketeers, state.enemies ^ step, MUSKETEERS)

    def has_move(self, state: Position) -> bool:
        """Whether the side to move has a legal move, ignoring the alignment rule: an enemy
        next to a musketeer, or next to an empty square."""
        if state.to_move == MUSKETEERS:
            return bool(self.grid.adjacent(state.musketeers) & state.enemies)
        empty = self.grid.full & ~(state.musketeers | state.enemies)
        return bool(self.grid.adjacent(empty) & state.enemies)

    def is_terminal(self, state: Position) -> bool:
        return self.aligned(state.musketeers) or not self.has_move(state)

    def winner(self, state: Position) -> int | None:
        if self.aligned(state.musketeers):
            return ENEMIES
        return None if self.has_move(state) else MUSKETEERS

    def returns(self, state: Position) -> tuple[float, ...]:
        winner = self.winner(state)
        if winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if winner == MUSKETEERS else (-1.0, 1.0)

    def end_reason(self, state: Position) -> str | None:
        """Why the game is over, in words, or None if it is not."""
        musketeers = state.musketeers
        for r, line in enumerate(self.grid.rows):
            if musketeers & line == musketeers:
                return f"enemies win: the musketeers stand in row {r + 1}"
        for c, line in enumerate(self.grid.columns):
            if musketeers & line == musketeers:
                return f"enemies win: the musketeers stand in column {chr(ord('a') + c)}"
        if self.has_move(state):
            return None
        stuck = "musketeers" if state.to_move == MUSKETEERS else "enemies"
        return f"musketeers win: the {stuck} cannot move"

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> Position:
        body = "".join(text.split())
        if not body:
            raise InvalidPositionError(f"empty text, expected e.g. {STANDARD_START!r}")
        side, squares = body[0].upper(), body[1:].upper()
        if side not in SIDES:
            raise InvalidPositionError(
                f"side to move missing: expected M or E first, got {body[0]!r}"
            )
        size = self.grid.size
        if len(squares) != size:
            raise InvalidPositionError(f"{len(squares)} squares, expected {size}")
        musketeers = enemies = 0
        for i, ch in enumerate(squares):
            if ch == "O":
                musketeers |= 1 << i
            elif ch == "X":
                enemies |= 1 << i
            elif ch != ".":
                raise InvalidPositionError(
                    f"unknown character {ch!r} at {self.grid.name(i)} (use O, X or .)"
                )
        count = musketeers.bit_count()
        if count != self.musketeers:
            raise InvalidPositionError(f"{count} musketeers, expected {self.musketeers}")
        return Position(musketeers, enemies, SIDES.index(side))

    def format_position(self, state: Position) -> str:
        w = self.grid.width
        cells = "".join(
            "O" if state.musketeers >> i & 1 else "X" if state.enemies >> i & 1 else "."
            for i in range(self.grid.size)
        )
        rows = " ".join(cells[r * w : (r + 1) * w] for r in range(self.grid.height))
        return f"{SIDES[state.to_move]} {rows}"

    def parse_move(self, state: Position, text: str) -> Move:
        match = _MOVE.fullmatch(text)
        if not match:
            raise InvalidMoveError(f"{text!r} is not a move like e1-d1")
        move = Move(self.grid.parse_square(match.group(1)), self.grid.parse_square(match.group(2)))
        self._check_legal(state, move)
        return move

    def play(self, state: Position, move: Move) -> Position:
        self._check_legal(state, move)
        return self.apply(state, move)

    def _check_legal(self, state: Position, move: Move) -> None:
        """Raise :class:`IllegalMoveError` saying why ``move`` is not legal in ``state``."""
        name = self.grid.name
        if not all(0 <= s < self.grid.size for s in move):
            raise IllegalMoveError(f"square number off the board in {tuple(move)}")
        text = f"{name(move.src)}-{name(move.dst)}"
        reason = self.end_reason(state)
        if reason is not None:
            raise IllegalMoveError(f"{text}: the game is over ({reason})")
        if move.dst not in self.grid.neighbours[move.src]:
            raise IllegalMoveError(f"{text}: {name(move.dst)} is not next to {name(move.src)}")
        if state.to_move == MUSKETEERS:
            if not state.musketeers >> move.src & 1:
                raise IllegalMoveError(f"{text}: no musketeer on {name(move.src)}")
            if not state.enemies >> move.dst & 1:
                raise IllegalMoveError(
                    f"{text}: a musketeer must capture, and {name(move.dst)} holds no enemy"
                )
        else:
            if not state.enemies >> move.src & 1:
                raise IllegalMoveError(f"{text}: no enemy on {name(move.src)}")
            if (state.musketeers | state.enemies) >> move.dst & 1:
                raise IllegalMoveError(f"{text}: {name(move.dst)} is not empty")

    def format_move(self, state: Position, move: Move) -> str:
        return f"{self.grid.name(move.src)}-{self.grid.name(move.dst)}"

    # -- symmetry ------------------------------------------------------------------------

    @property
    def num_symmetries(self) -> int:
        return len(self.grid.symmetries)

    def transform(self, state: Position, symmetry: int) -> Position:
        perm = self.grid.symmetries[symmetry]
        return Position(
            self.grid.permute(state.musketeers, perm),
            self.grid.permute(state.enemies, perm),
            state.to_move,
        )

    def transform_move(self, move: Move, symmetry: int) -> Move:
        perm = self.grid.symmetries[symmetry]
        return Move(perm[move.src], perm[move.dst])

    @cached_property
    def symmetry_tables(self) -> np.ndarray:
        """The byte tables of the board's symmetries (see :func:`byte_tables`)."""
        return byte_tables(self.grid)

    def key(self, state: Position) -> Hashable:
        """The canonical code of :mod:`~zermelo.games.musketeers.symmetry` (the weak solver's
        table key): the same for every symmetric image."""
        return int(canonical_code(state.musketeers, state.enemies, state.to_move,
                                  self.grid.size, self.symmetry_tables))
