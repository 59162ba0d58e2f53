"""The compiled threat kernels against brute force over the readable rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.games.connect4 import ConnectFour
from zermelo.games.connect4.kernels import (
    geometry,
    has_line,
    non_losing_moves,
    popcount,
    winning_cells,
)


def brute_winning_cells(game: ConnectFour, stones: int, mask: int) -> int:
    """Every empty cell where one more stone makes a line, found cell by cell."""
    b = game.board
    cells = 0
    for col in range(b.width):
        for row in range(b.height):
            bit = b.bit(col, row)
            if not mask >> bit & 1 and b.line_through(stones | 1 << bit, bit):
                cells |= 1 << bit
    return cells


def brute_non_losing(game: ConnectFour, current: int, mask: int) -> int:
    """The playable cells after which the opponent has no winning drop."""
    b = game.board
    safe = 0
    for col in range(b.width):
        if mask & b.top_cell(col):
            continue
        bit = b.bit(col, b.height_of(mask, col))
        new_mask = mask | 1 << bit
        opponent = current ^ mask
        playable = (new_mask + b.bottom) & b.full
        if not brute_winning_cells(game, opponent, new_mask) & playable:
            safe |= 1 << bit
    return safe


@pytest.mark.parametrize("size", [(7, 6, 4), (5, 4, 3), (9, 6, 5), (6, 5, 2), (4, 4, 6),
                                  (2, 18, 4), (1, 40, 4)])
def test_threat_kernels_agree_with_brute_force(size: tuple[int, int, int]) -> None:
    game = ConnectFour(*size)
    geo = geometry(game.board)
    rng = random.Random(1)
    for _ in range(20):
        for state in game.random_playout(game.initial_state(), rng)[:-1]:
            current, mask = state.current, state.mask
            for stones in (current, current ^ mask):
                assert winning_cells(stones, mask, geo) == brute_winning_cells(game, stones, mask)
                assert has_line(stones, geo) == any(
                    game.board.line_through(stones, bit) for bit in range(63) if stones >> bit & 1)
            if not winning_cells(current, mask, geo) & ((mask + game.board.bottom)
                                                          & game.board.full):
                assert non_losing_moves(current, mask, geo) == brute_non_losing(
                    game, current, mask)


@settings(deadline=None)  # the first call compiles
@given(st.integers(-(1 << 63), (1 << 63) - 1))
def test_popcount_counts_the_bits_of_an_int64(x: int) -> None:
    assert popcount(x) == (x % (1 << 64)).bit_count()
