"""The Great Turtle Race's rules against the rule book and the paper's worked example: the deck,
stacks, the start square, arrows, the open points, the end, notation and bad input."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from zermelo.cli.main import app
from zermelo.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
)
from zermelo.core.game import CHANCE
from zermelo.games.registry import get_game
from zermelo.games.turtles import Deal, Turtles, TurtleState, Variant
from zermelo.games.turtles.board import START, ranking, victory_points
from zermelo.games.turtles.cards import (
    COLOUR_NAMES,
    COLOURS,
    KINDS,
    STEPS,
    card_text,
    deck_counts,
    parse_card,
)
from zermelo.games.turtles.notation import parse_play
from zermelo.games.turtles.state import DRAW, NONE, OVER, PASS, PLAY, legal_plays

RED, GREEN, BLUE, YELLOW, PURPLE = range(5)


def position(game: Turtles, track: str, hands: str = "R+,R+,R+,R+,R+ G+,G+,G+,G+,G+",
             colours: str = "RG", discard: str = "-", played: str = "-") -> TurtleState:
    return game.parse_position(f"play A | colours {colours} | hands {hands} | track {track} | "
                               f"discard {discard} | passes 0 | played {played}")


def test_the_deck_and_the_cards_that_move_red_are_the_papers() -> None:
    """52 cards; the paper counts 20 cards that can move red, 16 forward and 4 back."""
    deck = deck_counts()
    assert sum(deck) == 52 and sum(deck_counts("4+3-")) == 52
    board = position(Turtles(), "1:R 2:GBYP").board  # red alone in last place, off the start
    moves_red = [c for c in range(KINDS) if (c, RED) in legal_plays(Variant(), [c], board)]
    assert sum(deck[c] for c in moves_red if STEPS[c] > 0) == 16
    assert sum(deck[c] for c in moves_red if STEPS[c] < 0) == 4
    assert sorted(card_text(c) for c in moves_red) == sorted(
        ["R+", "R++", "R-", "*+", "*-", "^", "^^"])


def test_the_papers_worked_example_of_stacks() -> None:
    """Figures 1-4: the arrow moves red with yellow on its back but not blue under it; purple's
    minus carries red and yellow back; red's ++ carries yellow."""
    game = Turtles()
    state = position(game, "1:BRY 2:P 4:G", hands="^,P-,R++,R+,R+ G+,G+,G+,G+,G+")
    state = game.play(state, game.parse_move(state, "^R"))
    assert state.board[1] == (BLUE,) and state.board[2] == (PURPLE, RED, YELLOW)
    state = game.play(state, 0)  # A draws R+
    state = game.play(state, game.parse_move(state, "G+"))  # B
    state = game.play(state, 6)  # B draws B+
    state = game.play(state, game.parse_move(state, "P-"))
    assert state.board[1] == (BLUE, PURPLE, RED, YELLOW)
    state = game.play(state, 0)
    state = game.play(state, game.parse_move(state, "G+"))
    state = game.play(state, 6)
    state = game.play(state, game.parse_move(state, "R++"))
    assert state.board[1] == (BLUE, PURPLE) and state.board[3] == (RED, YELLOW)


def test_the_start_square_holds_turtles_side_by_side() -> None:
    game = Turtles()
    state = position(game, "0:RGBYP", hands="R-,*-,^,^^,G+ B+,B+,B+,B+,B+")
    plays = [game.format_move(state, m) for m in game.legal_moves(state)]
    assert "R-" not in plays and not any(p.startswith("*-") for p in plays)
    assert [p for p in plays if p.startswith("^")] == [f"^{c}" for c in COLOURS] + [
        f"^^{c}" for c in COLOURS]
    state = position(game, "0:GBP 1:RY", hands="R-,*-,^,^^,G+ B+,B+,B+,B+,B+")
    back = game.apply(state, game.parse_move(state, "R-"))
    assert back.board[0] == (0, 1, 2, 3, 4)  # red and yellow back on the start, unstacked
    assert ranking(back.board) == [(0, 1, 2, 3, 4)]


def test_overshooting_the_lettuce_stops_there_or_is_forbidden() -> None:
    track, hands = "0:GBYP 8:R", "R++,G+,G+,B+,B+ Y+,Y+,P+,P+,*+"
    stop = Turtles()
    state = stop.apply(position(stop, track, hands), parse_play("R++"))
    assert state.phase == OVER and state.board[9] == (RED,) and stop.winners(state) == [0]
    forbid = Turtles(Variant(overshoot="forbid"))
    assert "R++" not in [forbid.format_move(s, m) for s in [position(forbid, track, hands)]
                         for m in forbid.legal_moves(s)]


