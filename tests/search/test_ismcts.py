"""Information-set MCTS against brute-force expectations on the hidden high-card game, Bouton's
nim-sum on Nim, and its options and budgets."""

from __future__ import annotations

import pytest

from tests.hidden_game import DECK, HighCard, Table
from zermelo.core.errors import OptionError
from zermelo.games.nim import Nim, NimState
from zermelo.search import search
from zermelo.search.base import Budget, budget
from zermelo.search.ismcts import Observers, ismcts

GAME = HighCard()
OBSERVERS: tuple[Observers, ...] = ("single", "multiple")


def showdown(a: int, b: int, pot: int) -> float:
    """A's return when the cards are shown."""
    return float(pot if a > b else -pot)


def call_or_fold(b: int) -> str:
    """B's better answer to a bet with card ``b``, by A's card drawn uniformly from the rest."""
    others = [a for a in DECK if a != b]
    call = sum(-showdown(a, b, 2) for a in others) / len(others)
    return "call" if call > -1 else "fold"


@pytest.mark.parametrize("observers", OBSERVERS)
@pytest.mark.parametrize("b", [b for b in DECK if b != 2])  # with a 2, both answers are worth -1
def test_the_answer_to_a_bet_is_the_best_in_expectation(observers: Observers, b: int) -> None:
    state = Table((1 if b != 1 else 2, b), ("bet",))
    result = ismcts(GAME, state, iterations=400, observers=observers, seed=b)
    assert result.best_move == call_or_fold(b)


def bet_value(a: int, answer_per_card: bool) -> float:
    """A's mean return for a bet with card ``a`` when B answers best either knowing its own
    card (``answer_per_card``) or with one answer for every card, as B's information set in a
    single-observer tree (keyed by A's information) makes it."""
    others = [b for b in DECK if b != a]
    answers = {"call": [showdown(a, b, 2) for b in others], "fold": [1.0] * len(others)}
    if answer_per_card:
        return sum(map(min, answers["call"], answers["fold"])) / len(others)
    return float(min(sum(v) / len(v) for v in answers.values()))


def test_single_and_multiple_observers_differ_as_their_trees_predict() -> None:
    a = 4
    check = sum(showdown(a, b, 1) for b in DECK if b != a) / (len(DECK) - 1)
    state = Table((a, 1), ())
    cases: tuple[tuple[Observers, bool], ...] = (("single", False), ("multiple", True))
    for observers, per_card in cases:
        expected = "bet" if bet_value(a, per_card) > check else "check"
        result = ismcts(GAME, state, iterations=3000, observers=observers, seed=1)
        assert result.best_move == expected, observers
    assert bet_value(a, False) != bet_value(a, True)  # the two oracles disagree here


@pytest.mark.parametrize("observers", OBSERVERS)
def test_equal_observations_give_equal_decisions(observers: Observers) -> None:
    for b in DECK:
        results = [ismcts(GAME, Table((a, b), ("bet",)), iterations=200, seed=7,
                          observers=observers) for a in DECK if a != b]
        assert len({(r.best_move, r.value) for r in results}) == 1


@pytest.mark.parametrize("piles", [(1, 2), (2, 3), (1, 4), (3, 2, 2)])
def test_it_finds_the_winning_nim_move(piles: tuple[int, ...]) -> None:
    game = Nim(piles)
    result = ismcts(game, NimState(piles, 0), iterations=3000, seed=0)
    assert result.best_move is not None
    after = game.apply(NimState(piles, 0), result.best_move)
    nim_sum = 0
    for pile in after.piles:
        nim_sum ^= pile
    assert nim_sum == 0


def test_a_chance_node_has_no_move_and_a_finished_game_its_return() -> None:
    start = ismcts(GAME, GAME.initial_state(), iterations=50, seed=0)
    assert start.best_move is None and start.stats.iterations == 50
    over = ismcts(GAME, Table((5, 1), ("bet", "fold")), iterations=50)
    assert over.best_move is None and over.exact and over.value == 1  # A, next to move, won


def test_the_same_seed_gives_the_same_search() -> None:
    state = Table((3, 4), ())
    first, second = (ismcts(GAME, state, iterations=300, seed=5, observers="multiple")
                     for _ in range(2))
    assert (first.best_move, first.value) == (second.best_move, second.value)


def test_budgets_stop_it_with_a_move() -> None:
    state = Table((3, 4), ())
    timed = ismcts(GAME, state, iterations=10_000_000, seconds=0.05, seed=0)
    assert timed.best_move in GAME.legal_moves(state) and timed.stats.iterations < 10_000_000
    with budget(Budget(nodes=1)):
        bounded = ismcts(GAME, state, iterations=10_000_000, seed=0)
    assert bounded.stats.iterations == 64


def test_bad_options_are_refused() -> None:
    state = Table((3, 4), ())
    for options, message in (({"iterations": 0}, "iterations 0: must be 1 to 10,000,000"),
                             ({"seconds": 0}, "seconds 0: must be more than 0"),
                             ({"observers": "some"}, "observers 'some': must be single or")):
        with pytest.raises(OptionError, match=message):
            ismcts(GAME, state, **options)


def test_it_is_a_named_search() -> None:
    state = Table((1, 5), ("bet",))
    for name in ("ismcts", "mo-ismcts"):
        assert search(name, GAME, state, iterations=300, seed=0).best_move == "call"
