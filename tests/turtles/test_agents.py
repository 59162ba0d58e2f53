"""Agents of The Great Turtle Race: they decide from the view alone, the paper's formulas (3)-(10)
computed by hand, the registry, and the arena's intervals and seats."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.arena import play_cell, play_cells, table_agents, wilson
from zermelo.agents.turtles.registry import AGENTS, as_engine, make_agent
from zermelo.agents.turtles.strategies import Strategy
from zermelo.cli.main import app
from zermelo.cli.play import make_engine
from zermelo.core.errors import OptionError, UnknownNameError
from zermelo.core.game import CHANCE
from zermelo.games.turtles import Turtles, TurtleState, Variant

RED, GREEN, BLUE, YELLOW, PURPLE = range(5)


def decision_states(game: Turtles, seeds: range) -> list[TurtleState]:
    return [s for seed in seeds for s in game.random_playout(game.initial_state(),
                                                              random.Random(seed))[:-1]
            if game.to_move(s) is not CHANCE]


@pytest.mark.parametrize("name", ["dummy", "F", "E", "H", "H:ties=first"])
def test_two_states_with_one_view_get_one_decision(name: str) -> None:
    game = Turtles(Variant(players=3))
    agent = make_agent(name, game)
    rng = random.Random(5)
    compared = 0
    for state in decision_states(game, range(4))[::3]:
        mover = game.to_move(state)
        other = game.resample(state, mover, rng)
        if other == state:
            continue
        assert game.view(other, mover) == game.view(state, mover)
        assert decide(game, agent, state, random.Random(9)) == \
            decide(game, agent, other, random.Random(9))
        compared += 1
    assert compared > 10


def at(game: Turtles, track: str, hand: str, colours: str = "RG") -> TurtleState:
    return game.parse_position(f"play A | colours {colours} | hands {hand} Y+,Y+,P+,P+,*+ | "
                               f"track {track} | discard - | passes 0 | played -")


def scores(game: Turtles, name: str, state: TurtleState) -> dict[str, float]:
    agent = make_agent(name, game)
    assert isinstance(agent, Strategy)
    view = game.view(state, 0, cheat=agent.sees_colours)
    return {game.format_move(state, m): agent.score(view, m) for m in game.legal_plays(view)}


def test_the_fast_and_efficient_scores_follow_formulas_4_to_8() -> None:
    """Red (A's) on square 3 under nothing; F_q = p_i + k c_c with k from (6) or (8), where k
    itself holds c_c (so c_c counts twice) unless told ``cc=once``."""
    game = Turtles()
    state = at(game, "0:BY 3:R 4:G 5:P", "R++,R-,G+,*-,^^")
    # own ++: p = 5, k = 10*2 (F) or 2 (E), times c_c = 2; own -: p = 2, k = -10*1
    # other +: p = 3, k = -1*1; other -: p = 3, k = 1 (F) or 10 (E); ^^ on blue: other, c_c 2
    assert scores(game, "F", state) == {"R++": 5 + 40, "R-": 2 - 10, "G+": 3 - 1,
                                        "*-R": 2 - 10, "*-G": 3 + 1, "*-P": 3 + 1,
                                        "^^B": 3 - 4, "^^Y": 3 - 4}
    assert scores(game, "E", state) == {"R++": 5 + 4, "R-": 2 - 10, "G+": 3 - 1,
                                        "*-R": 2 - 10, "*-G": 3 + 10, "*-P": 3 + 10,
                                        "^^B": 3 - 4, "^^Y": 3 - 4}
    assert scores(game, "F:cc=once", state)["R++"] == 5 + 20
    assert scores(game, "F:fp=moved", state)["G+"] == 5 - 1  # green lands on square 5


def test_the_hybrid_uses_fast_rates_when_leading_and_efficient_when_trailing() -> None:
    """VP = 5 p + 4 - u (3); H compares its own with the best of the other turtles (10), or
    with the opponents' only when it sees the colours."""
    game = Turtles()
    leading = at(game, "0:BYP 3:R 2:G", "R++,R-,G+,*-,^^")
    assert scores(game, "H", leading) == scores(game, "F", leading)
    trailing = at(game, "0:BY 4:R 3:G 5:P", "R++,R-,G+,*-,^^")
    assert scores(game, "H", trailing) == scores(game, "E", trailing)
    # purple (nobody's) leads, green (B's) does not: only the cheat sees that red leads B
    assert scores(game, "H-cheat", trailing) == scores(game, "F", trailing)
    assert make_agent("H-cheat", game).sees_colours and not make_agent("H", game).sees_colours
    with pytest.raises(OptionError):
        make_agent("H:vpmax=owned", game).choose(game.view(trailing, 0), random.Random(0))


def test_the_best_play_is_chosen_and_ties_are_broken_as_asked() -> None:
    game = Turtles()
    state = at(game, "0:BY 3:R 4:G 5:P", "R++,R-,G+,*-,^^")
    view = game.view(state, 0)
    assert make_agent("F", game).choose(view, random.Random(0)) == (1, RED)
    tied = at(game, "0:RGBYP", "G+,G+,B+,B+,Y++")
    choices = {make_agent("E", game).choose(game.view(tied, 0), random.Random(s))
               for s in range(30)}
    assert len(choices) > 1
    assert {make_agent("E:ties=first", game).choose(game.view(tied, 0), random.Random(s))
            for s in range(30)} == {min(choices)}


def test_unknown_agents_and_bad_parameters_are_refused() -> None:
    game = Turtles()
    with pytest.raises(UnknownNameError):
        make_agent("Z", game)
    for bad in ("F:cc=thrice", "F:vpmax=others", "H:x", "dummy:3", "H:ties=first:ties=random"):
        with pytest.raises(OptionError):
            make_agent(bad, game)
    assert make_agent("d", game).name == "dummy" and set(AGENTS) >= {"f", "e", "h", "dummy"}


@pytest.mark.parametrize("name", list(AGENTS))
def test_every_registered_agent_is_made_by_its_name(name: str) -> None:
    """Each spec's lazy reference loads a factory that builds an agent of that name (a typed
    reference that mypy checks, so a misspelt factory fails here and in the type check)."""
    game = Turtles(Variant(players=3))
    agent = make_agent(AGENTS[name].name, game)
    assert agent.name.lower().startswith(name.removesuffix("-cheat"))
    assert agent.sees_colours == (name == "h-cheat")


@pytest.mark.parametrize(("engine", "letter"), [("hybrid", "H"), ("fast", "F"),
                                                  ("efficient", "E"), ("dummy", "D")])
def test_the_engines_words_are_the_papers_letters(engine: str, letter: str) -> None:
    """The game's engines (``zermelo play --engine hybrid``) and the arena's letters name the
    same agents: with one seed they choose the same plays."""
    game = Turtles(Variant(players=3))
    player = make_engine(engine, game, seed=7)
    twin = as_engine(game, letter, seed=7)
    assert player is not None and make_agent(engine, game).name == make_agent(letter, game).name
    states = decision_states(game, range(3))
    assert [player(game, s) for s in states] == [twin(game, s) for s in states]


def test_wilson_intervals() -> None:
    """Values from the closed form: 0 of 10 gives [0, 0.2775], 50 of 100 [0.4038, 0.5962]."""
    assert wilson(0, 10)[0] == 0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert [round(x, 4) for x in wilson(50, 100)] == [0.4038, 0.5962]
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_cell_is_reproducible_and_a_strategy_beats_the_dummy() -> None:
    game = Turtles()
    cell = play_cell(game, "F", "dummy", 120, seed=3)
    assert cell == play_cell(game, "F", "dummy", 120, seed=3)
    assert cell.ci[0] > 0.5, "the fast strategy beats random play"
    assert cell.mirror().wins == cell.losses and cell.wins + cell.losses <= 120
    three = play_cell(Turtles(Variant(players=3)), "H", "dummy", 60, seed=3)
    assert three.wins + three.losses <= 60 and three.wins > 60 / 3
    assert play_cells(game, [("F", "dummy")], 120, seed=3, jobs=2) == [cell]
    assert table_agents("iv") == (["mcts:F", "mcts:E", "mcts:H", "mcts:D"],
                                  ["alphabeta:F", "alphabeta:E", "alphabeta:H", "alphabeta:D"])


runner = CliRunner()


def test_the_arena_prints_json_cells_and_writes_csv_and_png(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    result = runner.invoke(app, ["turtles", "arena", "--agents", "H,D", "--games", "6",
                                 "--seed", "2", "--json", "--csv", str(folder / "a.csv"),
                                 "--png", str(folder / "a.png")])
    assert result.exit_code == 0, result.output
    cells = json.loads(result.stdout)["cells"]
    assert [(c["row"], c["col"], c["games"]) for c in cells] == [("H", "D", 6), ("D", "H", 6)]
    assert all(0 <= c["ci"][0] <= c["wins"] / 6 <= c["ci"][1] <= 1 for c in cells)
    assert cells[0]["wins"] + cells[1]["wins"] <= 6  # both cells count the same games
    assert (folder / "a.csv").read_text().startswith("row,col,games,wins")
    assert (folder / "a.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("args", [
    ["arena", "--agents", "H,Z"], ["arena", "--agents", "H"], ["arena", "--table", "VII"],
    ["arena", "--agents", "H,F", "--table", "I"], ["arena", "--agents", "H,F", "--players", "6"],
    ["arena", "--agents", "H,F", "--games", "0"], ["arena", "--agents", "H,F", "-o", "stuck=x"],
    ["show", "play A | nonsense"], ["show", "deal", "--as", "C"]])
def test_bad_arena_and_show_arguments_exit_2_with_one_line(args: list[str]) -> None:
    from zermelo.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(["turtles", *args])
    assert stop.value.code == 2


def test_the_agents_command_lists_every_registered_agent() -> None:
    result = runner.invoke(app, ["turtles", "agents"])
    assert result.exit_code == 0
    listed = [line.split()[0].lower() for line in result.stdout.splitlines()
              if line and not line.startswith(" ")]
    assert set(AGENTS) <= set(listed)
