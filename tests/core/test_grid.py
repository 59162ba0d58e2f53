"""Rectangular boards: the shifted neighbourhood of a bitboard against the neighbour lists
(a step must never wrap from one row to the next)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from zermelo.core.grid import Grid


@st.composite
def boards(draw: st.DrawFn) -> tuple[Grid, int]:
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 7))
    grid = Grid(width, height)
    return grid, draw(st.integers(0, grid.full))


@given(boards())
def test_adjacent_is_the_union_of_the_neighbours(case: tuple[Grid, int]) -> None:
    grid, board = case
    expected = 0
    for square in grid.squares(board):
        for near in grid.neighbours[square]:
            expected |= 1 << near
    assert grid.adjacent(board) == expected
