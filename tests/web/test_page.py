"""The page at / and the board pictures it shows: self-contained, every legal move offered,
coordinates, pieces and marks where the rules put them."""

from __future__ import annotations

import json
import random
import re
from typing import Any
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.game import CHANCE, Information
from zermelo.core.picture import View
from zermelo.games.pig.render import thrown
from zermelo.games.registry import GAMES, get_game
from zermelo.web import create_app
from zermelo.web.service import game_for, picture
from zermelo.web.svg import text_picture

SVG = "{http://www.w3.org/2000/svg}"
PERFECT = [n for n, e in GAMES.items() if e.game().info.information is Information.PERFECT]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_the_page_loads_nothing_from_elsewhere(client: TestClient) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", answer.text)
    for path in ("/api/games", "/moves", "/play", "/engine", "/analyze", "/board/",
                 "/sessions"):
        assert path in answer.text


def targets(svg: str) -> dict[str, ElementTree.Element]:
    """The board's clickable places by name."""
    return {g.attrib["data-target"]: g for g in ElementTree.fromstring(svg).iter(f"{SVG}g")
            if g.attrib.get("class") == "target"}


def moves(svg: str) -> dict[str, list[str]]:
    """The board's legal moves and their paths of targets."""
    found: dict[str, list[str]] = json.loads(ElementTree.fromstring(svg).attrib["data-moves"])
    return found


def random_state(name: str, seed: int, plies: int) -> tuple[Any, Any, Any]:
    """A variant of game ``name``, a position ``plies`` random moves into a game and the one
    before it."""
    game = GAMES[name].game()
    rng = random.Random(seed)
    before, state = None, game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        move = (game.sample_chance(state, rng) if game.to_move(state) is CHANCE
                else rng.choice(game.legal_moves(state)))
        before, state = state, game.apply(state, move)
    return game, before, state


