"""Server-held games: a seat's answers never hold another seat's secret (a small card game
where each player hides one card), tokens, turns, and the bounds on tables held."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import zermelo.web.service as service
from tests.hidden_game import HighCard, Table
from zermelo.core.errors import IllegalMoveError, InvalidMoveError, OptionError, UnknownNameError
from zermelo.core.picture import Picture, View
from zermelo.web import create_app
from zermelo.web.sessions import Sessions
from zermelo.web.workers import Busy

SHOWDOWNS = (("check",), ("bet", "call"))


def first_legal(game: Any, state: Any) -> Any:
    return game.legal_moves(state)[0]


def hidden_from(view: dict[str, Any], card: int) -> bool:
    """Whether ``card`` appears nowhere in a view but in the end's returns."""
    shown = {k: v for k, v in view.items() if k != "status"}
    shown["status"] = {k: v for k, v in view["status"].items() if k != "returns"}
    return re.search(rf"\b{card}\b", json.dumps(shown)) is None


@pytest.mark.parametrize("seed", range(30))
def test_a_seat_never_sees_the_other_card_before_a_showdown(seed: int) -> None:
    sessions, rng = Sessions(), random.Random(seed)
    game = HighCard()
    seated = rng.random() < 0.5  # the person sits at A or B, an engine at the other
    me = 1 if seated else 0
    tokens = sessions.open(game, [me], {1 - me: first_legal}, 1.0, seed)
    assert list(tokens) == [game.info.players[me]]  # no token for the engine's seat
    token = tokens[game.info.players[me]]
    table, _ = sessions.seat(token)
    assert table.state.cards is not None  # chance dealt at once
    other = table.state.cards[1 - me]
    views = [sessions.view(token)]
    while views[-1]["your_turn"]:
        views.append(sessions.play(token, rng.choice(views[-1]["moves"])))
    state: Table = table.state
    assert game.is_terminal(state)
    for view in views[:-1]:
        assert hidden_from(view, other)
    assert hidden_from(views[-1], other) == (state.actions not in SHOWDOWNS)
    assert views[-1]["observation"] == game.observation_text(state, me)
    assert all(e["move"] is None for e in views[-1]["log"] if e["player"] != views[-1]["seat"])


def test_a_seats_board_is_drawn_from_what_it_sees() -> None:
    sessions, game = Sessions(), HighCard()
    tokens = sessions.open(game, [0, 1], {}, 1.0, seed=5)
    table, _ = sessions.seat(tokens["A"])
    true_b = table.state.cards[1]
    drawn: list[tuple[Any, View]] = []

    def draw(game: Any, state: Any, view: View) -> Picture:
        drawn.append((state, view))
        return Picture(10, 10, "cards")

    for _ in range(40):
        sessions.picture(tokens["A"], draw, False)
    assert {v.seat for _, v in drawn} == {0}
    assert {s.cards[0] for s, _ in drawn} == {table.state.cards[0]}  # A's own card
    assert {game.observation(s, 0) for s, _ in drawn} == {game.observation(table.state, 0)}
    assert len({s.cards[1] for s, _ in drawn}) > 1  # B's card drawn at random, not read
    assert any(s.cards[1] != true_b for s, _ in drawn)


def test_tokens_are_secret_and_turns_are_kept() -> None:
    sessions, game = Sessions(), HighCard()
    tokens = sessions.open(game, [0, 1], {}, 1.0, seed=1)
    assert len(set(tokens.values())) == 2 and all(len(t) >= 32 for t in tokens.values())
    with pytest.raises(UnknownNameError):
        sessions.view("not-a-token")
    with pytest.raises(IllegalMoveError):
        sessions.play(tokens["B"], "call")  # A moves first
    with pytest.raises(InvalidMoveError):
        sessions.play(tokens["A"], "raise")
    assert sessions.play(tokens["A"], "bet")["to_move"] == "B"
    assert sessions.view(tokens["B"])["moves"] == ["call", "fold"]
    with pytest.raises(OptionError):
        sessions.open(game, [0], {}, 1.0)  # seat B has nobody
    with pytest.raises(OptionError):
        sessions.open(game, [], {0: first_legal, 1: first_legal}, 1.0)  # nobody to answer


def test_tables_are_bounded_in_number_and_lifetime() -> None:
    now = [0.0]
    sessions, game = Sessions(limit=2, lifetime=60.0, clock=lambda: now[0]), HighCard()
    first = sessions.open(game, [0, 1], {}, 1.0)
    sessions.open(game, [0, 1], {}, 1.0)
    with pytest.raises(Busy):
        sessions.open(game, [0, 1], {}, 1.0)
    now[0] = 30.0
    sessions.view(first["A"])  # a request keeps its table alive
    now[0] = 70.0
    sessions.open(game, [0, 1], {}, 1.0)  # the second, idle for 70 s, made room
    assert len(sessions.tables) == 2
    now[0] = 200.0
    with pytest.raises(UnknownNameError):
        sessions.view(first["A"])
    assert sessions.tables == [] and sessions.seats == {}


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> TestClient:
    """The app with the card game reachable as ``highcard``."""
    known = service.game_for
    monkeypatch.setattr(service, "game_for", lambda name, options: HighCard()
                        if name == "highcard" else known(name, options))
    return TestClient(create_app())


