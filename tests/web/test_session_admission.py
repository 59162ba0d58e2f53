"""Server-held games cannot be flooded or predicted: places per client and in all, engines
moving through the server's admission (pool or one search at a time), chance dealt from the
server's randomness unless the game has no hidden part."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

import zermelo.web.service as service
from tests.hidden_game import HighCard
from zermelo.games.registry import get_game
from zermelo.web import create_app
from zermelo.web.sessions import PooledEngine, Sessions, TooMany, engine_move
from zermelo.web.workers import Admission, Busy


def first_legal(game: Any, state: Any) -> Any:
    return game.legal_moves(state)[0]


def test_one_client_holds_at_most_its_share() -> None:
    now = [0.0]
    sessions = Sessions(limit=5, per_client=2, lifetime=60.0, clock=lambda: now[0])
    game = HighCard()
    for _ in range(2):
        sessions.open(game, [0, 1], {}, 1.0, client="10.0.0.1")
    with pytest.raises(TooMany, match="2 games in progress from this address, at most 2"):
        sessions.open(game, [0, 1], {}, 1.0, client="10.0.0.1")
    for client in ("10.0.0.2", "10.0.0.2", "10.0.0.3"):  # others still get places
        sessions.open(game, [0, 1], {}, 1.0, client=client)
    with pytest.raises(Busy, match="5 games are in progress"):
        sessions.open(game, [0, 1], {}, 1.0, client="10.0.0.4")
    now[0] = 61.0  # idle tables expire, and their places with them
    sessions.open(game, [0, 1], {}, 1.0, client="10.0.0.1")
    assert len(sessions.tables) == 1 and list(sessions.owners.values()) == ["10.0.0.1"]


def test_a_flood_from_one_address_is_refused_with_429(monkeypatch: pytest.MonkeyPatch) -> None:
    known = service.game_for
    monkeypatch.setattr(service, "game_for", lambda name, options: HighCard()
                        if name == "highcard" else known(name, options))
    client = TestClient(create_app(sessions=Sessions(per_client=3)))
    body = {"seats": {"A": "person", "B": "person"}}
    codes = [client.post("/api/highcard/sessions", json=body).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    refused = client.post("/api/highcard/sessions", json=body).json()["error"]
    assert refused.startswith("too many games: 3 games in progress from this address")
    assert client.get("/api/games").status_code == 200


def test_a_hidden_game_is_dealt_from_the_server_not_a_client_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    client = TestClient(create_app(sessions=Sessions(per_client=100)))
    seats = {"A": "person", "B": "random", "C": "random"}
    body = {"seats": seats, "options": {"players": "3"}}
    refused = client.post("/api/turtles/sessions", json={**body, "seed": 7})
    assert refused.status_code == 422 and "server's own randomness" in refused.json()["error"]
    observations = set()
    for _ in range(20):
        token = client.post("/api/turtles/sessions", json=body).json()["tokens"]["A"]
        observations.add(client.get(f"/api/sessions/{token}").json()["observation"])
    assert len(observations) > 10  # 20 deals, no two alike but by chance
    fair = client.post("/api/tictactoe/sessions",
                       json={"seats": {"X": "person", "O": "random"}, "seed": 5})
    assert fair.status_code == 200  # no hidden part: a seed replays a game


def test_session_engines_move_through_the_servers_admission() -> None:
    calls: list[tuple[Any, ...]] = []

    def run(seconds: float, task: Any, *args: Any) -> Any:
        calls.append((seconds, task, args[2:]))
        return task(*args)

    game = get_game("tictactoe").game({})
    engine = PooledEngine("alphabeta:2", 1.5, None, run)
    token = Sessions().open(game, [1], {0: engine}, 1.5)["O"]
    assert token and len(calls) == 1
    seconds, task, (spec, seed, _, budget) = calls[0]
    assert task is engine_move and spec == "alphabeta:2" and seed is None and budget == 1.5
    assert seconds > budget  # the pool's wait: the budget and a grace


def test_without_a_pool_one_search_runs_at_a_time() -> None:
    admission = Admission()
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "done"

    worker = threading.Thread(target=lambda: admission.run(5, slow))
    worker.start()
    started.wait(5)
    with pytest.raises(Busy, match="busy with another search"):
        admission.run(5, lambda: "second")
    release.set()
    worker.join()
    assert admission.run(5, lambda: "third") == "third"


def test_a_busy_server_puts_an_engines_move_off_until_the_next_request() -> None:
    game = HighCard()
    busy = [True]

    def engine(game: Any, state: Any) -> Any:
        if busy[0]:
            raise Busy("the server is busy")
        return first_legal(game, state)

    sessions = Sessions()
    token = sessions.open(game, [0], {1: engine}, 1.0)["A"]
    view = sessions.play(token, "bet")  # taken; the engine's answer put off
    assert not view["your_turn"] and view["to_move"] == "B" and len(view["log"]) == 2
    assert sessions.view(token)["to_move"] == "B"
    busy[0] = False
    assert sessions.view(token)["status"]["over"]


def test_a_server_with_a_pool_moves_session_engines_there(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from zermelo.web.workers import Pool

    used: list[str] = []
    run = Pool.run

    def counted(self: Pool, seconds: float, task: Any, *args: Any, client: str = "") -> Any:
        used.append(task.__name__)
        return run(self, seconds, task, *args, client=client)

    monkeypatch.setattr(Pool, "run", counted)
    with TestClient(create_app(workers=1)) as client:
        token = client.post("/api/tictactoe/sessions", json={
            "seats": {"X": "person", "O": "alphabeta:2"}}).json()["tokens"]["X"]
        view = client.post(f"/api/sessions/{token}/play", json={"move": "b2"}).json()
    assert view["your_turn"] and len(view["log"]) == 2
    assert used == ["engine_move"]