def test_the_lower_turtle_of_a_stack_ranks_first_and_neutral_turtles_can_win_the_race() -> None:
    game = Turtles()
    state = position(game, "0:BP 8:YRG", colours="RG", hands="Y+,G+,G+,B+,B+ Y++,Y+,P+,P+,*+")
    end = game.apply(state, (parse_card("Y+") or 0, YELLOW))
    assert end.phase == OVER and end.board[9] == (YELLOW, RED, GREEN)
    assert game.winners(end) == [0] and game.returns(end) == (1.0, -1.0)  # red under green
    goes_on = Turtles(Variant(neutral="continue"))
    state = position(goes_on, "0:RGBP 8:Y", hands="Y+,G+,G+,B+,B+ Y++,Y+,P+,P+,*+")
    after = goes_on.apply(state, (parse_card("Y+") or 0, YELLOW))
    assert after.phase == DRAW  # yellow is nobody's: the race goes on
    assert (parse_card("Y+"), YELLOW) not in legal_plays(goes_on.variant, [9], after.board)


def test_owned_turtles_sharing_the_start_share_the_win() -> None:
    game = Turtles(Variant(players=3))
    state = game.parse_position("play A | colours RGB | hands Y++,G+,G+,B+,B+ R+,R+,P+,P+,*+ "
                                "R+,R+,R+,*+,*+ | track 0:RGBP 8:Y | discard - | passes 0 | "
                                "played -")
    end = game.apply(state, (parse_card("Y++") or 0, YELLOW))
    assert game.winners(end) == [0, 1, 2] and game.winner(end) is None
    assert game.returns(end) == (0.0, 0.0, 0.0)


def test_a_player_with_no_legal_card_discards_or_passes() -> None:
    hands = "R-,R-,G-,G-,B- B-,Y-,Y-,P-,P-"
    discard = Turtles()
    state = position(discard, "0:RGBYP", hands=hands)
    assert [discard.format_move(state, m) for m in discard.legal_moves(state)] == [
        "xR-", "xG-", "xB-"]
    after = discard.apply(state, discard.parse_move(state, "xG-"))
    assert after.phase == DRAW and after.board == START and after.discard[5] == 1
    passing = Turtles(Variant(stuck="pass"))
    state = position(passing, "0:RGBYP", hands=hands)
    assert passing.legal_moves(state) == [PASS]
    state = passing.apply(state, PASS)
    assert state.phase == PLAY and state.mover == 1 and state.passes == 1
    state = passing.apply(state, PASS)  # a whole round of passes ends the game
    assert state.phase == OVER and passing.winner(state) is None


def test_the_discard_pile_is_reshuffled_or_the_drawing_stops() -> None:
    """Play until the draw pile is empty: it is refilled from the discards, or no more cards
    are drawn and the game ends after a round of passes at the latest."""
    for reshuffle in ("shuffle", "stop"):
        game = Turtles(Variant(reshuffle=reshuffle, neutral="continue"))
        refilled = emptied = False
        for seed in range(40):
            for state in game.random_playout(game.initial_state(), random.Random(seed)):
                if state.phase == PLAY and len(state.hands[state.mover]) < 5:
                    emptied = True  # the pile ran out and no card was drawn
                if state.played and sum(state.discard) == 0:
                    refilled = True
        assert refilled == (reshuffle == "shuffle") and (emptied == (reshuffle == "stop"))


def test_victory_points_are_five_a_square_less_the_turtles_under() -> None:
    board = position(Turtles(), "0:GP 3:BRY").board
    assert [victory_points(board, t) for t in (BLUE, RED, YELLOW, GREEN)] == [19, 18, 17, 4]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 5))
def test_random_games_keep_every_card_and_turtle_and_round_trip(seed: int, players: int) -> None:
    game = Turtles(Variant(players=players))
    for state in game.random_playout(game.initial_state(), random.Random(seed)):
        assert sorted(t for stack in state.board for t in stack) == list(range(5))
        held = [sum(h.count(c) for h in state.hands) for c in range(KINDS)]
        assert [h + p + d for h, p, d in zip(held, state.pile, state.discard, strict=True)] == \
            list(game.deck)
        assert game.parse_position(game.format_position(state)) == state
        if game.to_move(state) is not CHANCE and state.phase != OVER:
            assert all(len(h) == 5 for h in state.hands)
            for move in game.legal_moves(state):
                assert game.parse_move(state, game.format_move(state, move)) == move


def test_a_view_shows_no_other_colour_or_hand() -> None:
    game = Turtles(Variant(players=3))
    state = game.apply(game.initial_state(), game.sample_chance(game.initial_state(),
                                                                random.Random(1)))
    view = game.view(state, 1)
    assert view.colours == (None, state.colours[1], None) and view.hand == state.hands[1]
    text = game.observation_text(state, 1)
    other = [c for p, c in enumerate(state.colours) if p != 1]
    assert all(f"({COLOURS[c]})" not in text for c in other)
    assert game.view(state, 1, cheat=True).colours == state.colours