def test_over_http_each_seat_sees_only_its_own_card(client: TestClient) -> None:
    answer = client.post("/api/highcard/sessions",
                         json={"seats": {"A": "person", "B": "person"}})
    assert answer.status_code == 200
    tokens = answer.json()["tokens"]
    a = client.get(f"/api/sessions/{tokens['A']}").json()
    b = client.get(f"/api/sessions/{tokens['B']}").json()
    card_a = int(a["observation"].split()[1].rstrip(","))
    card_b = int(b["observation"].split()[1].rstrip(","))
    assert card_a != card_b
    answers = [a, client.post(f"/api/sessions/{tokens['A']}/play", json={"move": "bet"}).json()]
    assert hidden_from(answers[0], card_b) and hidden_from(answers[1], card_b)
    assert client.post(f"/api/sessions/{tokens['A']}/play",
                       json={"move": "call"}).status_code == 400  # B's turn
    final = client.post(f"/api/sessions/{tokens['B']}/play", json={"move": "fold"}).json()
    assert final["status"]["over"] and hidden_from(final, card_a)
    assert client.get("/api/sessions/nope").status_code == 404


def test_over_http_engines_reply_and_seats_are_checked(client: TestClient) -> None:
    answer = client.post("/api/tictactoe/sessions",
                         json={"seats": {"X": "person", "O": "alphabeta:2"}, "seconds": 1})
    tokens = answer.json()["tokens"]
    assert list(tokens) == ["X"]
    view = client.post(f"/api/sessions/{tokens['X']}/play", json={"move": "b2"}).json()
    assert view["your_turn"] and len(view["log"]) == 2 and view["log"][0]["move"] == "b2"
    board = client.get(f"/board/session/{tokens['X']}.svg")
    assert board.status_code == 200 and "data-moves" in board.text
    for seats in ({"X": "person"}, {"X": "person", "O": "person", "Z": "person"},
                  {"X": "person", "O": "deep"}):
        answer = client.post("/api/tictactoe/sessions", json={"seats": seats})
        assert answer.status_code in (404, 422) and "\n" not in answer.json()["error"]


def test_a_seat_sees_the_public_moves_of_others_and_not_the_secret_ones() -> None:
    from zermelo.games.registry import get_game

    sessions = Sessions()
    turtles = get_game("turtles").game({"players": "3"})  # cards are played face up
    token = sessions.open(turtles, [0], {1: first_legal, 2: first_legal}, 1.0, seed=4)["A"]
    view = sessions.view(token)
    while not view["status"]["over"] and len(view["log"]) < 12:
        view = sessions.play(token, view["moves"][0])
    others = [e for e in view["log"] if e["player"] in ("B", "C")]
    assert others and all(e["move"] for e in others)
    assert all(e["move"] is None for e in view["log"] if e["player"] == "chance")
    game = HighCard()  # by default another seat's move is not shown
    token = sessions.open(game, [0], {1: first_legal}, 1.0, seed=2)["A"]
    view = sessions.view(token)
    while view["your_turn"]:
        view = sessions.play(token, view["moves"][0])
    assert [e["move"] for e in view["log"] if e["player"] == "B"] in ([], [None])


def test_the_board_shows_every_secret_once_the_game_is_over() -> None:
    sessions, game = Sessions(), HighCard()
    token = sessions.open(game, [0], {1: first_legal}, 1.0, seed=3)["A"]
    drawn: list[View] = []

    def draw(game: Any, state: Any, view: View) -> Picture:
        drawn.append(view)
        return Picture(10, 10, "test")

    sessions.picture(token, draw, False)
    assert drawn[-1].seat == 0  # during the game: the seat's own view
    view = sessions.view(token)
    while not view["status"]["over"]:
        view = sessions.play(token, view["moves"][0])
    sessions.picture(token, draw, False)
    assert drawn[-1].seat is None  # after it: everything


def test_a_table_whose_engine_fails_takes_no_place() -> None:
    sessions, game = Sessions(limit=1), HighCard()

    def broken(game: Any, state: Any) -> Any:
        raise RuntimeError("an engine bug")

    with pytest.raises(RuntimeError):
        sessions.open(game, [1], {0: broken}, 1.0)  # the engine moves first and fails
    assert sessions.open(game, [0, 1], {}, 1.0)  # the only place is free again


def fickle(game: Any, state: Any) -> Any:
    """An engine that decides afresh from the system's randomness on every call."""
    return random.SystemRandom().choice(game.legal_moves(state))


def put_off(game: Any, state: Any) -> Any:
    """An engine whose every move a busy server puts off."""
    raise Busy("the server is busy")


def turtle_table(players: str = "3", engine: Any = fickle) -> tuple[Sessions, str]:
    from zermelo.games.registry import get_game

    sessions = Sessions()
    turtles = get_game("turtles").game({"players": players})
    engines = {seat: engine for seat in range(1, int(players))}
    return sessions, sessions.open(turtles, [0], engines, 1.0)["A"]  # dealt unseeded


