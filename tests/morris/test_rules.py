"""Morris rules on every board: placing, sliding, flying, removals, the ends of a game, the
draw rules and the notation, checked on positions built for each rule and on random games."""

from __future__ import annotations

import random
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
)
from zermelo.games.morris import BOARDS, Morris, Move
from zermelo.games.morris.entry import ENTRY

START = ".../.../.../....../.../.../... W 9 9"


def moves_text(game: Morris, text: str) -> list[str]:
    state = game.parse_position(text)
    return [game.format_move(state, m) for m in game.legal_moves(state)]


# -- the boards ---------------------------------------------------------------------------------


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_adjacency_is_symmetric_and_every_mill_is_a_path(board: str) -> None:
    b = BOARDS[board]
    for p, adj in enumerate(b.adjacency):
        assert all(p in b.adjacency[q] for q in adj)
    drawn = {frozenset(line) for line in b.lines}
    for a, m, c in b.mills:  # a path to move along, or a drawn line one may not move along
        assert (m in b.adjacency[a] and c in b.adjacency[m]) or {a, m, c} in drawn
    assert all(m in b.adjacency[a] and c in b.adjacency[m] for a, m, c in b.mills) == (
        board != "three-orthogonal")


def test_the_symmetries_keep_adjacency_and_mills_and_form_a_group() -> None:
    for b in BOARDS.values():
        edges = {(p, q) for p, adj in enumerate(b.adjacency) for q in adj}
        mills = {frozenset(m) for m in b.mills}
        group = set(b.symmetries)
        assert b.symmetries[0] == tuple(range(b.size))
        for perm in b.symmetries:
            assert {(perm[p], perm[q]) for p, q in edges} == edges
            assert {frozenset(perm[p] for p in m) for m in mills} == mills
            for other in b.symmetries:
                assert tuple(perm[other[p]] for p in range(b.size)) in group


def test_reference_facts_of_the_boards() -> None:
    """The standard board has 16 symmetries and the article's 23-point board only its mirror
    image; that board has 23 points named from the bottom left and 18 mills."""
    standard, article = BOARDS["standard"], BOARDS["variant23"]
    assert len(standard.symmetries) == 16 and len(article.symmetries) == 2
    assert (article.size, len(article.mills), article.names[0], article.names[22]) == (
        23, 18, "a0", "g6")
    assert standard.names[:3] == ("a7", "d7", "g7") and standard.names[-1] == "g1"
    assert article.point("e2") in article.adjacency[article.point("c2")]  # as the article prints


# -- placing, moving, removing -----------------------------------------------------------------


def test_the_start_offers_every_point() -> None:
    for b in BOARDS.values():
        game = Morris(b)
        assert [m.to for m in game.legal_moves(game.initial_state())] == list(range(b.size))


def test_a_mill_removes_a_stone_outside_the_mills_only() -> None:
    game = Morris()
    # White a7 d7 (g7 closes a7-d7-g7); Black holds the mill a1 d1 g1 and a stray b6.
    moves = moves_text(game, "WW./B../.../....../.../.../BBB W 5 5")
    assert [m for m in moves if m.startswith("g7")] == ["g7xb6"]


def test_when_every_stone_is_in_a_mill_standard_removes_any_and_variant23_none() -> None:
    moves = moves_text(Morris(), "WW./.../.../....../.../.../BBB W 6 6")
    assert [m for m in moves if m.startswith("g7")] == ["g7xa1", "g7xd1", "g7xg1"]
    # The 23-point board: White a0 d0 (g0 closes a0-d0-g0); Black's a6 d6 g6 form a mill.
    moves = moves_text(Morris("variant23"), "WW./.../../....../.../.../BBB W 6 6")
    assert "g0" in moves and not [m for m in moves if m.startswith("g0x")]


def test_two_mills_at_once_remove_one_stone() -> None:
    # g7 closes a7-d7-g7 and g7-g4-g1 at once; Black's b6 a1 d1 stand in no mill.
    moves = moves_text(Morris(), "WW./B../.../.....W/.../.../BBW W 1 1")
    assert [m for m in moves if m.startswith("g7")] == ["g7xb6", "g7xa1", "g7xd1"]


def test_four_stones_slide_along_the_lines_and_three_fly() -> None:
    game = Morris()
    four = "W../.../.../W...WW/.../.../BBB W 0 0"
    assert moves_text(game, four) == ["a7-d7", "a4-b4", "f4-f6", "f4-e4", "f4-f2", "g4-g7"]
    three = moves_text(game, "W../.../.../W....W/.../.../BBB W 0 0")
    assert len(three) == 3 * 18 and "a7-e3" in three


