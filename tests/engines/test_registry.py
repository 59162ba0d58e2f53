"""Engines by name: parsing, bad names and levels, and legal play on every registered game."""

from __future__ import annotations

import random

import pytest

from zermelo.core.errors import GameNotSupportedError, OptionError, UnknownNameError, ZermeloError
from zermelo.core.game import CHANCE
from zermelo.engines import GENERIC, create_engine, engines_for, parse_spec
from zermelo.games.registry import GAMES, get_game

MAX_PLIES = 12
"""Enough plies to exercise each engine on each game while keeping the test fast."""


def test_levels_are_read_and_defaulted() -> None:
    entry = get_game("tictactoe")
    generic = {e.name: e for e in GENERIC}
    assert parse_spec("alphabeta:3", entry) == (generic["alphabeta"], 3)
    assert parse_spec("mcts", entry) == (generic["mcts"], 1000)
    assert parse_spec("random", entry) == (generic["random"], None)
    musketeers = get_game("musketeers")
    assert parse_spec("swindle:2", musketeers) == (musketeers.engine("swindle"), 2)


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("deep", UnknownNameError, "unknown name: no engine 'deep' for Tic-tac-toe (known: "
         "perfect, skill, random, alphabeta, mcts)"),
        ("alphabeta:x", OptionError, "invalid option: engine alphabeta:x: the level (depth) "
         "must be a whole number from 1 to 64"),
        ("alphabeta:65", OptionError, "invalid option: engine alphabeta:65: the level (depth) "
         "must be a whole number from 1 to 64"),
        ("mcts:0", OptionError, "invalid option: engine mcts:0: the level (simulations) must "
         "be a whole number from 1 to 10000000"),
        ("random:3", ZermeloError, "invalid option: engine 'random' takes no level"),
    ],
)
def test_bad_specs_raise_one_line(spec: str, error: type[Exception], message: str) -> None:
    game = get_game("tictactoe").game()
    with pytest.raises(error) as caught:
        create_engine(spec, game)
    assert str(caught.value) == message


def test_a_game_s_own_engines_are_not_offered_to_other_games() -> None:
    game = get_game("tictactoe").game()
    with pytest.raises(UnknownNameError, match="no engine 'swindle' for Tic-tac-toe"):
        create_engine("swindle", game)
    with pytest.raises(UnknownNameError, match="no engine 'heuristic' for Tic-tac-toe"):
        create_engine("heuristic:2", game)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("spec", ["random", "alphabeta:2", "mcts:30", "ismcts:30", "pimc:12"])
@pytest.mark.parametrize("side", [0, 1])
def test_search_engines_play_legal_moves_on_every_game(name: str, spec: str, side: int) -> None:
    game = GAMES[name].game()
    if spec.partition(":")[0] not in [e.name for e in engines_for(GAMES[name], game)]:
        with pytest.raises(GameNotSupportedError):
            create_engine(spec, game)
        return
    engine = create_engine(spec, game, seed=1)
    opponent = create_engine("random", game, seed=2)
    state, rng = game.initial_state(), random.Random(3)
    for _ in range(MAX_PLIES):
        if game.is_terminal(state):
            break
        if game.to_move(state) is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        player = engine if game.to_move(state) == side else opponent
        move = player(game, state)
        assert move in game.legal_moves(state)
        state = game.apply(state, move)
