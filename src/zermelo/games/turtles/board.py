"""The track: the start square and nine more, the last being the lettuce (the finish).

A board is a tuple of ten squares, each a tuple of turtles from the bottom of its stack to the
top. On the start square (0) the turtles stand side by side, not stacked: its tuple is kept
sorted and moving one of them carries no other.

>>> board = move(move(START, 0, 1), 2, 1)
>>> board[1], where(board, 2)
((0, 2), (1, 1))
>>> move(board, 0, -1)[0]
(0, 1, 2, 3, 4)
"""

from __future__ import annotations

from zermelo.core.errors import InvariantError
from zermelo.games.turtles.cards import TURTLES

SQUARES = 10
FINISH = SQUARES - 1
Board = tuple[tuple[int, ...], ...]

START: Board = (tuple(range(TURTLES)),) + ((),) * FINISH
"""Every turtle on the start square."""


def where(board: Board, turtle: int) -> tuple[int, int]:
    """The square of ``turtle`` and its height in the stack there (0: the bottom)."""
    for square, stack in enumerate(board):
        if turtle in stack:
            return square, 0 if square == 0 else stack.index(turtle)
    raise InvariantError(f"turtle {turtle} is not on the board")


def squares(board: Board) -> list[int]:
    """Each turtle's square."""
    found = [0] * TURTLES
    for square, stack in enumerate(board):
        for turtle in stack:
            found[turtle] = square
    return found


def move(board: Board, turtle: int, steps: int) -> Board:
    """``turtle`` and every turtle on top of it moved ``steps`` squares (stopping at the
    finish, back to the start at most); they land on top of the stack there."""
    square, height = where(board, turtle)
    target = min(FINISH, max(0, square + steps))
    group = (turtle,) if square == 0 else board[square][height:]
    rows = list(board)
    rows[square] = tuple(t for t in board[square] if t not in group)
    rows[target] = (tuple(sorted(rows[target] + group)) if target == 0
                    else rows[target] + group)
    return tuple(rows)


def last_turtles(board: Board) -> tuple[int, ...]:
    """The turtles on the lowest occupied square (all of its stack), in colour order."""
    return tuple(sorted(next(stack for stack in board if stack)))


def ranking(board: Board) -> list[tuple[int, ...]]:
    """The turtles best first: by square, and on one square the lower first; the turtles side
    by side on the start square share the last place."""
    places: list[tuple[int, ...]] = [(t,) for stack in reversed(board[1:]) for t in stack]
    if board[0]:
        places.append(board[0])
    return places


def victory_points(board: Board, turtle: int) -> int:
    """The paper's VP(x) = 5 p(x) + 4 - u(x): five per square, less one per turtle under it."""
    square, height = where(board, turtle)
    return 5 * square + 4 - height