def test_flying_is_an_option_of_six_mens_morris() -> None:
    text = "W.W/.../..../..B/WBB W 0 0"
    grounded = cast(Morris, ENTRY.game({"board": "six"}))
    assert moves_text(grounded, text) == ["a5-c5", "a5-a3", "e5-c5", "e5-e3", "a1-a3"]
    flying = moves_text(cast(Morris, ENTRY.game({"board": "six", "flying": "yes"})), text)
    # 3 stones x 10 empty points; a1-c5 closes a5-c5-e5 and e5-a3 closes a5-a3-a1, each
    # removing d2, c1 or e1.
    assert len(flying) == 30 - 2 + 2 * 3
    assert [m for m in flying if m.startswith("a1-c5")] == ["a1-c5xd2", "a1-c5xc1",
                                                            "a1-c5xe1"]


def test_fewer_than_three_stones_loses() -> None:
    game = Morris()
    two = game.parse_position("W../.../.../W...../.../.../BBB W 0 0")
    assert game.is_terminal(two) and game.winner(two) == 1
    assert game.end(two) == (1, "B wins: W has fewer than 3 stones")


def test_a_blocked_side_loses() -> None:
    game = Morris()
    state = game.parse_position("BWB/.../.../W....W/.../.../BWB B 0 0")
    assert game.moves_of(state) == [] and game.winner(state) == 0
    assert game.end(state) == (0, "W wins: B cannot move")


def test_three_mens_morris_is_won_by_three_in_a_row_even_while_placing() -> None:
    game = Morris("three")
    state = game.play_line(game.initial_state(), ["a1", "a3", "b2", "c1"])
    won = game.play(state, game.parse_move(state, "c3"))
    assert game.is_terminal(won) and game.winner(won) == 0
    assert game.end(won) == (0, "W wins with three in a row")


# -- draws ---------------------------------------------------------------------------------------

SHUFFLE = ".../.WW/W../W...../..B/BB./..B W 0 0"
"""White a4 c5 d6 f6, Black e3 b2 d2 g1: a4 and g1 can shuttle to a7 and g4 and back."""


def test_threefold_repetition_draws_and_the_history_is_written() -> None:
    game = Morris(move_limit=0)
    state = game.parse_position(SHUFFLE)
    line = ["a4-a7", "g1-g4", "a7-a4", "g4-g1"] * 2
    seen = [state]
    for word in line:
        state = game.play(state, game.parse_move(state, word))
        seen.append(state)
    assert not game.is_terminal(seen[4]) and game.is_terminal(seen[8])
    assert game.end(seen[8]) == (None, "draw: the position occurred three times")
    text = game.format_position(seen[7])
    assert text.endswith("after " + " ".join(line[:7]))
    assert game.parse_position(text) == seen[7]
    plain = Morris(move_limit=0, repetition=False)
    assert not plain.is_terminal(plain.play_line(plain.parse_position(SHUFFLE), line))


def test_a_placement_or_capture_forgets_the_history_and_the_move_limit_draws() -> None:
    game = Morris(move_limit=4)
    state = game.play_line(game.initial_state(), ["a7", "a1", "d7", "d1"])
    assert game.end(state) == (None, "draw: 4 plies played")
    assert game.legal_moves(state) == []
    shuffled = Morris(move_limit=0).play_line(Morris(move_limit=0).parse_position(SHUFFLE),
                                              ["a4-a7", "g1-g4"])
    assert len(shuffled.history) == 2
    assert Morris(move_limit=0).apply(shuffled, Move(0, 9)).history == (
        *shuffled.history, shuffled.code)


# -- notation ------------------------------------------------------------------------------------


def test_moves_may_name_points_by_number() -> None:
    game = Morris("variant23")
    state = game.play_line(game.initial_state(), ["a0", "a6", "d0", "d6"])
    assert game.parse_move(state, "2x20") == game.parse_move(state, "g0xa6")
    assert game.format_move(state, Move(-1, 2, 20)) == "g0xa6"


@pytest.mark.parametrize(("text", "error", "says"), [
    ("z9", InvalidMoveError, "not a point"),
    ("d2--a1", InvalidMoveError, "not a move"),
    ("", InvalidMoveError, "not a move"),
    ("24", InvalidMoveError, "not a point"),
    ("a1-a4", IllegalMoveError, "stones are still to be placed"),
])
def test_bad_moves_are_refused_in_one_line(text: str, error: type, says: str) -> None:
    game = Morris()
    with pytest.raises(error) as caught:
        game.parse_move(game.initial_state(), text)
    assert says in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("line", "text", "says"), [
    (["a7"], "a7", "a7 is taken"),
    (["a7", "a1", "d7", "d1"], "b6xa1", "it closes no mill, so it removes nothing"),
    (["a7", "a1", "d7", "d1"], "g7xb6", "b6 holds no stone of the other side"),
    (["b6", "a1", "f6", "d1", "a7", "g1xa7", "c5", "g4"], "d6xa1", "a1 is in a mill"),
])
def test_an_illegal_placement_or_removal_is_refused_saying_why(line: list[str], text: str,
                                                               says: str) -> None:
    game = Morris()
    state = game.play_line(game.initial_state(), line)
    with pytest.raises(IllegalMoveError) as caught:
        game.parse_move(state, text)
    assert f"{text}: {says}" in str(caught.value)


