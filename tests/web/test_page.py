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
    for path in ("/api/games", "/moves", "/play", "/engine", "/musketeers/analyze", "/board/"):
        assert path in answer.text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_svg_board_shows_the_renderers_characters(client: TestClient, name: str) -> None:
    entry = GAMES[name]
    game = entry.create({})
    state = game.apply(game.initial_state(), game.legal_moves(game.initial_state())[0])
    answer = client.get(f"/board/{name}.svg", params={"position": game.format_position(state)})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    drawn = [e.text for e in ElementTree.fromstring(answer.text).iter()
             if e.tag.endswith("text")]
    assert drawn == [c for c in entry.render(game, state).plain if not c.isspace()]


def test_a_bad_board_request_is_a_json_error(client: TestClient) -> None:
    answer = client.get("/board/musketeers.svg", params={"position": "M XX", "board": "5x5"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "invalid position: 2 squares, expected 25"}
