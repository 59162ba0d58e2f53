"""Perfect-information Monte Carlo against brute-force expectations on the hidden high-card
game, with flat playouts and with an exact search in each sample."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from tests.hidden_game import DECK, HighCard, Table
from tests.search.test_ismcts import call_or_fold, showdown
from zermelo.core.errors import OptionError
from zermelo.core.game import Game
from zermelo.search import search
from zermelo.search.pimc import pimc

GAME = HighCard()


def negamax(game: Game[Any, Any], state: Any, player: int) -> float:
    """``player``'s return under perfect play by both with every card visible."""
    if game.is_terminal(state):
        return game.returns(state)[player]
    values = [negamax(game, game.apply(state, m), player) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == player else min(values)


def exact_moves(game: Game[Any, Any], state: Any, rng: random.Random, playouts: int
                ) -> dict[Hashable, float]:
    """Every move's perfect-information value for the side to move."""
    me = game.to_move(state)
    return {m: negamax(game, game.apply(state, m), me) for m in game.legal_moves(state)}


@pytest.mark.parametrize("b", [b for b in DECK if b != 2])
def test_the_answer_to_a_bet_is_the_best_in_expectation(b: int) -> None:
    state = Table((1 if b != 1 else 2, b), ("bet",))
    assert pimc(GAME, state, iterations=400, seed=b).best_move == call_or_fold(b)


@pytest.mark.parametrize("a", DECK)
def test_with_an_exact_search_it_averages_the_perfect_information_values(a: int) -> None:
    others = [b for b in DECK if b != a]
    check = sum(showdown(a, b, 1) for b in others) / len(others)
    bet = sum(1.0 if a > b else -2.0 for b in others) / len(others)  # B sees A's card: folds
    state = Table((a, others[0]), ())
    result = pimc(GAME, state, determinisations=400, seed=a, evaluate=exact_moves)
    assert result.value == pytest.approx(max(check, bet), abs=0.25)
    if abs(check - bet) > 0.2:
        assert result.best_move == ("check" if check > bet else "bet")


def test_a_vote_counts_the_samples_where_a_move_is_best() -> None:
    a = 4  # checking is as good as betting against a 1, 2 or 3 and better against the 5
    result = pimc(GAME, Table((a, 1), ()), determinisations=100, seed=0, evaluate=exact_moves,
                  vote=True)
    assert result.best_move == "check"


def test_equal_observations_give_equal_decisions() -> None:
    for b in DECK:
        results = [pimc(GAME, Table((a, b), ("bet",)), iterations=200, seed=3)
                   for a in DECK if a != b]
        assert len({(r.best_move, r.value) for r in results}) == 1


def test_budgets_and_bad_options() -> None:
    state = Table((3, 4), ())
    timed = pimc(GAME, state, determinisations=100_000, seconds=0.05, seed=0)
    assert timed.best_move in GAME.legal_moves(state) and timed.stats.iterations < 100_000
    for options, message in (({"iterations": 0}, "iterations 0: must be 1 to 10,000,000"),
                             ({"determinisations": 0}, "determinisations 0: must be 1 to"),
                             ({"seconds": -1}, "seconds -1: must be more than 0")):
        with pytest.raises(OptionError, match=message):
            pimc(GAME, state, **options)  # type: ignore[arg-type]


def test_no_move_at_a_chance_node_or_the_end() -> None:
    assert pimc(GAME, GAME.initial_state()).best_move is None
    over = pimc(GAME, Table((5, 1), ("bet", "call")))
    assert over.best_move is None and over.exact and over.value == 2


def test_it_is_a_named_search() -> None:
    assert search("pimc", GAME, Table((1, 5), ("bet",)), iterations=200).best_move == "call"
