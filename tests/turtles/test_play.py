"""``zermelo play turtles``: a person sees their own view only, never another colour, hand or
card drawn, until the game is over."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.registry import make_agent
from zermelo.cli.main import main
from zermelo.cli.play import TerminalGame, make_engine
from zermelo.core.errors import OptionError
from zermelo.core.game import CHANCE
from zermelo.engines import create_engine, engines_for
from zermelo.games.registry import get_game
from zermelo.games.turtles.cards import COLOUR_NAMES


def test_a_person_sees_only_their_own_view_until_the_end() -> None:
    entry = get_game("turtles")
    game = entry.game({"players": "4"})
    out = io.StringIO()
    terminal: TerminalGame

    def read(prompt: str) -> str:
        state = terminal.state
        return game.format_move(state, game.legal_moves(state)[0])

    terminal = TerminalGame(entry, game, {0}, make_engine("hybrid", game, seed=1), read=read,
                            out=Console(file=out, width=100), seed=4)
    terminal.run()
    text = out.getvalue()
    final = entry.status_line(game, terminal.state)
    assert game.is_terminal(terminal.state) and final in text
    before_end = text[:text.index(final)]
    mine = COLOUR_NAMES[terminal.state.colours[0]]
    assert f"your turtle is {mine}" in before_end
    others = [COLOUR_NAMES[c] for c in terminal.state.colours[1:]]
    assert not any(name in before_end for name in others)
    assert "chance:" not in text and "B plays" in text


def test_players_is_refused_by_a_game_with_a_fixed_number() -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "nim", "--players", "3"])
    assert stop.value.code == 2


def test_the_belief_ismcts_is_an_engine_with_its_iterations_as_level() -> None:
    """The strongest agent is offered by name, plays from the state it is handed through the
    player's view (the same play as the agent of that name), and refuses a level out of range."""
    entry = get_game("turtles")
    game = entry.game({"players": "3"})
    assert "belief-ismcts" in [e.name for e in engines_for(entry, game)]
    state = game.random_playout(game.initial_state(), random.Random(2))[12]
    while game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, random.Random(1)))
    engine = create_engine("belief-ismcts:40", game, seed=5)
    agent = make_agent("belief-ismcts:40:rollout=H", game)
    assert engine(game, state) == decide(game, agent, state, random.Random(5))
    with pytest.raises(OptionError, match="from 1 to 100000"):
        create_engine("belief-ismcts:0", game)