def test_undo_and_redo_replay_the_dice_and_the_engines() -> None:
    """Pig (no hidden part): takes-backs and replays with an engine that would decide afresh."""
    from zermelo.games.registry import get_game

    sessions = Sessions()
    token = sessions.open(get_game("pig").game({"goal": "20"}), [0], {1: fickle}, 1.0)["A"]
    table, _ = sessions.seat(token)
    views, states = [sessions.view(token)], [table.state]
    rng = random.Random(5)
    while not views[-1]["status"]["over"] and len(views) < 8:
        views.append(sessions.play(token, rng.choice(views[-1]["moves"])))
        states.append(table.state)
    assert views[-1]["can_undo"] and not views[-1]["can_redo"]
    played = len(views) - 1
    for back in range(played, 0, -1):  # every take-back shows the seat the earlier view
        view = sessions.undo(token)
        assert {**view, "can_redo": True, "can_undo": back > 1} == \
            {**views[back - 1], "can_redo": True, "can_undo": back > 1}
        assert table.state == states[back - 1]
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        sessions.undo(token)
    for step in range(1, played + 1):  # redo: the same rolls, the same replies
        view = sessions.redo(token)
        assert table.state == states[step]
        assert {**view, "can_redo": step < played} == {**views[step], "can_redo": step < played}
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        sessions.redo(token)


@pytest.mark.parametrize("run", range(5))  # unseeded deals: five of them
def test_another_card_after_a_take_back_draws_the_same_card_from_the_pile(run: int) -> None:
    """Before the engine answers (its move put off by a busy server) a card may be taken back,
    and another card played draws the card drawn the first time."""
    from collections import Counter

    sessions, token = turtle_table("2", put_off)
    table, _ = sessions.seat(token)
    game = table.game
    view = sessions.view(token)
    before = table.state
    cards = {game.parse_move(before, m)[0]: m for m in view["moves"]}
    if len(cards) < 2:
        pytest.skip("A holds one kind of card")
    drawn = []
    for card, move in list(cards.items())[:2]:
        answer = sessions.play(token, move)
        assert answer["to_move"] == "B" and answer["can_undo"]  # the answer put off
        drawn.append(Counter(table.state.hands[0]) - (Counter(before.hands[0]) - Counter([card])))
        sessions.undo(token)
        assert table.state == before
    assert drawn[0] == drawn[1] and sum(drawn[0].values()) == 1


@pytest.mark.parametrize("players", ["2", "3"])
def test_trying_every_first_card_shows_no_more_than_one_line_of_play(players: str) -> None:
    """Each legal first card of the person in turn, with undo between: every undo after the
    engines answered is refused, so the engines' cards shown are those of one line of play
    (one card each), where taking back and trying again would show up to one a card tried."""
    shown: list[Any] = []

    def recorded(game: Any, state: Any) -> Any:
        move = fickle(game, state)
        shown.append(move[0])  # the card laid face up
        return move

    sessions, token = turtle_table(players, recorded)
    table, _ = sessions.seat(token)
    start, engines = table.state, int(players) - 1
    hands = {card for seat in range(1, engines + 1) for card in start.hands[seat]}
    tried = 0
    for move in sessions.view(token)["moves"]:
        if table.state != start:
            break  # the first card stands: the others cannot be tried from the start
        assert not sessions.play(token, move)["can_undo"]
        tried += 1
        with pytest.raises(IllegalMoveError, match="an opponent has answered your move"):
            sessions.undo(token)
    assert tried == 1 and len(shown) == engines and set(shown) <= hands


def test_undo_is_refused_with_two_people_at_the_table() -> None:
    sessions, game = Sessions(), HighCard()
    tokens = sessions.open(game, [0, 1], {}, 1.0, seed=1)
    view = sessions.play(tokens["A"], "bet")
    assert not view["can_undo"]
    with pytest.raises(IllegalMoveError, match="one person"):
        sessions.undo(tokens["A"])


def test_over_http_an_answered_card_stands(client: TestClient) -> None:
    answer = client.post("/api/turtles/sessions",
                         json={"seats": {"A": "person", "B": "random"}, "seconds": 1})
    token = answer.json()["tokens"]["A"]
    start = client.get(f"/api/sessions/{token}").json()
    assert not start["can_undo"]
    played = client.post(f"/api/sessions/{token}/play", json={"move": start["moves"][0]}).json()
    assert not played["can_undo"] and [e["player"] for e in played["log"]].count("B") == 1
    refused = client.post(f"/api/sessions/{token}/undo")
    assert refused.status_code == 400
    assert refused.json()["error"] == ("illegal move: undo: an opponent has answered your move, "
                                       "and with hidden cards the plays that others answered "
                                       "stand")
    assert client.get(f"/api/sessions/{token}").json() == played  # nothing taken back
    assert client.post(f"/api/sessions/{token}/redo").status_code == 400
    assert client.post("/api/sessions/nope/undo").status_code == 404
