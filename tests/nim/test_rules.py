"""Nim rules, notation, options, and a cross-check of move generation against OpenSpiel."""

from __future__ import annotations

from typing import Any

import pytest

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.games.nim import Nim, NimMove, NimState, nim_value
from zermelo.games.nim.entry import ENTRY

GAME = Nim()


def test_start_moves_and_notation() -> None:
    state = GAME.initial_state()
    assert GAME.format_position(state) == "A 1 3 5 7"
    moves = GAME.legal_moves(state)
    assert len(moves) == 16
    assert [GAME.format_move(state, m) for m in moves[:4]] == ["1:1", "2:1", "2:2", "2:3"]
    after = GAME.play(state, GAME.parse_move(state, "4:7"))
    assert after == NimState((1, 3, 5, 0), 1)
    assert GAME.format_position(after) == "B 1 3 5 0"


@pytest.mark.parametrize(("text", "state"), [
    ("1 3 5 7", NimState((1, 3, 5, 7), 0)),
    ("B 0 2 2", NimState((0, 2, 2), 1)),
    ("a 4,4", NimState((4, 4), 0)),
    (" 9 ", NimState((9,), 0)),
])
def test_positions_parse(text: str, state: NimState) -> None:
    assert GAME.parse_position(text) == state


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty text"),
    ("B", "no piles"),
    ("1 x 3", "pile 2: 'x' is not a pile size"),
    ("1 -3", "pile 2: '-3'"),
    ("9" * 5000, "pile 1: '99999999999999999999...' is not a pile size"),  # no huge int
])
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        GAME.parse_position(text)


def test_bad_moves() -> None:
    state = GAME.parse_position("1 3")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "two from one")
    with pytest.raises(IllegalMoveError, match="no pile 3"):
        GAME.parse_move(state, "3:1")
    with pytest.raises(IllegalMoveError, match="pile 1 has 1"):
        GAME.parse_move(state, "1:2")
    with pytest.raises(IllegalMoveError):
        GAME.play(state, NimMove(0, 0))
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "1:" + "9" * 5000)


def test_the_end_normal_and_misere() -> None:
    end = NimState((0, 0), 1)  # B faces empty piles: A took the last object
    assert Nim().is_terminal(end)
    assert Nim().winner(end) == 0
    assert Nim(misere=True).winner(end) == 1


def test_key_ignores_pile_order_and_empty_piles() -> None:
    assert GAME.key(NimState((3, 0, 1), 0)) == GAME.key(NimState((1, 3), 0))
    assert GAME.key(NimState((1, 3), 0)) != GAME.key(NimState((1, 3), 1))


def test_bouton() -> None:
    assert nim_value((1, 3, 5, 7)) == -1
    assert nim_value((1, 3, 5)) == 1
    assert nim_value((1, 1, 1), misere=True) == -1
    assert nim_value((2, 1), misere=True) == 1


def test_options() -> None:
    game = ENTRY.game({"piles": "2 2", "misere": "yes"})
    assert game.piles == (2, 2) and game.misere
    with pytest.raises(ValueError, match="no option 'size'"):
        ENTRY.game({"size": "3"})
    with pytest.raises(ValueError, match="expected yes or no"):
        ENTRY.game({"misere": "maybe"})
    with pytest.raises(ValueError, match="expected 1 to 16 whole numbers from 0 to 64"):
        ENTRY.game({"piles": "1,a"})


@pytest.mark.parametrize("misere", [False, True])
def test_moves_match_openspiel(misere: bool) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    piles = (1, 3, 5, 7)
    game = Nim(piles, misere)
    theirs = pyspiel.load_game("nim", {"pile_sizes": ";".join(map(str, piles)),
                                       "is_misere": misere})
    count = len(piles)

    def action(move: NimMove) -> int:
        return (move.take - 1) * count + move.pile

    seen: set[Any] = set()
    stack = [(game.initial_state(), theirs.new_initial_state())]
    while stack:
        state, other = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        assert game.is_terminal(state) == other.is_terminal()
        if game.is_terminal(state):
            assert list(game.returns(state)) == other.returns()
            continue
        assert game.to_move(state) == other.current_player()
        moves = game.legal_moves(state)
        assert sorted(map(action, moves)) == other.legal_actions()
        for move in moves:
            child = other.clone()
            child.apply_action(action(move))
            stack.append((game.apply(state, move), child))
    assert len(seen) > 2 * 4 * 6 * 8  # every pile combination, some with either side to move
