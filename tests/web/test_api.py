"""The HTTP API through FastAPI's test client: every endpoint, every kind of bad input."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import zermelo.web.service as service
from zermelo.core.figures import measured
from zermelo.core.game import CHANCE, Information
from zermelo.engines import engines_for, parse_spec
from zermelo.games.registry import GAMES, AnyGame, get_game
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.web import create_app

SMALL = {"board": "4x4"}


@pytest.fixture(scope="module")
def client(db_root: Path) -> TestClient:
    return TestClient(create_app(db_root))


def expected(game: AnyGame, state: Any) -> dict[str, Any]:
    """What the API must say about a position, from the game itself."""
    winner = game.winner(state)
    mover = game.to_move(state)
    return {"position": game.format_position(state),
            "to_move": "chance" if mover is CHANCE else game.info.players[mover],
            "status": {"over": game.is_terminal(state),
                       "winner": None if winner is None else game.info.players[winner],
                       "message": get_game(game.info.name).status_line(game, state)}}


def test_games_lists_every_game_and_engine(client: TestClient) -> None:
    answer = client.get("/api/games")
    assert answer.status_code == 200
    body = answer.json()
    assert [g["name"] for g in body["games"]] == list(GAMES)
    for listed in body["games"]:
        entry = GAMES[listed["name"]]
        game = entry.game()
        assert listed["players"] == list(game.info.players)
        assert listed["start"] == game.format_position(game.initial_state())
        assert [e["name"] for e in listed["engines"]] == [
            e.name for e in engines_for(entry, game)]
        assert listed["default_engine"] in [e["name"] for e in listed["engines"]]
        assert [o["name"] for o in listed["options"]] == entry.options.names()


def test_games_carry_their_measured_figures(client: TestClient, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    listed = {g["name"]: g["figures"] for g in client.get("/api/games").json()["games"]}
    assert {n for n, f in listed.items() if f} == {n for n, e in GAMES.items() if e.figures}
    for name, figures in listed.items():
        assert [f["name"] for f in figures] == list(GAMES[name].figures)
        for figure in figures:
            assert figure["rows"] and all(len(r) == len(figure["columns"]) for r in figure["rows"])
            assert figure["command"].startswith("python benchmarks/")

    named = sorted({n for e in GAMES.values() for n in e.figures})
    (tmp_path / f"{named[0]}.json").write_text('{"table": [', encoding="utf-8")  # cut short
    monkeypatch.setattr(service, "measured", lambda name: measured(name, tmp_path))  # none else
    answer = client.get("/api/games")
    assert answer.status_code == 200  # a damaged file is its one line, the rest still served
    errors = {f["name"]: f["error"] for g in answer.json()["games"] for f in g["figures"]}
    assert set(errors) == set(named) and all(e.count("\n") == 0 for e in errors.values())
    assert errors[named[0]] == f"bad data: figures {named[0]}: cannot be read (JSONDecodeError)"
    assert all(errors[n].endswith("cannot be read (FileNotFoundError)") for n in named[1:])


PERFECT = sorted(n for n, e in GAMES.items()
                 if e.game().info.information is Information.PERFECT)
"""The games the stateless endpoints play (hidden information is held in sessions)."""


@pytest.mark.parametrize("name", PERFECT)
def test_a_random_game_through_moves_and_play_agrees_with_the_rules(client: TestClient,
                                                                    name: str) -> None:
    game, rng = GAMES[name].game(), random.Random(7)
    state, position = game.initial_state(), None
    while True:
        body = client.post(f"/api/{name}/moves", json={"position": position}).json()
        legal = [game.format_move(state, m) for m in game.legal_moves(state)]
        assert body == {"moves": legal, **expected(game, state)}
        if game.is_terminal(state):
            break
        move = rng.choice(game.legal_moves(state))
        text = game.format_move(state, move)
        state = game.apply(state, move)
        body = client.post(f"/api/{name}/play", json={"position": position, "move": text}).json()
        assert body == expected(game, state)
        position = body["position"]
    assert body["status"]["over"]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("engine", ["random", "alphabeta:2", "mcts:20"])
def test_engines_answer_a_legal_move_and_the_position_after_it(client: TestClient, name: str,
                                                               engine: str) -> None:
    game = GAMES[name].game()
    state = game.initial_state()
    answer = client.post(f"/api/{name}/engine", json={"engine": engine, "seed": 1})
    if engine.partition(":")[0] not in [e.name for e in engines_for(GAMES[name], game)]:
        assert answer.status_code == 400
        assert answer.json()["error"].startswith("unsupported game: ")
        return
    body = answer.json()
    move = game.parse_move(state, body.pop("move"))
    assert body.pop("proven") in (True, False, None)
    assert body == expected(game, game.play(state, move))


@pytest.mark.parametrize("engine", ["perfect", "swindle"])
def test_database_engines_keep_the_result(client: TestClient, db_root: Path,
                                          engine: str) -> None:
    database = Database.open(Variant(4, 4, 3), db_root)
    game = get_game("musketeers").game(SMALL)
    state = game.initial_state()
    body = client.post("/api/musketeers/engine",
                       json={"engine": engine, "options": SMALL, "seed": 3}).json()
    move = game.parse_move(state, body["move"])
    assert move in database.best_moves(state)
    assert body["position"] == game.format_position(game.apply(state, move))


def test_analyze_lists_every_move_with_the_database_result(client: TestClient,
                                                           db_root: Path) -> None:
    database = Database.open(Variant(4, 4, 3), db_root)
    game = get_game("musketeers").game(SMALL)
    state = game.apply(game.initial_state(), game.legal_moves(game.initial_state())[2])
    body = client.post("/api/musketeers/analyze",
                       json={"position": game.format_position(state), "options": SMALL}).json()
    assert body["result"] == str(database.lookup(state))
    assert [(m["move"], m["result"]) for m in body["moves"]] == [
        (game.format_move(state, m), str(r)) for m, r in database.analyze(state)]
    best = {game.format_move(state, m) for m in database.best_moves(state)}
    assert {m["move"] for m in body["moves"] if m["best"]} == best
    assert body["value"]["kind"] == "win"
    assert {k: body[k] for k in ("position", "to_move", "status")} == expected(game, state)


def test_a_finished_game_names_its_winner(client: TestClient) -> None:
    game = get_game("tictactoe").game()
    state = game.play_line(game.initial_state(), ["a1", "a2", "b1", "b2", "c1"])
    body = client.post("/api/tictactoe/moves",
                       json={"position": game.format_position(state)}).json()
    assert body["moves"] == []
    assert body["status"] == {"over": True, "winner": "X", "message": "X wins: 3 in a row"}


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "error"),
    [
        ("post", "/api/chess/moves", {}, 404,
         f"unknown name: no game 'chess' (known: {', '.join(GAMES)})"),
        ("post", "/api/tictactoe/engine", {"engine": "deep"}, 404,
         "unknown name: no engine 'deep' for Tic-tac-toe (known: perfect, skill, random, "
         "alphabeta, mcts)"),
        ("post", "/api/tictactoe/engine", {"engine": "mcts:0"}, 422,
         "invalid option: engine mcts:0: the level (simulations) must be a whole number from "
         "1 to 10000000"),
        ("post", "/api/tictactoe/engine", {"engine": "swindle"}, 404,
         "unknown name: no engine 'swindle' for Tic-tac-toe (known: perfect, skill, random, "
         "alphabeta, mcts)"),
        ("post", "/api/connect4/analyze", {"position": "12"}, 400,
         "unsupported game: no exact analysis of this 7x6 position: off the engine's book, a "
         "position of fewer than 8 stones takes minutes to solve (an opening book covers it: "
         "zermelo connect4 book)"),
        ("post", "/api/tictactoe/analyze", {"options": {"board": "4x4"}}, 400,
         "unsupported game: analysis needs at most 12 empty squares, this position has 16"),
        ("post", "/api/connect4/moves", {"options": {"k": "1000000000"}}, 422,
         "invalid option: k 1000000000: expected a whole number from 2 to 62"),
        ("post", "/api/tictactoe/moves", {"position": "XX"}, 400, None),
        ("post", "/api/musketeers/moves", {"position": "M XX"}, 400,
         "invalid position: 2 squares, expected 25"),
        ("post", "/api/tictactoe/play", {"move": "z9"}, 400, None),
        ("post", "/api/tictactoe/play", {"position": "X........", "move": "a1"}, 400, None),
        ("post", "/api/tictactoe/play", {"position": "XXXOO....", "move": "c3"}, 400,
         "illegal move: c3: the game is over"),
        ("post", "/api/tictactoe/engine", {"position": "XXXOO....", "engine": "random"}, 400,
         "illegal move: the game is over: no move to play"),
        ("post", "/api/tictactoe/play", {}, 422, "move: Field required"),
        ("post", "/api/tictactoe/moves", {"position": 3}, 422,
         "position: Input should be a valid string"),
        ("post", "/api/tictactoe/moves", [], 422, None),
        ("post", "/api/musketeers/moves", {"options": {"board": "4by4"}}, 422,
         "invalid option: board 4by4: expected WIDTHxHEIGHT with each side from 2 to 8"),
        ("post", "/api/musketeers/analyze", {}, 400, None),
        ("post", "/api/musketeers/engine", {"engine": "perfect"}, 400, None),
    ],
)
def test_bad_input_answers_4xx_with_one_line(client: TestClient, method: str, path: str,
                                             body: Any, status: int, error: str | None) -> None:
    answer = client.request(method.upper(), path, json=body)
    assert answer.status_code == status
    message = answer.json()["error"]
    assert "\n" not in message and "Traceback" not in message
    if error is not None:
        assert message == error
    assert client.get("/api/games").status_code == 200  # still serving


def test_bad_json_is_named(client: TestClient) -> None:
    answer = client.post("/api/tictactoe/moves", content=b"{bad",
                         headers={"content-type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("bad JSON: ")


def test_the_openapi_docs_are_served(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', docs.text)
    assert assets and all(a.startswith("/") for a in assets)  # works offline: no CDN
    assert all(client.get(a).status_code == 200 for a in assets)
    paths = client.get("/openapi.json").json()["paths"]
    assert set(paths) == {"/api/games", "/api/{game}/engines", "/api/{game}/moves",
                          "/api/{game}/play", "/api/{game}/engine", "/api/{game}/analyze",
                          "/api/{game}/sessions",
                          "/api/sessions/{token}", "/api/sessions/{token}/play",
                          "/api/sessions/{token}/undo", "/api/sessions/{token}/redo",
                          "/api/{game}/variant", "/api/{game}/explain",
                          "/api/sessions/{token}/hint", "/api/{game}/puzzle",
                          "/api/{game}/line"}


def test_a_bug_answers_500_with_one_line_and_a_value_error_is_no_excuse(
        db_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise ValueError("a library bug, not bad input")

    monkeypatch.setattr("zermelo.web.service.moves", broken)
    answer = TestClient(create_app(db_root), raise_server_exceptions=False).post(
        "/api/nim/moves", json={})
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal error: ValueError, please report"}


@pytest.mark.parametrize(("name", "options", "position", "best"), [
    ("nim", {"piles": "1,2"}, None, {"2:1"}),
    ("tictactoe", {}, "XX.OO....", {"c1"}),
    ("connect4", {"board": "4x4", "k": "3"}, "1212", None),
    ("connect4", {}, "", {"4"}),  # from the engine's book, at once
    ("connect4", {}, "4444", {"4"}),
])
def test_analysis_of_every_game_that_has_one(client: TestClient, name: str,
                                             options: dict[str, str], position: str | None,
                                             best: set[str] | None) -> None:
    body = client.post(f"/api/{name}/analyze",
                       json={"options": options, "position": position}).json()
    game = GAMES[name].game(options)
    state = game.initial_state() if position is None else game.parse_position(position)
    assert [m["move"] for m in body["moves"]] == [game.format_move(state, m)
                                                  for m in game.legal_moves(state)]
    assert body["unproven"] == []
    marked = {m["move"] for m in body["moves"] if m["best"]}
    if best is not None:
        assert marked == best
    mover = game.info.players[game.to_move(state)]
    top = max(m["value"].get("score", 0) for m in body["moves"])
    if name == "connect4":  # every move's exact score for the side to move; best = highest
        assert {m["value"]["player"] for m in body["moves"]} == {mover}
        assert marked == {m["move"] for m in body["moves"] if m["value"]["score"] == top}


@pytest.mark.parametrize(("method", "path", "body", "status", "error"), [
    ("post", "/api/nim/moves", b"\xff\xfe{", 400, "bad JSON: There was an error parsing the body"),
    ("post", "/api/nim/moves", b"[" * 100_000 + b"]" * 100_000, 413,
     "request body too large: at most 65,536 bytes"),
    ("get", "/api/nowhere", None, 404, "Not Found"),
    ("put", "/api/games", None, 405, "Method Not Allowed"),
])
def test_malformed_requests_answer_json_errors(client: TestClient, method: str, path: str,
                                               body: bytes | None, status: int,
                                               error: str) -> None:
    answer = client.request(method.upper(), path, content=body,
                            headers={"content-type": "application/json"})
    assert answer.status_code == status
    assert answer.json() == {"error": error}


def test_errors_name_no_server_path_and_stay_short(client: TestClient, db_root: Path) -> None:
    answer = client.post("/api/musketeers/engine", json={"engine": "perfect",
                                                         "options": {"board": "5x4"}})
    message = answer.json()["error"]
    assert answer.status_code == 400 and "musketeers-5x4-m3" in message
    assert str(db_root) not in message and "/" not in message.split(" in ")[1].split(":")[0]
    answer = client.post("/api/tictactoe/moves", json={"position": "X" * 5000})
    assert answer.status_code == 400 and len(answer.json()["error"]) <= 200


def test_every_game_names_its_engine_strengths_in_words(client: TestClient) -> None:
    listed = client.get("/api/games").json()["games"]
    for game in listed:
        words = [s["name"] for s in game["strengths"]]  # perfect where it plays
        assert words[:3] == ["easy", "club", "strong"] and len(words) in (3, 4), game["name"]
        entry = GAMES[game["name"]]
        offered = {e["name"] for e in game["engines"]}
        for strength in game["strengths"]:  # an engine of the game, at a level in range
            spec, _ = parse_spec(strength["engine"], entry)
            assert spec.name in offered
        if words[-1] == "perfect":  # exact: a database, a solver or a search to the end
            engine = game["strengths"][-1]["engine"]
            assert engine == "perfect" or engine.endswith(":64")


def test_a_variants_engines_offer_perfect_where_it_can_play(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six Men's Morris is solved when first asked for, so perfect plays it and is its default;
    the standard board without its tables offers the strongest engine that plays instead."""
    monkeypatch.setenv("ZERMELO_DATA", str(tmp_path))
    six = client.post("/api/morris/engines", json={"options": {"board": "six"}}).json()
    assert six["default_engine"] == "perfect" and six["strengths"][-1]["engine"] == "perfect"
    standard = client.post("/api/morris/engines", json={}).json()
    names = [e["name"] for e in standard["engines"]]
    assert "perfect" not in names and standard["default_engine"] == names[0] == "heuristic"
    assert "perfect" not in [s["engine"] for s in standard["strengths"]]
    bad = client.post("/api/morris/engines", json={"options": {"board": "ten"}})
    assert bad.status_code == 422 and "board ten" in bad.json()["error"]