@pytest.mark.parametrize("name", PERFECT)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 30), flip=st.booleans())
@settings(max_examples=15, deadline=None)
def test_every_legal_move_is_offered_on_well_formed_targets(name: str, seed: int, plies: int,
                                                            flip: bool) -> None:
    game, before, state = random_state(name, seed, plies)
    svg = picture(game, state, View(flip, before)).svg()
    places = targets(svg)
    offered = moves(svg)
    legal = ([] if game.to_move(state) is CHANCE
             else [game.format_move(state, m) for m in game.legal_moves(state)])
    assert sorted(offered) == sorted(legal)
    for path in offered.values():
        assert all(t in places for t in path)
        assert len(set(path)) == len(path)
    for place in places.values():
        assert place.attrib["aria-label"] and place.attrib["role"] == "button"
        float(place.attrib["data-ax"]), float(place.attrib["data-ay"])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_board_endpoint_serves_the_picture(client: TestClient, name: str) -> None:
    game = GAMES[name].game()
    answer = client.get(f"/board/{name}.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    root = ElementTree.fromstring(answer.text)
    assert root.tag == f"{SVG}svg" and root.attrib["aria-label"]
    if game.info.information is Information.PERFECT:
        assert answer.text == picture(game, game.initial_state(), View()).svg()


def test_a_bad_board_request_is_a_json_error(client: TestClient) -> None:
    answer = client.get("/board/musketeers.svg", params={"position": "M XX", "board": "5x5"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "invalid position: 2 squares, expected 25"}
    answer = client.get("/board/tictactoe.svg", params={"before": "XXXXXXXXXX"})
    assert answer.status_code == 400


def _centre(element: ElementTree.Element) -> tuple[float, float]:
    """The centre of a target's first rectangle."""
    box = next(element.iter(f"{SVG}rect")).attrib
    return (float(box["x"]) + float(box["width"]) / 2,
            float(box["y"]) + float(box["height"]) / 2)


@pytest.mark.parametrize("name", ["musketeers", "tictactoe"])
@pytest.mark.parametrize("flip", [False, True])
def test_grid_squares_sit_at_their_coordinates(name: str, flip: bool) -> None:
    game = GAMES[name].game()
    svg = picture(game, game.initial_state(), View(flip)).svg()
    labels = {e.text: (float(e.attrib["x"]), float(e.attrib["y"]))
              for e in ElementTree.fromstring(svg).iter(f"{SVG}text")
              if e.text and e.text.isalnum() and len(e.text) <= 2 and e.text != "M"}
    for name_, place in targets(svg).items():
        x, y = _centre(place)
        assert abs(labels[name_[0]][0] - x) < 1  # under its column letter
        assert abs(labels[name_[1:]][1] - y) < 1  # beside its row number


def _pieces(svg: str, colour: str) -> int:
    """How many circles of ``colour`` the picture holds (a drop preview aside)."""
    return sum(1 for c in ElementTree.fromstring(svg).iter(f"{SVG}circle")
               if c.attrib.get("fill") == colour and c.attrib.get("class") != "preview")


@given(seed=st.integers(0, 10**6), plies=st.integers(1, 40))
@settings(max_examples=20, deadline=None)
def test_connect4_draws_each_columns_discs_and_marks_the_last(seed: int, plies: int) -> None:
    game, before, state = random_state("connect4", seed, plies)
    svg = picture(game, state, View(before=before)).svg()
    played = game.format_position(state)
    for column, place in targets(svg).items():
        drawn = ElementTree.tostring(place).decode()
        stones = played.count(column)
        assert drawn.count('stroke="#7f0000"') + drawn.count('stroke="#8d6e00"') == stones
        assert ('class="preview"' in drawn) == (stones < game.board.height)
    assert svg.count('class="last"') == (1 if before is not None else 0)
    assert _pieces(svg, "#d32f2f") == (len(played) + 1) // 2  # X moves first
    assert _pieces(svg, "#fdd835") == len(played) // 2


@given(seed=st.integers(0, 10**6), plies=st.integers(1, 20))
@settings(max_examples=20, deadline=None)
def test_musketeers_pieces_and_last_move_follow_the_rules(seed: int, plies: int) -> None:
    game, before, state = random_state("musketeers", seed, plies)
    svg = picture(game, state, View(before=before)).svg()
    assert _pieces(svg, "#c62828") == state.musketeers.bit_count()
    assert _pieces(svg, "#263238") == state.enemies.bit_count()
    assert svg.count('class="last"') == 2  # the square left and the square reached
    for move, path in moves(svg).items():
        assert "-".join(path) == move


def test_nim_counters_take_from_there_to_the_end() -> None:
    game = game_for("nim", {"piles": "2,0,5"})
    state = game.initial_state()
    svg = picture(game, state, View()).svg()
    assert sorted(targets(svg)) == sorted(f"{p + 1}:{t}" for p, size in enumerate(state.piles)
                                          for t in range(1, size + 1))
    assert moves(svg) == {game.format_move(state, m): [game.format_move(state, m)]
                          for m in game.legal_moves(state)}
    after = game.play(state, game.parse_move(state, "3:2"))
    assert picture(game, after, View(before=state)).svg().count('class="last"') == 2


def test_pig_shows_the_face_the_die_showed() -> None:
    game = get_game("pig").game()
    rolling = game.parse_position("A 10 20 5 roll")
    for face in range(1, 7):
        after = game.apply(rolling, face)
        assert thrown(after, rolling) == face
        svg = picture(game, after, View(before=rolling)).svg()
        pips = [c for c in ElementTree.fromstring(svg).iter(f"{SVG}circle")]
        assert len(pips) == face
    assert thrown(rolling, game.parse_position("A 10 20 5")) is None
    assert moves(picture(game, rolling, View()).svg()) == {}  # chance throws, not a person


def test_the_terminal_drawing_stands_in_for_a_missing_picture() -> None:
    game = game_for("musketeers", {"board": "4x4"})
    state = game.initial_state()
    entry = get_game("musketeers")
    drawn = text_picture(entry.draw(game, state), [
        (game.format_move(state, m), entry.draw(game, game.apply(state, m)))
        for m in game.legal_moves(state)])
    svg = drawn.svg()
    plain = entry.draw(game, state).plain.split("\n")
    for move, path in moves(svg).items():
        src = move.split("-")[0]
        x, y = (int(v) for v in path[0].split(","))
        assert plain[y][x] == "O"  # the musketeer's cell is clicked first
        assert plain[0][x] == src[0] and plain[y].split()[0] == src[1:]
    assert set(targets(svg)) == {t for p in moves(svg).values() for t in p}


def test_tictactoe_marks_the_winning_line() -> None:
    game = game_for("tictactoe", {})
    state = game.parse_position("XXXOO....")
    svg = picture(game, state, View()).svg()
    assert svg.count('fill="#a5d6a7"') == 3
    assert picture(game, game.parse_position("XX.OO...."), View()).svg().count("#a5d6a7") == 0


def test_connect4_rings_the_winning_line() -> None:
    game = game_for("connect4", {})
    won = game.parse_position("4455667")  # X: 4, 5, 6, 7 on the bottom row
    assert picture(game, won, View()).svg().count('stroke="#ffffff" stroke-width="4"') == 4
    assert 'stroke-width="4"' not in picture(game, game.parse_position("445566"),
                                             View()).svg()
