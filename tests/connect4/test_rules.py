"""Connect Four rules: notation and its typed errors, lines in every direction, the end."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.games.connect4 import Board, ConnectFour
from zermelo.games.connect4.entry import ENTRY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4x", "move 2 of '4x': 'x' is not a column digit 1-9"),
        ("40", "move 2 of '40': '0' is not a column digit 1-9"),
        ("448", "move 3 of '448': column 8 is off the 7-column board"),
        ("4444444", "move 7 of '4444444': column 4 is full"),
        ("12121214", "move 8 of '12121214': the game was already won"),
    ],
)
def test_bad_move_strings_name_the_bad_move(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        ConnectFour().parse_position(text)
    assert str(caught.value) == f"invalid position: {message}"


def test_position_text_round_trips_and_transpositions_are_equal() -> None:
    game = ConnectFour()
    a, b = game.parse_position("4453"), game.parse_position("5344")
    assert game.format_position(a) == "4453"
    assert a == b and hash(a) == hash(b)
    assert game.parse_position("") == game.initial_state()


@pytest.mark.parametrize(
    ("moves", "direction"),
    [("1212121", "vertical"), ("1122334", "horizontal"), ("12234334544", "rising diagonal"),
     ("76654554344", "falling diagonal")],
)
def test_four_in_a_row_ends_the_game(moves: str, direction: str) -> None:
    game = ConnectFour()
    before = game.parse_position(moves[:-1])
    assert not game.is_terminal(before), direction
    after = game.play(before, int(moves[-1]) - 1)
    assert game.is_terminal(after) and game.legal_moves(after) == []
    assert game.winner(after) == game.to_move(before)
    assert game.end_reason(after) == f"{'XO'[game.to_move(before)]} wins with 4 in a row"


def test_lines_do_not_wrap_around_columns() -> None:
    game = ConnectFour(4, 3, 3)
    # X on the two top cells of column 1 and the bottom of column 2: no line on the board,
    # though a layout without the sentinel row would make them three consecutive bits.
    state = game.parse_position("21131")
    assert not state.won and not game.is_terminal(state)


def test_full_board_without_a_line_is_a_draw() -> None:
    game = ConnectFour(3, 2, 3)
    state = game.parse_position("123123")
    assert game.is_terminal(state) and game.winner(state) is None
    assert game.returns(state) == (0.0, 0.0)
    assert game.end_reason(state) == "draw: the board is full"


def test_moves_are_checked() -> None:
    game = ConnectFour()
    full = game.parse_position("444444")
    with pytest.raises(IllegalMoveError, match="column 4 is full"):
        game.parse_move(full, "4")
    with pytest.raises(InvalidMoveError, match="off the 7-column board"):
        game.parse_move(full, "8")
    with pytest.raises(InvalidMoveError, match="not a column digit"):
        game.parse_move(full, "a")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(game.parse_position("1212121"), 2)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"board": "10x5"}, "width at most 9"), ({"board": "9x7"}, r"height \+ 1\) at most 63"),
     ({"k": "1"}, "from 2 to 62"), ({"k": "x"}, "whole number"),
     ({"board": "7by6"}, "WIDTHxHEIGHT"),
     ({"k": "8"}, "at most the board's longer side"),
     ({"size": "3"}, "no option 'size'")],
)
def test_bad_variants_are_refused(options: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ENTRY.game(options)


def test_mirror_maps_positions_and_moves() -> None:
    game = ConnectFour()
    state = game.parse_position("1123")
    image = game.transform(state, 1)
    assert game.format_position(image) == "7765"
    assert image == game.parse_position("7765")
    assert game.key(state) == game.key(image)
    assert Board().mirror(Board().full) == Board().full


def naive_first_bad_move(text: str, width: int, height: int, k: int) -> int | None:
    """The 1-based number of the first bad move of ``text``, on a list-of-columns board."""
    columns: list[list[int]] = [[] for _ in range(width)]
    won = False
    for i, ch in enumerate(text):
        if not ch.isdigit() or ch == "0" or int(ch) > width or won:
            return i + 1
        col = columns[int(ch) - 1]
        if len(col) == height:
            return i + 1
        player = i % 2
        col.append(player)
        row, c = len(col) - 1, int(ch) - 1

        def owner(cc: int, rr: int) -> int | None:
            return columns[cc][rr] if 0 <= cc < width and 0 <= rr < len(columns[cc]) else None

        for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 1 + sum(1 for _ in iter_line(owner, c, row, dc, dr, player))
            run += sum(1 for _ in iter_line(owner, c, row, -dc, -dr, player))
            won = won or run >= k
    return None


def iter_line(owner: Callable[[int, int], int | None], c: int, r: int, dc: int, dr: int,
              player: int) -> Iterator[None]:
    """Yield once per stone of ``player`` after ``(c, r)`` in direction ``(dc, dr)``."""
    c, r = c + dc, r + dr
    while owner(c, r) == player:
        yield None
        c, r = c + dc, r + dr


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("1234512345123451234560x"), max_size=30).map("".join))
def test_move_strings_are_refused_exactly_at_the_first_bad_move(text: str) -> None:
    game = ConnectFour(5, 4, 3)
    bad = naive_first_bad_move(text, 5, 4, 3)
    if bad is None:
        assert game.format_position(game.parse_position(text)) == text
    else:
        with pytest.raises(InvalidPositionError, match=f"^invalid position: move {bad} of "):
            game.parse_position(text)
