"""Three Musketeers rules on hand-made positions and against a plain grid oracle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.games.musketeers import ENEMIES, MUSKETEERS, Position, ThreeMusketeers

GAME = ThreeMusketeers()
START = "M XXXXO XXXXX XXOXX XXXXX OXXXX"


def moves_of(game: ThreeMusketeers, text: str) -> list[str]:
    state = game.parse_position(text)
    return [game.format_move(state, m) for m in game.legal_moves(state)]


def oracle_moves(text: str, width: int, height: int, alignment: bool = True) -> list[str]:
    """Legal moves computed on a 2-D grid of characters, independently of the bitboards (none
    once the musketeers are aligned, unless ``alignment`` is off)."""
    side, cells = text[0], "".join(text[1:].split())
    grid = [list(cells[r * width:(r + 1) * width]) for r in range(height)]
    spots = [(r, c) for r in range(height) for c in range(width) if grid[r][c] == "O"]
    if alignment and (len({r for r, _ in spots}) == 1 or len({c for _, c in spots}) == 1):
        return []
    piece, target = ("O", "X") if side == "M" else ("X", ".")
    out = []
    for r in range(height):
        for c in range(width):
            if grid[r][c] != piece:
                continue
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < height and 0 <= cc < width and grid[rr][cc] == target:
                    out.append(f"{chr(97 + c)}{r + 1}-{chr(97 + cc)}{rr + 1}")
    return out


def test_start_position_and_its_eight_moves() -> None:
    assert GAME.format_position(GAME.initial_state()) == START
    assert moves_of(GAME, START) == "e1-d1 e1-e2 c3-c2 c3-b3 c3-d3 c3-c4 a5-a4 a5-b5".split()


def test_after_e1_d1_the_only_enemy_move_is_e2_e1() -> None:
    state = GAME.play_line(GAME.initial_state(), ["e1-d1"])
    assert GAME.format_position(state) == "E XXXO. XXXXX XXOXX XXXXX OXXXX"
    assert [GAME.format_move(state, m) for m in GAME.legal_moves(state)] == ["e2-e1"]


def test_a_musketeer_move_captures_and_an_enemy_move_steps() -> None:
    state = GAME.play_line(GAME.initial_state(), ["c3-c2"])
    assert state.enemy_count == 21
    assert GAME.format_position(state) == "E XXXXO XXOXX XX.XX XXXXX OXXXX"
    state = GAME.play_line(state, ["c4-c3"])
    assert state.enemy_count == 21
    assert GAME.format_position(state) == "M XXXXO XXOXX XXXXX XX.XX OXXXX"


@pytest.mark.parametrize("side", ["M", "E"])
def test_alignment_wins_for_the_enemies_whoever_is_to_move(side: str) -> None:
    row = GAME.parse_position(f"{side} OXOXO XXXXX ..... ..... .....")
    column = GAME.parse_position(f"{side} X.O.. X.... ..O.. X.... ..O..")
    for state in (row, column):
        assert GAME.is_terminal(state)
        assert GAME.winner(state) == ENEMIES
        assert GAME.returns(state) == (-1.0, 1.0)
        assert GAME.legal_moves(state) == []
    assert GAME.end_reason(row) == "enemies win: the musketeers stand in row 1"
    assert GAME.end_reason(column) == "enemies win: the musketeers stand in column c"


def test_musketeers_with_nothing_to_capture_win() -> None:
    state = GAME.parse_position("M O.... ..O.. ....O ..... X...X")
    assert GAME.is_terminal(state)
    assert GAME.winner(state) == MUSKETEERS
    assert GAME.end_reason(state) == "musketeers win: the musketeers cannot move"


def test_enemies_that_cannot_move_lose() -> None:
    # the only enemy, on a1, is boxed in by musketeers on a2 and b1
    state = GAME.parse_position("E XO... O.... ..... ..... ....O")
    assert GAME.legal_moves(state) == []
    assert GAME.winner(state) == MUSKETEERS
    assert GAME.end_reason(state) == "musketeers win: the enemies cannot move"


@pytest.mark.parametrize(
    ("text", "move", "line"),
    [
        ("M ..O.. .OX.. ..O.. ..... X....", "b2-c2", "column c"),
        ("M O.O.X ....O ..... ..... X....", "e2-e1", "row 1"),
    ],
)
def test_a_capture_into_line_loses_at_once(text: str, move: str, line: str) -> None:
    state = GAME.parse_position(text)
    assert not GAME.is_terminal(state)
    after = GAME.play(state, GAME.parse_move(state, move))
    assert GAME.winner(after) == ENEMIES
    assert GAME.end_reason(after) == f"enemies win: the musketeers stand in {line}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "invalid position: empty text"),
        ("XXXXO XXXXX XXOXX XXXXX OXXXX", "invalid position: side to move missing"),
        ("M XXXXO XXXXX XXOXX XXXXX OXXX", "invalid position: 24 squares, expected 25"),
        ("M XXXXO XXXXX XXOXX XXXXX OXXXXX", "invalid position: 26 squares, expected 25"),
        ("M XXXXO XXXXX XXOXX XXXXX OXXXZ", "invalid position: unknown character 'Z' at e5"),
        ("M XXXXO XXXXX XXOXX XXXXX OXXXO", "invalid position: 4 musketeers, expected 3"),
        ("M XXXXO XXXXX XXXXX XXXXX OXXXX", "invalid position: 2 musketeers, expected 3"),
    ],
)
def test_malformed_positions_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError) as error:
        GAME.parse_position(text)
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        ("e1d1", InvalidMoveError, "invalid move: 'e1d1' is not a move like e1-d1"),
        ("f1-e1", InvalidMoveError, "invalid move: square f1 is off the 5x5 board"),
        ("e1-e6", InvalidMoveError, "invalid move: square e6 is off the 5x5 board"),
        ("e1-c1", IllegalMoveError, "illegal move: e1-c1: c1 is not next to e1"),
        ("d1-c1", IllegalMoveError, "illegal move: d1-c1: no musketeer on d1"),
    ],
)
def test_bad_moves_at_the_start(move: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        GAME.parse_move(GAME.initial_state(), move)
    assert str(raised.value) == message


def test_illegal_moves_explain_themselves() -> None:
    state = GAME.parse_position("M OX... ..... ..O.. ..... ....O")
    with pytest.raises(IllegalMoveError, match="a musketeer must capture, and a2 holds no enemy"):
        GAME.parse_move(state, "a1-a2")
    enemy_turn = GAME.parse_position("E OX... ..... ..O.. ..... ....O")
    with pytest.raises(IllegalMoveError, match="a1 is not empty"):
        GAME.parse_move(enemy_turn, "b1-a1")
    with pytest.raises(IllegalMoveError, match="no enemy on c1"):
        GAME.parse_move(enemy_turn, "c1-c2")
    over = GAME.parse_position("E OOO.. XX... ..... ..... .....")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.parse_move(over, "a2-a3")


def test_variants_build_their_start() -> None:
    small = ThreeMusketeers(4, 4)
    assert small.format_position(small.initial_state()) == "M XXXO XXXX XOXX OXXX"
    custom = ThreeMusketeers(start=["a1", "a2", "b2"])
    assert custom.format_position(custom.initial_state()) == "M OXXXX OOXXX XXXXX XXXXX XXXXX"
    two = ThreeMusketeers(3, 4, musketeers=2, first="E")
    assert two.format_position(two.initial_state()) == "E XXO XXX XXX OXX"
    with pytest.raises(ValueError, match="distinct"):
        ThreeMusketeers(start=["a1", "a1", "b2"])


def test_symmetry_counts() -> None:
    assert GAME.num_symmetries == 8
    assert ThreeMusketeers(4, 5).num_symmetries == 4


def test_standard_placements_have_319_classes() -> None:
    from itertools import combinations

    trios = combinations(range(25), 3)
    keys = {GAME.key(Position(sum(1 << s for s in trio), 0, 0)) for trio in trios}
    assert len(keys) == 319


@st.composite
def positions(draw: st.DrawFn, width: int = 5, height: int = 5) -> str:
    size = width * height
    musketeers = draw(st.lists(st.integers(0, size - 1), min_size=3, max_size=3, unique=True))
    cells = [draw(st.sampled_from("X.")) for _ in range(size)]
    for m in musketeers:
        cells[m] = "O"
    rows = " ".join("".join(cells[r * width:(r + 1) * width]) for r in range(height))
    return f"{draw(st.sampled_from('ME'))} {rows}"


@settings(max_examples=300)
@given(positions())
def test_move_generation_matches_the_grid_oracle(text: str) -> None:
    assert moves_of(GAME, text) == oracle_moves(text, 5, 5)
    assert GAME.format_position(GAME.parse_position(text)) == text


@settings(max_examples=100)
@given(positions(4, 5))
def test_move_generation_matches_the_oracle_on_a_rectangle(text: str) -> None:
    game = ThreeMusketeers(4, 5)
    assert moves_of(game, text) == oracle_moves(text, 4, 5)


@settings(max_examples=200)
@given(st.sampled_from([(5, 5), (4, 5), (5, 3), (1, 6)]).flatmap(
    lambda size: st.tuples(st.just(size), positions(*size))))
def test_a_side_has_a_move_as_the_grid_oracle_says(case: tuple[tuple[int, int], str]) -> None:
    """``has_move`` (board shifts, the alignment rule aside) and ``winner`` against the grid."""
    (width, height), text = case
    game = ThreeMusketeers(width, height)
    state = game.parse_position(text)
    assert game.has_move(state) == bool(oracle_moves(text, width, height, alignment=False))
    cells = "".join(text[1:].split())
    spots = [divmod(i, width) for i, cell in enumerate(cells) if cell == "O"]
    aligned = len({r for r, _ in spots}) == 1 or len({c for _, c in spots}) == 1
    expected = ENEMIES if aligned else None if game.has_move(state) else MUSKETEERS
    assert game.winner(state) == expected


@settings(max_examples=200)
@given(positions(), st.integers(0, 7))
def test_a_symmetric_image_has_the_mapped_moves(text: str, sym: int) -> None:
    state = GAME.parse_position(text)
    image = GAME.transform(state, sym)
    assert {GAME.transform_move(m, sym) for m in GAME.legal_moves(state)} == set(
        GAME.legal_moves(image))
    assert GAME.key(image) == GAME.key(state)


@pytest.mark.parametrize("seed", range(30))
def test_random_games_lose_one_enemy_per_musketeer_move(seed: int) -> None:
    rng = random.Random(seed)
    game = ThreeMusketeers(start=None if seed % 2 else ["a1", "a2", "b2"],
                           first="M" if seed % 3 else "E")
    state = game.initial_state()
    enemies = state.enemy_count
    bound = 2 * enemies - (1 if state.to_move == MUSKETEERS else 0)
    plies = 0
    while not game.is_terminal(state):
        mover = state.to_move
        state = game.play(state, rng.choice(game.legal_moves(state)))
        plies += 1
        expected = enemies - 1 if mover == MUSKETEERS else enemies
        assert state.enemy_count == expected
        assert state.musketeers.bit_count() == 3
        assert state.musketeers & state.enemies == 0
        enemies = expected
    assert plies <= bound