def test_an_illegal_slide_is_refused_saying_why() -> None:
    game = Morris("three")
    state = game.play_line(game.initial_state(), ["a1", "b2", "c3", "a3", "c1", "b1"])
    for text, says in (("a1", "every stone is placed: move one of yours (like "),
                       ("a2-b2", "no stone of yours on a2"),
                       ("a1-b1", "b1 is taken"),
                       ("c3-a2", "c3 and a2 are not neighbours")):
        with pytest.raises(IllegalMoveError) as caught:
            game.parse_move(state, text)
        assert f"{text}: {says}" in str(caught.value)


def test_a_mill_without_its_removal_is_refused_saying_so() -> None:
    game = Morris()
    state = game.play_line(game.initial_state(), ["a7", "a1", "d7", "d1"])
    with pytest.raises(IllegalMoveError, match="closes a mill: name the stone"):
        game.parse_move(state, "g7")


@pytest.mark.parametrize(("text", "says"), [
    ("", "expected POINTS SIDE"),
    (".../... W 9 9", "expected 24 points"),
    (START.replace(".", "x", 1), "expected 24 points"),
    (START.replace("W 9", "X 9"), "side to move"),
    (START.replace("9 9", "10 9"), "stones in hand"),
    (START.replace("9 9", "8 9"), "White places first"),
    ("WWW/WWW/WWW/W...../.../.../... B 0 1", "more than 9"),
    ("W../.../.../....../.../.../... W 0 0", "fewer than 3 stones"),
    (START + " ply 300", "move limit"),
    (START + " after a1-a4", "after"),
    (START + " then", "expected nothing more"),
])
def test_bad_positions_are_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Morris().parse_position(text)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_a_history_that_does_not_lead_to_the_position_is_refused() -> None:
    game = Morris(move_limit=0)
    base = SHUFFLE
    with pytest.raises(InvalidPositionError, match="no B stone came"):
        game.parse_position(base + " after a7-a4")
    with pytest.raises(InvalidPositionError, match="not a legal slide"):
        game.parse_position(base + " after d1-e3")


@pytest.mark.parametrize("options", [{"board": "ten"}, {"move_limit": "-1"},
                                     {"move_limit": "10001"}, {"flying": "maybe"},
                                     {"repetition": "often"}])
def test_options_out_of_range_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(OptionError):
        ENTRY.game(options)


# -- properties on random games -------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(sorted(BOARDS)), choices=st.lists(st.integers(0, 10**6),
                                                               max_size=120))
def test_random_games_keep_stone_counts_notation_and_symmetry(board: str,
                                                              choices: list[int]) -> None:
    game = Morris(board, move_limit=0)
    b = game.board
    state = game.initial_state()
    for choice in choices:
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[choice % len(moves)]
        assert game.parse_move(state, game.format_move(state, move)) == move
        state = game.apply(state, move)
        assert state.white & state.black == 0
        for side in (0, 1):
            assert bin(state.stones(side)).count("1") + state.hand(side) <= b.stones
        assert game.parse_position(game.format_position(state)) == state
        sym = choice % game.num_symmetries
        image = game.transform(state, sym)
        assert game.key(image) == game.key(state)
        assert game.parse_position(game.format_position(image)) == image


def test_random_games_end_by_the_rules() -> None:
    for board in BOARDS:
        game = Morris(board)
        for seed in range(5):
            last = game.random_playout(game.initial_state(), random.Random(seed))[-1]
            over = game.end(last)
            assert over is not None and game.legal_moves(last) == []


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="WB./ 0123456789plyafterx-abcdg", max_size=60))
def test_any_position_text_is_read_or_refused_in_one_line(text: str) -> None:
    game = Morris()
    try:
        state = game.parse_position(text)
    except InvalidPositionError as error:
        assert "\n" not in str(error)
    else:
        assert game.parse_position(game.format_position(state)) == state


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="abcdefgxz0123456789- ", max_size=12))
def test_any_move_text_is_read_or_refused_in_one_line(text: str) -> None:
    game = Morris()
    state = game.play_line(game.initial_state(), ["a7", "a1", "d7", "d1"])
    try:
        move = game.parse_move(state, text)
    except (InvalidMoveError, IllegalMoveError) as error:
        assert "\n" not in str(error)
    else:
        assert move in game.legal_moves(state)


@settings(max_examples=300, deadline=None)
@given(points=st.text(alphabet="WB..", min_size=24, max_size=24), side=st.sampled_from("WB"),
       hands=st.tuples(st.integers(0, 9), st.integers(0, 9)))
def test_positions_of_any_stones_and_hands_are_read_or_refused(points: str, side: str,
                                                               hands: tuple[int, int]) -> None:
    game = Morris()
    text = f"{points} {side} {hands[0]} {hands[1]}"
    try:
        state = game.parse_position(text)
    except InvalidPositionError as error:
        assert "\n" not in str(error)
    else:
        assert game.format_position(state).replace("/", "").startswith(text)
        for who in (0, 1):
            assert bin(state.stones(who)).count("1") + state.hand(who) <= 9
