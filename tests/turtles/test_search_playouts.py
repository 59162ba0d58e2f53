"""The compiled strategies agree with the readable reference play by play (rates, scores, and
the play chosen, ties drawn uniformly), the compiled rollouts with the rules' random playouts in
distribution; the belief finds the colour an H player owns."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.turtles.test_search import positions
from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.belief import Belief
from zermelo.agents.turtles.compiled.agents import reseed
from zermelo.agents.turtles.playouts import policy_rollout
from zermelo.agents.turtles.registry import make_agent
from zermelo.agents.turtles.strategies import (
    POLICIES,
    RANDOM,
    RATES,
    Rates,
    Settings,
    Strategy,
    choose,
    rates_of,
    score,
)
from zermelo.core.errors import OptionError
from zermelo.core.game import CHANCE
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.kernels import LEGAL_ROOM, kernel_legal, pack, play_of, rules_of

KERNEL_VARIANTS = [Variant(players=2), Variant(players=4),
                   Variant(players=3, rainbow="4+3-", overshoot="forbid", stuck="pass")]


def as_rates(row: np.ndarray) -> Rates:
    return Rates(*(int(r) for r in row))


@pytest.mark.parametrize("variant", KERNEL_VARIANTS, ids=lambda v: f"{v.players}p")
@pytest.mark.parametrize("name", ["F", "E", "H"])
def test_the_compiled_strategy_is_the_reference_s(name: str, variant: Variant) -> None:
    """The kernels' settings (the defaults): the same rates and scores, and a chosen play among
    the reference's best, on random positions of three variants."""
    game = Turtles(variant)
    strategy = Strategy(game, name, Settings())
    rules = rules_of(variant)
    codes = np.empty(LEGAL_ROOM, np.int64)
    reseed(5)
    for state in positions(game, 200, seed=5):
        view = game.view(state, game.to_move(state))
        s = pack(state)
        rates = rates_of(s, view.colour, POLICIES[name])
        assert as_rates(rates) == strategy.rates(view)
        n = kernel_legal(s, rules, codes)
        plays = [tuple(int(x) for x in play_of(c)) for c in codes[:n]]
        assert plays == game.legal_plays(view)
        scores = [strategy.score(view, p) for p in plays]
        assert [score(s, view.colour, POLICIES[name], rates, *p) for p in plays] == scores
        chosen = choose(s, view.colour, POLICIES[name], codes, n, 0.0)
        assert scores[chosen] == max(scores)


def test_the_compiled_strategy_breaks_ties_uniformly() -> None:
    """Where several plays share the best score, each is chosen about equally often (the
    reference's ``ties=random``)."""
    game = Turtles(Variant(players=3))
    rules = rules_of(game.variant)
    codes = np.empty(LEGAL_ROOM, np.int64)
    reseed(8)
    checked = 0
    for state in positions(game, 200, seed=8):
        view = game.view(state, game.to_move(state))
        s = pack(state)
        n = kernel_legal(s, rules, codes)
        rates = rates_of(s, view.colour, POLICIES["H"])
        values = [score(s, view.colour, POLICIES["H"], rates, *play_of(c)) for c in codes[:n]]
        best = [i for i, v in enumerate(values) if v == max(values)]
        if len(best) < 2:
            continue
        counts = np.bincount([choose(s, view.colour, POLICIES["H"], codes, n, 0.0)
                              for _ in range(300)], minlength=n)
        assert set(np.flatnonzero(counts)) == set(best)
        assert counts[best].min() > 300 / len(best) / 2, counts[best]
        checked += 1
    assert checked > 20


def test_random_and_epsilon_plays_are_uniform() -> None:
    game = Turtles(Variant(players=2))
    state = positions(game, 10, seed=3)[-1]
    s = pack(state)
    codes = np.empty(LEGAL_ROOM, np.int64)
    n = kernel_legal(s, rules_of(game.variant), codes)
    assert n > 2
    reseed(3)
    own = state.colours[state.mover]
    assert score(s, own, RANDOM, RATES[0], *play_of(codes[0])) == 0.0
    for policy, epsilon in ((RANDOM, 0.0), (POLICIES["F"], 1.0)):
        counts = np.bincount([choose(s, own, policy, codes, n, epsilon) for _ in range(2000)],
                             minlength=n)
        assert counts.min() > 2000 / n / 2, counts


@pytest.mark.parametrize("name", ["mcts:H:cc=once", "minimax:F:ties=first",
                                  "alphabeta:H:vpmax=owned", "mcts-ref:E:fp=moved"])
def test_the_compiled_searches_refuse_settings_the_kernels_do_not_play(name: str) -> None:
    with pytest.raises(OptionError, match="unknown or repeated parameter"):
        make_agent(name, Turtles(Variant(players=2)))


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
            if game.to_move(state) is CHANCE:
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
