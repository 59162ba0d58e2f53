"""The game-free compiled ISMCTS (:mod:`zermelo.search.ismcts_kernel`): it plays as the
readable ISMCTS does where the answer is clear, on a game with hidden information and chance
(the Turtle Race) and on one without (Connect Four); ``zermelo solve`` and the ``ismcts``
engine run it on the kernels a game declares, and the readable search on the rest."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from tests.conftest import CliRunner
from zermelo.agents.turtles.compiled.agents import reseed
from zermelo.agents.turtles.compiled.ismcts import belief_model
from zermelo.agents.turtles.search import sample_positions
from zermelo.core.errors import OptionError
from zermelo.engines.generic import ismcts_engine
from zermelo.games.registry import GAMES
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles import kernels as k
from zermelo.games.turtles.state import Play, TurtleState
from zermelo.search.ismcts import ismcts
from zermelo.search.ismcts_kernel import ismcts_compiled, ismcts_declared
from zermelo.search.players import SearchPlayer


def test_connect_four_win_in_one_is_found_as_the_readable_search_finds_it() -> None:
    entry = GAMES["connect4"]
    game = entry.game({"board": "5x4"})
    state = game.parse_position("112233")
    kernels = entry.compiled(game)
    assert kernels is not None
    for observers in ("single", "multiple"):
        compiled = ismcts_declared(game, kernels, state, iterations=3000, seed=1,
                                   observers=observers)  # type: ignore[arg-type]
        readable = ismcts(game, state, iterations=3000, seed=1,
                          observers=observers)  # type: ignore[arg-type]
        assert compiled is not None
        assert compiled.best_move == readable.best_move == 3
        assert compiled.value > 0.9 and readable.value > 0.9


def _wins_whoever_holds_what(game: Turtles, state: TurtleState, play: Play) -> bool:
    """Whether ``play`` ends the race with its player winning whatever colour the opponent
    holds (what the player cannot see cannot change it)."""
    me = state.mover
    for colour in set(range(5)) - {state.colours[me]}:
        colours = tuple(colour if p != me else state.colours[me] for p in range(2))
        after = game.apply(replace(state, colours=colours), play)
        if not game.is_terminal(after) or game.returns(after)[me] != 1.0:
            return False
    return True


def test_turtle_race_sure_win_is_found() -> None:
    """Where one play surely wins the race and another does not, the compiled search (single
    and multiple observers) plays a sure win."""
    game = Turtles(Variant(players=2))
    kernels = GAMES["turtles"].compiled(game)
    assert kernels is not None
    states = []
    for state in sample_positions(game, 4000, random.Random(3), keep=0.5):
        wins = [_wins_whoever_holds_what(game, state, p) for p in game.legal_plays(
            game.view(state, state.mover))]
        if any(wins) and not all(wins):
            states.append(state)
        if len(states) == 6:
            break
    assert len(states) == 6
    for i, state in enumerate(states):
        for observers in ("single", "multiple"):
            result = ismcts_declared(game, kernels, state, iterations=1500, seed=i,
                                     observers=observers)  # type: ignore[arg-type]
            assert result is not None
            assert _wins_whoever_holds_what(game, state, result.best_move)  # type: ignore[arg-type]


def test_same_seed_same_search_and_a_full_tree_stops() -> None:
    game = Turtles(Variant(players=3))
    kernels = GAMES["turtles"].compiled(game)
    assert kernels is not None
    state = sample_positions(game, 5, random.Random(8))[4]
    first, again = (ismcts_declared(game, kernels, state, iterations=400, seed=5)
                    for _ in range(2))
    assert first is not None and again is not None
    assert (first.best_move, first.value, first.stats.nodes) == (
        again.best_move, again.value, again.stats.nodes)
    assert first.stats.iterations == 400 and first.stats.nodes <= 401


def test_kernels_without_bounded_codes_are_left_to_the_readable_search() -> None:
    entry = GAMES["morris"]
    game = entry.game({"board": "three"})
    kernels = entry.compiled(game)
    assert kernels is not None and kernels.max_code == 0
    assert ismcts_declared(game, kernels, game.initial_state()) is None
    with pytest.raises(OptionError, match="bounded"):
        ismcts_compiled(game, kernels, kernels.pack(game.initial_state()), 0)


def test_the_belief_model_draws_each_assignment_with_its_probability() -> None:
    """The model redraws every colour from the posterior's rows, as often as their
    probabilities say (4,000 draws)."""
    hook = belief_model({(0, 3): 0.7, (0, 5): 0.2, (0, 1): 0.1})
    rules = k.rules_of(Variant(players=2))
    s = k.start(2, rules)
    reseed(1)
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(4000):
        hook.function(s, rules, hook.params)
        counts[int(s[k.COL]), int(s[k.COL + 1])] += 1
    assert set(counts) == {(0, 3), (0, 5), (0, 1)}
    for assignment, p in ((0, 3), 0.7), ((0, 5), 0.2), ((0, 1), 0.1):
        assert abs(counts[assignment] / 4000 - p) < 0.03


def test_solve_ismcts_runs_the_declared_kernels(cli: CliRunner) -> None:
    game = Turtles(Variant(players=2))
    state = sample_positions(game, 3, random.Random(2))[2]
    kernels = GAMES["turtles"].compiled(game)
    assert kernels is not None
    expected = ismcts_declared(game, kernels, state, iterations=500, seed=4)
    assert expected is not None
    result = cli("solve", "turtles", game.format_position(state), "--algorithm", "ismcts",
                 "--iterations", "500", "--seed", "4", "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert "tree_bytes" in answer["stats"] and answer["value"] == expected.value
    assert answer["best_move"] == game.format_move(state, expected.best_move)


def test_at_the_deal_the_value_is_the_mean_return_as_the_readable_search_gives_it(
        cli: CliRunner) -> None:
    """Before the deal (a chance root) both searches give no move and the first player's mean
    return; their means agree within four standard errors (returns lie in -1..1), and the
    command says that the compiled one ran (the readable one for Pig, which has no kernels)."""
    game = Turtles(Variant(players=2))
    kernels = GAMES["turtles"].compiled(game)
    assert kernels is not None
    state = game.initial_state()
    compiled = ismcts_declared(game, kernels, state, iterations=6000, seed=3)
    readable = ismcts(game, state, iterations=1500, seed=3)
    assert compiled is not None and compiled.best_move is None and not compiled.pv
    assert compiled.stats.iterations == 6000
    assert abs(compiled.value - readable.value) < 4 * (1 / 6000 + 1 / 1500) ** 0.5
    ones = [ismcts_declared(game, kernels, state, iterations=1, seed=s) for s in range(12)]
    assert {r.value for r in ones if r is not None} == {-1.0, 1.0}  # one race won or lost
    result = cli("solve", "turtles", "--algorithm", "ismcts", "--iterations", "300",
                 "--seed", "1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["compiled"] is True
    result = cli("solve", "pig", "--algorithm", "ismcts", "--iterations", "50")
    assert result.code == 0, result.err
    assert "ismcts, readable" in result.out


def test_the_ismcts_engine_runs_compiled_where_the_game_declares_kernels() -> None:
    game = Turtles(Variant(players=2))
    state = sample_positions(game, 3, random.Random(2))[2]
    player = ismcts_engine(game, 200, 1, None)
    assert isinstance(player, SearchPlayer)
    move = player(game, state)
    assert move in game.legal_moves(state)
    assert player.last is not None and "tree_bytes" in player.last.stats.extra
    hidden = GAMES["pig"].game({})
    assert ismcts_engine(hidden, 10, 1, None).kernels is None  # type: ignore[attr-defined]


def test_whole_state_observed_without_hidden_information() -> None:
    """A perfect-information game's kernels get the whole state as the observation (the
    determinisation is the state itself)."""
    entry = GAMES["connect4"]
    game = entry.game({})
    kernels = entry.compiled(game)
    assert kernels is not None and kernels.observe is None
    state = game.parse_position("44")
    result = ismcts_compiled(game, kernels, kernels.pack(state), 0, iterations=50, seed=1)
    assert 0 <= int(result.best_move) < 7
    assert np.isfinite(result.value)
