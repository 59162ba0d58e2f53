"""The routes that help a person play: a variant's seats, moves in words, a seat's hint."""

from __future__ import annotations

from fastapi.testclient import TestClient

from zermelo.games.turtles.notation import parse_play
from zermelo.web import create_app

CLIENT = TestClient(create_app())


def test_the_seats_follow_the_players_option_and_bad_options_are_422() -> None:
    answer = CLIENT.post("/api/turtles/variant", json={"options": {"players": "4"}}).json()
    assert answer["players"] == ["A", "B", "C", "D"]
    assert answer["default_engine"] == "belief-ismcts" and answer["hint_engine"] == "hybrid"
    assert CLIENT.post("/api/turtles/variant", json={"options": {"players": "6"}}
                       ).status_code == 422
    assert CLIENT.post("/api/chess/variant", json={}).status_code == 404


def test_moves_in_words_and_a_bad_move_is_one_line_400() -> None:
    words = CLIENT.post("/api/turtles/explain", json={"moves": ["^^B", "xR-", "pass"]}
                        ).json()["words"]
    assert words == ["^^B: the blue turtle (a last one) two squares forward",
                     "xR-: discarded R-, moving no turtle", "pass: no card to play"]
    assert CLIENT.post("/api/tictactoe/explain", json={"moves": ["b2"]}).json() == {
        "words": ["b2"]}  # a notation that speaks for itself
    bad = CLIENT.post("/api/turtles/explain", json={"moves": ["Q+"]})
    assert bad.status_code == 400 and "\n" not in bad.json()["error"]
    assert CLIENT.post("/api/turtles/explain", json={"moves": ["R+"] * 401}).status_code == 422


def test_a_seat_s_hint_is_one_of_its_legal_moves() -> None:
    tokens = CLIENT.post("/api/turtles/sessions", json={
        "seats": {"A": "person", "B": "random"}}).json()["tokens"]
    view = CLIENT.get(f"/api/sessions/{tokens['A']}").json()
    hint = CLIENT.post(f"/api/sessions/{tokens['A']}/hint").json()
    assert hint["move"] in view["moves"]
    assert hint["words"].startswith(hint["move"]) or hint["move"] == "pass"
    parse_play(hint["move"])
    assert CLIENT.post("/api/sessions/nope/hint").status_code == 404


def test_a_puzzle_has_one_move_keeping_its_result_and_the_line_is_perfect_play() -> None:
    puzzle = CLIENT.post("/api/tictactoe/puzzle", json={"seed": 3}).json()
    analysis = CLIENT.post("/api/tictactoe/analyze", json={"position": puzzle["position"]}
                           ).json()
    kept = [m["move"] for m in analysis["moves"] if m["best"]]
    assert kept == [puzzle["solution"]] and puzzle["found"] >= 1
    line = CLIENT.post("/api/tictactoe/line", json={"position": puzzle["position"]}).json()
    assert line["moves"][0] == puzzle["solution"]  # the only best move begins perfect play
    assert len(line["positions"]) == len(line["moves"]) + 1
    assert line["positions"][0] == puzzle["position"]
    assert CLIENT.post("/api/turtles/puzzle", json={}).status_code == 400  # no analysis
    assert CLIENT.post("/api/pig/puzzle", json={"options": {"goal": "5"}}).status_code == 400
    refused = CLIENT.post("/api/musketeers/puzzle", json={"options": {"board": "3x5"}})
    assert refused.status_code == 400 and "database" in refused.json()["error"]  # not built
    assert CLIENT.post("/api/tictactoe/line", json={"plies": 41}).status_code == 422
    assert CLIENT.post("/api/tictactoe/line", json={"position": "XXX"}).status_code == 400