def test_resampling_forgets_the_hidden_colours_and_hands() -> None:
    """Two deals that player A cannot tell apart (the same own colour and hand) resample to one
    distribution of B's colour, of B's hand and of the draw pile."""
    from tests.test_conformance import resampling_problems

    game = Turtles()
    hand = (0, 0, 3, 15, 17)
    first = game.apply(game.initial_state(), Deal((0, 1), (hand, (6, 6, 6, 7, 18))))
    second = game.apply(game.initial_state(), Deal((0, 4), (hand, (2, 5, 8, 11, 16))))
    assert resampling_problems(game, [(first, second, 0)]) == []


def test_bad_positions_moves_and_options_are_refused_with_one_line() -> None:
    game = Turtles()
    good = "play A | colours RG | hands R+,R+,R+,R+,R+ G+,G+,G+,G+,G+ | track 0:RGBYP | " \
           "discard - | passes 0 | played -"
    assert game.parse_position(good).phase == PLAY
    for bad in ("", "play C | " + good[7:], good.replace("colours RG", "colours RR"),
                good.replace("0:RGBYP", "0:RGBY"), good.replace("0:RGBYP", "0:RGB 12:YP"),
                good.replace("R+,R+,R+,R+,R+", "R+,R+,R+,R+,R+,R+"),
                good.replace("R+,R+,R+,R+,R+", "R++,R++,G+,G+,G+"),
                good.replace("passes 0", "passes 7"), good.replace("played -", "played Q+"),
                good.replace("| discard - ", ""), "draw A" + good[6:]):
        with pytest.raises(InvalidPositionError) as caught:
            game.parse_position(bad)
        assert "\n" not in str(caught.value)
    state = game.parse_position(good)
    for text in ("Q+", "*+", "xR-G", "R+G", "hello"):
        with pytest.raises(InvalidMoveError):
            game.parse_move(state, text)
    for text in ("G+", "R-", "^^R", "pass", "xR+"):
        with pytest.raises(IllegalMoveError):
            game.parse_move(state, text)
    for option in ({"players": "6"}, {"players": "1"}, {"rainbow": "3+4-"}, {"stuck": "x"}):
        with pytest.raises(OptionError):
            get_game("turtles").game(option)


def test_the_svg_picture_draws_every_turtle_and_only_the_viewers_hand(tmp_path: Path) -> None:
    game = Turtles(Variant(players=3))
    state = game.random_playout(game.initial_state(), random.Random(6))[30]
    path = tmp_path / "board.svg"
    result = CliRunner().invoke(app, ["turtles", "show", game.format_position(state),
                                      "--players", "3", "--as", "B", "--svg", str(path)])
    assert result.exit_code == 0, result.output
    root = ElementTree.fromstring(path.read_text())
    groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert sum(g.get("class") == "turtle" for g in groups) == 5 + 1  # the track, B's row
    cards = [g.findtext("{http://www.w3.org/2000/svg}title", "") for g in groups
             if g.get("class") == "card"]
    top = [c for c, _ in state.played if c != NONE][-1:]  # the discard pile's top card
    assert sorted(cards) == sorted(card_text(c) for c in (*state.hands[1], *top))
    assert "B (you)" in path.read_text()
    assert f"your turtle is {COLOUR_NAMES[state.colours[1]]}" in result.output


GOOD = ("play A | colours RG | hands R+,R+,R+,*-,^ G+,G+,G-,B+,^^ | track 0:GBP 2:RY | "
        "discard - | passes 0 | played R+")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40) | st.sampled_from(GOOD.split(" | ")).map(lambda f: GOOD.replace(
    f, f[:-1])))
def test_any_text_is_read_or_refused_with_a_typed_error(text: str) -> None:
    game = Turtles()
    state = game.parse_position(GOOD)
    with contextlib.suppress(InvalidPositionError):
        game.parse_position(text)
    with contextlib.suppress(InvalidMoveError, IllegalMoveError):
        assert game.parse_move(state, text) in game.legal_moves(state)


@pytest.mark.parametrize("seat", ["", "AB", "D"])
def test_show_as_refuses_what_is_not_a_player_of_the_game(seat: str) -> None:
    game = Turtles(Variant(players=3))
    result = CliRunner().invoke(app, ["turtles", "show", game.format_position(
        game.random_playout(game.initial_state(), random.Random(1))[10]), "--players", "3",
        "--as", seat])
    assert result.exit_code != 0
