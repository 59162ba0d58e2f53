"""Every game's entry: its references resolve, its defaults are valid, its engines are listed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zermelo
from tests.conftest import CliRunner
from zermelo.core.entry import AnyEntry
from zermelo.engines import default_engine_for, engines_for
from zermelo.games.registry import GAMES


@pytest.mark.parametrize("entry", list(GAMES.values()), ids=list(GAMES))
def test_every_reference_of_an_entry_loads_a_function(entry: AnyEntry) -> None:
    """Each lazy part imports and returns a function (mypy checks its signature)."""
    parts = [entry.create, entry.analysis, entry.kernels, *(e.create for e in entry.engines),
             *(e.supports for e in entry.engines), *(a.run for a in entry.algorithms)]
    for part in parts:
        assert part is None or callable(part()), part
    drawing = entry.drawing()
    assert callable(drawing.text) and callable(drawing.status) and callable(drawing.board)


def test_listing_the_games_imports_no_solver() -> None:
    """The registry and the engines every game lists load the rules, not the solvers,
    databases and books beside them: a part is imported only when it is used."""
    code = ("import sys\n"
            "from zermelo.games.registry import GAMES\n"
            "from zermelo.engines import engines_for\n"
            "for entry in GAMES.values():\n"
            "    engines_for(entry)\n"
            "print(' '.join(m for m in sys.modules if m.startswith(('zermelo.solvers', "
            "'zermelo.agents', 'zermelo.tablebase.', 'zermelo.openspiel'))))\n")
    src = str(Path(zermelo.__file__).parents[1])
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": src})
    assert run.stdout.split() == []


@pytest.mark.parametrize("entry", list(GAMES.values()), ids=list(GAMES))
def test_defaults_build_the_standard_variant_and_name_listed_engines(entry: AnyEntry) -> None:
    game = entry.game()
    assert game.info.name == entry.name
    names = [e.name for e in engines_for(entry, game)]
    assert default_engine_for(entry, game) in names
    assert entry.hint_engine in names
    assert len(names) == len(set(names))
    algorithms = [a.name for a in entry.algorithms]
    assert len(algorithms) == len(set(algorithms))
    for spec in engines_for(entry, game):
        assert spec.parse_level(None) == spec.default_level
        if spec.level is not None and spec.max_level is not None:
            assert spec.parse_level(str(spec.max_level)) == spec.max_level


SMALL = {"musketeers": ["-o", "board=3x4"], "connect4": ["-o", "board=4x4", "-o", "k=3"],
         "nim": ["1", "2", "3"], "tictactoe": ["-o", "board=3x3"], "pig": ["-o", "goal=10"],
         "morris": ["-o", "board=three", "--depth", "3"], "turtles": ["--iterations", "30"]}
"""Small variants, so that each game's default algorithm answers in seconds."""


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_is_solved_by_its_default_algorithm(cli: CliRunner, name: str) -> None:
    """``zermelo solve GAME`` picks an algorithm that plays the game (alpha-beta is no search
    for hidden information) and answers in one JSON line."""
    result = cli("solve", name, *SMALL.get(name, []), "--seconds", "60", "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert answer["game"] == name and isinstance(answer["value"], float)


def test_a_games_own_algorithm_keeps_to_the_budget_and_is_listed(cli: CliRunner) -> None:
    result = cli("solve", "pig", "-o", "goal=41", "--seconds", "0.01")  # a goal solved
    # nowhere else in the tests, so no table is kept from before: 35,301 states to iterate
    # (a second's work, which goes on in its thread after the test)
    assert result.code == 2
    assert result.err.startswith("zermelo: budget exhausted: Pig to 41 is being solved")
    result = cli("solve", "pig", "-a", "nosuch")
    assert result.code == 2 and "(known: value-iteration, minimax," in result.err
