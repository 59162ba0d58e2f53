"""Tic-tac-toe and m,n,k rules, notation, symmetry, and a cross-check against OpenSpiel."""

from __future__ import annotations

from typing import Any

import pytest

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.games.tictactoe import TicTacToe, TicTacToeState
from zermelo.games.tictactoe.entry import ENTRY
from zermelo.search import alphabeta_tt

GAME = TicTacToe()


def test_notation() -> None:
    state = GAME.parse_position("X.O.X....")
    assert GAME.to_move(state) == 1
    assert GAME.parse_position("X.O/.X./...") == state
    assert GAME.parse_position("x.o .x. ...") == state
    assert GAME.format_position(state) == "X.O.X...."
    assert GAME.parse_move(state, "c3") == 8
    assert GAME.parse_move(state, "9") == 8
    assert GAME.format_move(state, 8) == "c3"


@pytest.mark.parametrize(("text", "message"), [
    ("X.O.X...", "8 squares, expected 9"),
    ("X.O.Z....", "unknown character 'Z' at b2"),
    ("XX.......", "2 X and 0 O"),
    ("OO.X.....", "1 X and 2 O"),
    ("XXXOOO...", "both X and O"),
    ("XXXOO.O..", "X has a line but O moved after it"),
    ("OOOXX.XX.", "O has a line but X moved after it"),
])
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        GAME.parse_position(text)


def test_bad_moves() -> None:
    state = GAME.parse_position("X........")
    with pytest.raises(IllegalMoveError, match="a1 is already taken"):
        GAME.parse_move(state, "a1")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "d1")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "10")
    for text in ("²", "9" * 5000):  # a digit int() cannot read, a number too long to convert
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, text)
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.parse_move(GAME.parse_position("XXXOO...."), "c3")


def test_lines_and_ends() -> None:
    assert len(GAME.lines) == 8
    assert len(TicTacToe(4, 4, 3).lines) == 24
    assert len(TicTacToe(7, 6, 4).lines) == 69  # Connect Four's board has 69 lines of four
    assert GAME.winner(GAME.parse_position("XXXOO....")) == 0
    assert GAME.winner(GAME.parse_position("XOXXOOOXX")) is None
    assert GAME.is_terminal(GAME.parse_position("XOXXOOOXX"))


def test_eight_symmetries_share_a_key() -> None:
    state = GAME.parse_position("X.O.X....")
    assert len({GAME.transform(state, s) for s in range(8)}) == 8
    state = GAME.parse_position("X...X...O")
    images = {GAME.transform(state, s) for s in range(8)}
    assert len(images) == 4  # symmetric about the main diagonal
    assert {GAME.key(s) for s in images} == {GAME.key(state)}
    corner = {GAME.key(TicTacToeState(1 << i, 0)) for i in (0, 2, 6, 8)}
    assert len(corner) == 1


def test_mnk_values() -> None:
    # 3,3,3 is a draw; 4,4,3 and 4,3,3 are first-player wins; 3,3,4 cannot be won at all
    assert alphabeta_tt(GAME, GAME.initial_state()).value == 0
    game = TicTacToe(4, 3, 3)
    assert alphabeta_tt(game, game.initial_state()).value == 1
    small = TicTacToe(3, 3, 2)
    assert alphabeta_tt(small, small.initial_state()).value == 1


def test_options() -> None:
    game = ENTRY.game({"board": "4x3", "k": "3"})
    assert (game.grid.width, game.grid.height, game.k) == (4, 3, 3)
    assert game.num_symmetries == 4
    with pytest.raises(ValueError, match="expected WIDTHxHEIGHT"):
        ENTRY.game({"board": "four"})
    with pytest.raises(ValueError, match="k 5: at most the board's longer side"):
        ENTRY.game({"k": "5"})
    with pytest.raises(ValueError, match="no option"):
        ENTRY.game({"rows": "3"})


def test_moves_match_openspiel_on_every_position() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    theirs = pyspiel.load_game("tic_tac_toe")
    seen: set[Any] = set()
    stack = [(GAME.initial_state(), theirs.new_initial_state())]
    while stack:
        state, other = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        assert GAME.is_terminal(state) == other.is_terminal()
        if GAME.is_terminal(state):
            assert list(GAME.returns(state)) == other.returns()
            continue
        assert GAME.to_move(state) == other.current_player()
        moves = GAME.legal_moves(state)
        assert moves == other.legal_actions()  # both number squares row by row from the top
        for move in moves:
            child = other.clone()
            child.apply_action(move)
            stack.append((GAME.apply(state, move), child))
    assert len(seen) == 5_478
