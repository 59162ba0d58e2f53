"""The compiled rollouts agree with the readable strategies play by play and with the rules'
random playouts in distribution; the belief finds the colour an H player owns."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.turtles.test_search import positions
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.kernels import HT, SQ, pack
from zermelo.solvers.turtles.agents import decide, make_agent
from zermelo.solvers.turtles.belief import Belief
from zermelo.solvers.turtles.playouts import POLICIES, RATES, policy_rollout, rates_of, score
from zermelo.solvers.turtles.strategies import EFFICIENT, FAST, Settings, Strategy


@pytest.mark.parametrize("name", ["F", "E", "H"])
def test_compiled_scores_are_the_strategy_s(name: str) -> None:
    game = Turtles(Variant(players=4))
    strategy = Strategy(game, name, Settings())
    for state in positions(game, 300, seed=5):
        view = game.view(state, game.to_move(state))
        s = pack(state)
        sq, ht = s[SQ:SQ + 5], s[HT:HT + 5]
        row = rates_of(sq, ht, view.colour, POLICIES[name])
        assert (FAST, EFFICIENT)[row] == strategy.rates(view)
        for card, turtle in game.legal_plays(view):
            assert score(sq, ht, view.colour, card, turtle, RATES[row]) == strategy.score(
                view, (card, turtle))


@pytest.mark.parametrize("variant", [Variant(players=2), Variant(players=3, reshuffle="stop",
                                                                  stuck="pass")])
def test_random_rollouts_win_as_often_as_the_rules_random_games(variant: Variant) -> None:
    game = Turtles(variant)
    rng = random.Random(6)
    state = positions(game, 30, seed=6)[-1]
    rules = [game.returns(game.random_playout(state, rng)[-1])[0] for _ in range(1000)]
    compiled = [policy_rollout("random")(game, state, rng)[0] for _ in range(4000)]
    assert abs(float(np.mean(rules)) - float(np.mean(compiled))) < 0.12  # returns span 2


def test_the_belief_finds_the_colour_of_an_h_player() -> None:
    game = Turtles(Variant(players=2))
    belief = Belief(game)
    hybrid = make_agent("H", game)
    found = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = game.initial_state()
        while len(state.played) < 16:
            if game.to_move(state) < 0:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, decide(game, hybrid, state, rng))
        view = game.view(state, 0)
        posterior = belief.posterior(view)
        assert sum(posterior.values()) == pytest.approx(1)
        assert all(a[0] == view.colour for a in posterior)
        marginal = belief.marginals(view)[1]
        found += max(range(5), key=marginal.__getitem__) == state.colours[1]
    assert found >= 12  # a uniform guess among the four would find about 5


def test_without_plays_every_colour_is_as_likely() -> None:
    game = Turtles(Variant(players=3))
    state = game.apply(game.initial_state(), game.sample_chance(game.initial_state(),
                                                                random.Random(0)))
    posterior = Belief(game).posterior(game.view(state, 1))
    assert len(posterior) == 12
    assert all(p == pytest.approx(1 / 12) for p in posterior.values())
