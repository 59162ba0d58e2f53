"""Values: text round trips, the order a player prefers, analyses' best moves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zermelo.core.errors import InvariantError, ZermeloError
from zermelo.core.value import Analysis, Kind, Value

PLAYERS = ("M", "E")


@given(st.sampled_from(PLAYERS), st.one_of(st.none(), st.integers(0, 500)))
def test_wins_round_trip_through_their_text(player: str, plies: int | None) -> None:
    value = Value.win(player, plies)
    assert Value.parse(str(value), PLAYERS) == value
    assert value.as_json()["text"] == str(value)


def test_draws_parse_and_bad_texts_are_refused() -> None:
    assert Value.parse("draw", PLAYERS) == Value.draw()
    for text in ("X3", "E-1", "", "M 3"):
        with pytest.raises(ZermeloError, match="is not a value like E33 or draw"):
            Value.parse(text, PLAYERS)


@given(st.integers(0, 99), st.integers(0, 99))
def test_a_player_prefers_winning_sooner_and_losing_later(a: int, b: int) -> None:
    mine_a, mine_b = Value.win("M", a), Value.win("M", b)
    theirs_a, theirs_b = Value.win("E", a), Value.win("E", b)
    assert (mine_a.for_player("M") > mine_b.for_player("M")) == (a < b)
    assert (theirs_a.for_player("M") > theirs_b.for_player("M")) == (a > b)
    assert mine_a.for_player("M") > Value.draw().for_player("M") > theirs_b.for_player("M")


def test_scores_and_probabilities_order_by_amount_for_their_player_and_against_others() -> None:
    assert Value.score("X", 3).for_player("X") > Value.score("X", 1).for_player("X")
    assert Value.score("X", 3).for_player("O") < Value.score("X", 1).for_player("O")
    assert Value.probability("A", 0.7).for_player("B") == (pytest.approx(0.3), 0.0)
    with pytest.raises(InvariantError, match="outside"):
        Value.probability("A", 1.5)


def test_loss_names_the_other_player_and_only_with_two() -> None:
    assert Value.loss(PLAYERS, 0, 5) == Value.win("E", 5)
    with pytest.raises(ZermeloError, match="only with two players"):
        Value.loss(("A", "B", "C"), 0)


def test_an_analysis_marks_the_moves_that_keep_the_best_value() -> None:
    moves = [("a", Value.win("E", 7)), ("b", Value.win("M", 9)), ("c", Value.win("M", 3)),
             ("d", Value.win("M", 3))]
    analysis = Analysis.of(Value.win("M", 4), moves, "M")
    assert analysis.best == ("c", "d")
    assert Analysis.of(Value.win("M", 4), moves, "E").best == ("a",)
    assert analysis.value.kind is Kind.WIN
    assert Value.win("E", 33).words({"E": "Black"}) == "Black wins in 33 plies"
