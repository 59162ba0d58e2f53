"""A move that is not legal is refused with the legal moves instead of the position's text."""

from __future__ import annotations

import pytest

from zermelo.core.errors import IllegalMoveError
from zermelo.games.registry import get_game


def test_an_illegal_move_names_the_legal_ones() -> None:
    game = get_game("tictactoe").game()
    state = game.parse_position("X........")
    with pytest.raises(IllegalMoveError, match=r"^illegal move: a1 is not a legal move here "
                                               r"\(legal: b1, c1, a2, b2, c2, a3, b3, c3\)$"):
        game.play(state, 0)


def test_a_long_list_of_legal_moves_is_cut_short() -> None:
    game = get_game("tictactoe").game({"board": "4x4", "k": "3"})
    state = game.parse_position("X" + "." * 15)
    with pytest.raises(IllegalMoveError, match=r"\(legal: b1, c1, d1, a2, b2, c2, d2, a3 and 7 "
                                               r"more\)$"):
        game.play(state, 0)
