"""CFR+ and best responses over written-out trees: the compiled kernels against their readable
references, against OpenSpiel's exploitability, and against Kuhn poker's known value."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import exploitability as os_exploitability

from zermelo.agents.turtles import search as turtle_search
from zermelo.core.errors import GameNotSupportedError, OptionError
from zermelo.core.game import CHANCE
from zermelo.games.turtles import Turtles, Variant
from zermelo.openspiel import cfr
from zermelo.openspiel import cfr_reference as ref
from zermelo.openspiel.adapter import open_game
from zermelo.openspiel.export import as_openspiel
from zermelo.openspiel.policies import (
    AgentPolicy,
    TellingRace,
    agent_strategy,
    fair_player,
    told_player,
)
from zermelo.openspiel.race import HiddenRace
from zermelo.openspiel.tree import Tree, build

from .tabular import tabular

FOUR = ("R+", "G+", "B+", "R-")


@pytest.fixture(scope="module")
def kuhn() -> Tree:
    return build(open_game("kuhn_poker"))


@pytest.fixture(scope="module")
def race() -> Tree:
    return build(HiddenRace(deck=FOUR))


@pytest.mark.parametrize("which", ["kuhn", "race"])
def test_compiled_cfr_and_best_response_agree_with_the_reference(
        which: str, request: pytest.FixtureRequest) -> None:
    tree: Tree = request.getfixturevalue(which)
    solver = cfr.Solver(tree)
    solver.run(6)
    solver.run(4)
    regret, sums = ref.cfr_plus(tree, 10)
    assert np.allclose(solver.regret, regret, atol=1e-12)
    assert np.allclose(solver.sums, sums, atol=1e-12)
    for sigma in (solver.average(), cfr.normalised(tree, np.ones(tree.actions))):
        ours = cfr.best_responses(tree, sigma)
        assert ours == pytest.approx([ref.best_response_value(tree, sigma, p) for p in (0, 1)])
        assert cfr.game_value(tree, sigma) == pytest.approx(ref.value_of(tree, 0, sigma))
        assert ours[0] >= cfr.game_value(tree, sigma) - 1e-12 >= -ours[1] - 2e-12


def test_kuhn_poker_value_and_openspiels_exploitability(kuhn: Tree) -> None:
    solver = cfr.Solver(kuhn)
    solver.run(400)
    sigma = solver.average()
    assert cfr.game_value(kuhn, sigma) == pytest.approx(-1 / 18, abs=2e-3)
    ours = cfr.exploitability(kuhn, sigma)
    assert ours < 5e-3
    native = pyspiel.load_game("kuhn_poker")
    table = tabular(native, kuhn, sigma)
    assert ours == pytest.approx(os_exploitability.exploitability(native, table), abs=1e-9)


def test_the_tree_refuses_what_cfr_cannot_take() -> None:
    with pytest.raises(GameNotSupportedError, match="listed chance"):
        build(Turtles(Variant(players=2)))
    with pytest.raises(GameNotSupportedError, match="two players"):
        build(open_game("kuhn_poker(players=3)"))
    with pytest.raises(GameNotSupportedError, match="more than 100 nodes"):
        build(HiddenRace(deck=FOUR), max_nodes=100)
    with pytest.raises(OptionError):
        cfr.Solver(build(open_game("kuhn_poker"))).run(0)


def test_a_strategy_agents_choose(race: Tree) -> None:
    game = HiddenRace(deck=FOUR)
    fast = agent_strategy(race, game, "F:ties=first")
    dummy = agent_strategy(race, game, "dummy", samples=40)
    owners = np.repeat(np.arange(race.infosets), race.width)
    assert np.allclose(np.bincount(owners, fast), 1) and np.allclose(np.bincount(owners, dummy), 1)
    assert set(np.unique(fast)) <= {0.0, 1.0}
    assert 0.1 < dummy[race.width.repeat(race.width) == 2].mean() < 0.9
    solver = cfr.Solver(race)
    solver.run(200)
    assert cfr.exploitability(race, fast) > 0.01 > cfr.exploitability(race, solver.average())


def test_a_seer_has_an_information_set_a_state(race: Tree) -> None:
    game = HiddenRace(deck=FOUR, seer=0)
    state = game.random_playout(game.initial_state(), random.Random(1))[1]
    assert game.information_key(state, 0) == state
    assert game.information_key(state, 1) == game.view(state, 1)
    told = build(game)
    assert (told.owner == 0).sum() > (race.owner == 0).sum()
    assert (told.owner == 1).sum() == (race.owner == 1).sum()


def test_the_telling_race_determinises_to_the_truth() -> None:
    game = TellingRace(deck=FOUR)
    state = game.random_playout(game.initial_state(), random.Random(2))[1]
    with pytest.raises(RuntimeError):
        game.determinise(game.view(state, 0), random.Random(0))
    game.truth = state
    assert game.determinise(game.view(state, 0), random.Random(0)) == state


def test_a_told_search_searches_the_truth(monkeypatch: pytest.MonkeyPatch) -> None:
    game = TellingRace(deck=FOUR)
    state = game.initial_state()
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, random.Random(3)))
    assert len(game.legal_moves(state)) > 1

    def untold(*args: object, **kwargs: object) -> None:
        raise AssertionError("the compiled search draws from the view: it cannot be told")

    monkeypatch.setattr(turtle_search, "ismcts_compiled", untold)
    with pytest.raises(AssertionError, match="cannot be told"):  # what the agent runs alone
        fair_player(HiddenRace(deck=FOUR), "mo-ismcts:20", seed=1)(game, state)
    assert told_player(game, "mo-ismcts:20", seed=1)(game, state) in game.legal_moves(state)
    for untellable in ("belief-ismcts:20", "H"):
        with pytest.raises(OptionError, match="cannot be told the state"):
            told_player(game, untellable, seed=1)


def test_an_agents_exploitability_agrees_with_openspiels(race: Tree) -> None:
    game = HiddenRace(deck=FOUR)
    ours = cfr.exploitability(race, agent_strategy(race, game, "F:ties=first"))
    native = as_openspiel(game)
    theirs = os_exploitability.exploitability(native, AgentPolicy(game, "F:ties=first"))
    assert ours == pytest.approx(theirs, abs=1e-12)
    assert ours > 0.01
