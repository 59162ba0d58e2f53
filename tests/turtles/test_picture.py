"""The Turtle Race's board picture: a seat's picture shows its own colour and hand and nothing
else hidden, every legal move of the player to move is a path of drawn targets, and the web
page's server-held game draws it."""

from __future__ import annotations

import random
import re
from collections import Counter
from xml.etree import ElementTree

import pytest

from zermelo.core.game import CHANCE
from zermelo.core.picture import View
from zermelo.games.registry import get_game
from zermelo.games.turtles import Turtles, TurtleState, Variant
from zermelo.games.turtles.cards import COLOUR_NAMES, card_text
from zermelo.games.turtles.state import NONE
from zermelo.games.turtles.svg import board_picture
from zermelo.web import service
from zermelo.web.sessions import Sessions


def states(game: Turtles, seeds: range, every: int = 5) -> list[TurtleState]:
    """States of seeded random games where a player (not chance) is to move, and their ends."""
    found = []
    for seed in seeds:
        playout = game.random_playout(game.initial_state(), random.Random(seed))
        found += [s for s in playout[1::every] if game.to_move(s) is not CHANCE]
        found.append(playout[-1])
    return found


def card_faces(svg: str) -> list[str]:
    """The cards drawn face up, by notation."""
    return sorted(re.findall(r'<g class="card"><title>([^<]+)</title>', svg))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_seats_picture_shows_no_other_seats_colour_or_hand(players: int) -> None:
    game = Turtles(Variant(players=players))
    rng = random.Random(players)
    for state in states(game, range(3)):
        for seat in range(players):
            svg = board_picture(game, state, View(seat=seat)).svg()
            own = state.colours[seat]
            for turtle, name in enumerate(COLOUR_NAMES):  # the track has each turtle once;
                # the seat's row has its own turtle
                assert svg.count(f"<title>{name} turtle</title>") == 1 + (turtle == own)
            assert svg.count("colour hidden") == players - 1
            top = [c for c, _ in state.played if c != NONE][-1:]
            assert card_faces(svg) == sorted(card_text(c) for c in (*state.hands[seat], *top))
            other = game.resample(state, seat, rng)  # other colours and hands, one view
            assert board_picture(game, other, View(seat=seat)).svg() == svg


def test_the_whole_picture_shows_every_colour_and_hand() -> None:
    game = Turtles(Variant(players=3))
    for state in states(game, range(2)):
        svg = board_picture(game, state, View()).svg()
        assert "colour hidden" not in svg
        for colour in state.colours:
            assert svg.count(f"<title>{COLOUR_NAMES[colour]} turtle</title>") == 2
        held = Counter(card_text(c) for hand in state.hands for c in hand)
        assert not held - Counter(card_faces(svg))


@pytest.mark.parametrize("options", [{"players": "2"}, {"players": "4", "stuck": "pass"},
                                     {"players": "3", "overshoot": "forbid"}])
def test_every_legal_move_is_a_path_of_drawn_targets(options: dict[str, str]) -> None:
    game = get_game("turtles").game(options)
    assert isinstance(game, Turtles)
    checked = 0
    for state in states(game, range(6), every=2):
        if game.is_terminal(state):
            assert board_picture(game, state, View()).paths == {}
            continue
        mover = game.to_move(state)
        for seat in (None, mover):
            picture = board_picture(game, state, View(seat=seat))
            targets = set(re.findall(r'data-target="([^"]+)"', picture.svg()))
            legal = {game.format_move(state, m) for m in game.legal_moves(state)}
            assert set(picture.paths) == legal
            paths = list(picture.paths.values())
            assert len(set(paths)) == len(paths)  # one move per path
            assert not any(p != q and q[:len(p)] == p for p in paths for q in paths if p)
            for move, path in picture.paths.items():
                assert (path == ()) == (move == "pass")
                assert set(path) <= targets
                checked += 1
        other = (mover + 1) % game.players  # a seat not to move may click nothing
        assert board_picture(game, state, View(seat=other)).paths == {}
    assert checked > 100


def test_a_rainbow_card_then_its_turtle_plays_the_move() -> None:
    game = Turtles(Variant(players=2))
    state = game.parse_position("play A | colours RG | hands R+,*+,*-,^,^^ G+,G+,G-,B+,^^ | "
                                "track 0:GBP 2:RY | discard - | passes 0 | played R+")
    picture = board_picture(game, state, View(seat=0))
    assert picture.paths["*+Y"] == ("*+", "Y") and picture.paths["R+"] == ("R+",)
    assert picture.paths["^^G"] == ("^^", "G") and "^^R" not in picture.paths
    root = ElementTree.fromstring(picture.svg())
    assert root.get("data-moves") is not None


def test_the_entry_and_the_server_held_game_draw_the_turtles() -> None:
    entry = get_game("turtles")
    game = entry.game({"players": "3"})
    drawn = entry.picture(game, game.initial_state(), View())
    assert drawn is not None and "The Great Turtle Race" in drawn.title
    sessions = Sessions()
    tokens = sessions.open(game, [1], {0: lambda g, s: g.legal_moves(s)[0],
                                       2: lambda g, s: g.legal_moves(s)[0]}, 1.0, seed=3)
    table, seat = sessions.seat(tokens["B"])
    svg = sessions.picture(tokens["B"], service.picture, False).svg()
    assert "B (you)" in svg and svg.count("colour hidden") == 2
    assert not Counter(card_text(c) for c in table.state.hands[seat]) - Counter(card_faces(svg))


@pytest.mark.parametrize("players", [2, 5])
def test_the_narrow_layout_draws_the_same_things_inside_a_narrower_picture(players: int
                                                                          ) -> None:
    """Laid out for a phone: the same targets, moves, cards and turtles as the wide picture,
    every shape inside the picture (the track on two rows, the piles under the players)."""
    game = Turtles(Variant(players=players))
    for state in states(game, range(4)):
        for seat in (None, 0):
            wide = board_picture(game, state, View(seat=seat))
            narrow = board_picture(game, state, View(seat=seat, narrow=True))
            assert narrow.width < 0.6 * wide.width and narrow.height > wide.height
            assert narrow.paths == wide.paths
            assert card_faces(narrow.svg()) == card_faces(wide.svg())
            root = ElementTree.fromstring(narrow.svg())
            for shape in root.iter():
                for key in ("x", "cx"):
                    if key in shape.attrib:
                        assert 0 <= float(shape.attrib[key]) <= narrow.width, shape.attrib
                for key in ("y", "cy"):
                    if key in shape.attrib:
                        assert 0 <= float(shape.attrib[key]) <= narrow.height, shape.attrib
