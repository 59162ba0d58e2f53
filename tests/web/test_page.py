"""The page at / and the SVG boards it shows: self-contained, drawn by the game's renderer."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient

from zermelo.games.registry import GAMES
from zermelo.web import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_the_page_loads_nothing_from_elsewhere(client: TestClient) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", answer.text)
    for path in ("/api/games", "/moves", "/play", "/engine", "/analyze", "/board/"):
        assert path in answer.text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_svg_board_shows_the_renderers_characters(client: TestClient, name: str) -> None:
    entry = GAMES[name]
    game = entry.game()
    state = game.apply(game.initial_state(), game.legal_moves(game.initial_state())[0])
    answer = client.get(f"/board/{name}.svg", params={"position": game.format_position(state)})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    drawn = [e.text for e in ElementTree.fromstring(answer.text).iter()
             if e.tag.endswith("text")]
    assert drawn == [c for c in entry.draw(game, state).plain if not c.isspace()]


def test_a_bad_board_request_is_a_json_error(client: TestClient) -> None:
    answer = client.get("/board/musketeers.svg", params={"position": "M XX", "board": "5x5"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "invalid position: 2 squares, expected 25"}


def _moves(svg: str) -> dict[str, tuple[list[tuple[int, ...]], list[dict[str, str]]]]:
    """Each move group of a board: its changed cells and its spot rectangles."""
    groups = [g for g in ElementTree.fromstring(svg).iter() if g.attrib.get("class") == "move"]
    return {g.attrib["data-move"]: ([tuple(map(int, c.split(","))) for c in
                                     g.attrib["data-cells"].split()], [r.attrib for r in g])
            for g in groups}


def _label_cell(plain: str, square: str) -> tuple[int, int]:
    """Where the drawing puts ``square``: under its column letter, beside its row number."""
    lines = plain.split("\n")
    x = lines[0].index(square[0])
    y = next(i for i, line in enumerate(lines) if line.split()[:1] == [square[1:]])
    return x, y


@pytest.mark.parametrize(("name", "position"), [("musketeers", None),
                                                ("musketeers", "E XXXXO XXXXX XXO.X XXXXX OXXXX"),
                                                ("tictactoe", "X...O....")])
def test_grid_moves_are_clicked_on_their_squares(client: TestClient, name: str,
                                                 position: str | None) -> None:
    entry = GAMES[name]
    game = entry.game()
    state = game.initial_state() if position is None else game.parse_position(position)
    svg = client.get(f"/board/{name}.svg", params={"position": game.format_position(state)}).text
    moves = _moves(svg)
    assert sorted(moves) == sorted(game.format_move(state, m) for m in game.legal_moves(state))
    plain = entry.draw(game, state).plain
    for move, (cells, spots) in moves.items():
        squares = re.findall(r"[a-z]\d+", move)
        assert sorted(cells) == sorted(_label_cell(plain, s) for s in squares)
        assert [(int(r["x"]), int(r["y"])) for r in spots] == [(x * 14, y * 24) for x, y in cells]


def test_connect4_moves_are_clicked_anywhere_in_their_column(client: TestClient) -> None:
    entry = GAMES["connect4"]
    game = entry.game()
    state = game.parse_position("44")
    svg = client.get("/board/connect4.svg", params={"position": "44"}).text
    height = int(ElementTree.fromstring(svg).attrib["height"])
    labels = entry.draw(game, state).plain.rstrip("\n").split("\n")[-1]
    for move, (cells, spots) in _moves(svg).items():
        [(x, _)] = cells
        [spot] = spots
        assert labels.index(move) == x
        assert (int(spot["x"]), int(spot["y"]), int(spot["height"])) == (x * 14, 0, height)
