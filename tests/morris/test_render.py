"""Drawing Morris positions: the terminal text and the web page's board picture on every board."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from zermelo.core.picture import View
from zermelo.games.morris import BOARDS, Morris
from zermelo.games.morris.render import board_picture, board_text, move_words, status_line


def plain(text: object) -> str:
    console = Console(width=200, color_system=None)
    with console.capture() as captured:
        console.print(text, end="")
    return captured.get()


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_the_text_shows_every_point_once_with_its_stone(board: str) -> None:
    game = Morris(board)
    states = game.random_playout(game.initial_state(), random.Random(3))
    state = states[len(states) // 2]
    drawing = plain(board_text(game, state))
    body = "".join(line[3:] for line in drawing.splitlines()[:-1])  # no labels, no letters
    assert body.count("W") == state.white.bit_count()
    assert body.count("B") == state.black.bit_count()
    assert body.count("·") == game.board.size - (state.white | state.black).bit_count()


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_point_is_a_target_and_every_move_a_path_of_points(board: str) -> None:
    game = Morris(board)
    for state in game.random_playout(game.initial_state(), random.Random(5))[::7]:
        picture = board_picture(game, state, View())
        assert picture.svg().count('class="target"') == game.board.size
        names = game.board.names
        assert picture.paths == {
            game.format_move(state, m): tuple(names[p] for p in m if p >= 0)
            for m in game.legal_moves(state)}
        assert status_line(game, state) in picture.title


def test_closed_mills_are_drawn_and_the_last_move_marked() -> None:
    game = Morris()
    before = game.play_line(game.initial_state(), ["a7", "a1", "d7", "d1"])
    after = game.play(before, game.parse_move(before, "g7xa1"))
    svg = board_picture(game, after, View(before=before)).svg()
    assert svg.count('stroke-width="14"') == 1  # White's a7 d7 g7
    assert svg.count('class="last"') == 2  # g7 placed, a1 removed
    assert board_picture(game, before, View()).svg().count('stroke-width="14"') == 0


def test_every_move_of_random_games_is_said_in_words() -> None:
    """Each legal move's words name where it goes and, after a mill, the stone it takes."""
    rng = random.Random(5)
    for board in ("standard", "six", "three"):
        game = Morris(board, move_limit=60)
        state = game.initial_state()
        while not game.is_terminal(state):
            for move in game.legal_moves(state):
                text = game.format_move(state, move)
                words = move_words(game, text)
                body, _, taken = text.partition("x")
                assert words.startswith(f"{text}: ")
                assert body.split("-")[-1] in words
                assert ("is taken" in words) == bool(taken) and taken in words
            state = game.apply(state, rng.choice(game.legal_moves(state)))
