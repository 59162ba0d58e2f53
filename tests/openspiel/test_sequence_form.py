"""The sequence-form LP against OpenSpiel: its strategies' exploitability and value by
OpenSpiel's own best responses, OpenSpiel's CFR+ within its exploitability, Kuhn poker's
known value -1/18, and against zermelo's CFR+ on a reduced Turtle Race."""

from __future__ import annotations

import json

import pyspiel
import pytest
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import expected_game_score

from tests.conftest import CliRunner
from zermelo.openspiel import cfr, sequence_form
from zermelo.openspiel.adapter import open_game
from zermelo.openspiel.race import HiddenRace
from zermelo.openspiel.tree import build

from .tabular import tabular


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker"])
def test_openspiel_finds_the_lp_strategies_unexploitable(name: str) -> None:
    tree = build(open_game(name))
    solved = sequence_form.solve_tree(tree)
    native = pyspiel.load_game(name)
    table = tabular(native, tree, solved.sigma)
    assert pyspiel.exploitability(native, os_policy.python_policy_to_pyspiel_policy(table)) \
        < 1e-9
    values = expected_game_score.policy_value(native.new_initial_state(), [table, table])
    assert values[0] == pytest.approx(solved.value, abs=1e-9)
    assert solved.exploitability < 1e-9
    solver = pyspiel.CFRPlusSolver(native)
    for _ in range(50):
        solver.evaluate_and_update_policy()
    average = solver.tabular_average_policy()
    gap = pyspiel.exploitability(native, average)
    theirs = expected_game_score.policy_value(
        native.new_initial_state(), [os_policy.pyspiel_policy_to_python_policy(native, average)]
        * 2)
    assert 0 < gap < 0.05
    assert abs(theirs[0] - solved.value) <= 2 * gap  # a value within NashConv of the game's
    if name == "kuhn_poker":
        assert solved.value == pytest.approx(-1 / 18, abs=1e-12)


def test_the_lp_agrees_with_cfr_on_a_reduced_race() -> None:
    tree = build(HiddenRace(deck=("R+", "G+", "B+", "R-")))
    solved = sequence_form.solve_tree(tree)
    solver = cfr.Solver(tree)
    solver.run(300)
    gap = cfr.exploitability(tree, solver.average())
    assert solved.exploitability < 1e-9 < gap
    assert abs(cfr.game_value(tree, solver.average()) - solved.value) <= 2 * gap


def test_solve_prints_kuhn_pokers_value_as_a_fraction(cli: CliRunner) -> None:
    result = cli("solve", "openspiel:kuhn_poker")
    assert result.code == 0, result.err
    assert "-0.0555556 = -1/18 (exact score; score -0.0555556 for A)" in result.out
    answer = json.loads(cli("solve", "openspiel:kuhn_poker", "--json").out)
    assert (answer["algorithm"], answer["exact"]) == ("sequence-form", True)
    assert answer["value"] == pytest.approx(-1 / 18, abs=1e-12)
    assert (answer["stats"]["information sets"], answer["stats"]["sequences"]) == (12, 26)


@pytest.mark.parametrize(("args", "message"), [
    (("openspiel:kuhn_poker", "0"), "zermelo: invalid position: the sequence-form LP solves a "
     "game from its start only"),
    (("openspiel:leduc_poker", "--nodes", "1000"), "zermelo: unsupported game: OpenSpiel Leduc "
     "Poker: more than 1,000 nodes"),
    (("openspiel:kuhn_poker(players=3)", "-a", "sequence-form"), "zermelo: unsupported game: "
     "OpenSpiel Kuhn Poker: the written-out tree of CFR and the LP needs two players"),
])
def test_what_the_lp_cannot_take_is_refused_in_one_line(cli: CliRunner, args: tuple[str, ...],
                                                        message: str) -> None:
    result = cli("solve", *args)
    assert result.code == 2
    assert result.err.startswith(message), result.err
    assert len(result.err.strip().splitlines()) == 1


def test_the_default_limit_gives_the_size_and_how_to_raise_it(
        cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sequence_form, "DEFAULT_LIMIT", 1000)
    result = cli("solve", "openspiel:leduc_poker")
    assert result.code == 2
    assert result.err.strip() == ("zermelo: unsupported game: OpenSpiel Leduc Poker: more than "
                                  "1,000 nodes; --nodes N raises the limit")
