"""Engines by name: parsing, bad names and levels, and legal play on every registered game."""

from __future__ import annotations

import pytest

from zermelo.core.errors import GameNotSupportedError, UnknownNameError, ZermeloError
from zermelo.engines import ENGINES, create_engine, parse_spec
from zermelo.games.registry import GAMES, get_game

MAX_PLIES = 12
"""Enough plies to exercise each engine on each game while keeping the test fast."""


def test_levels_are_read_and_defaulted() -> None:
    assert parse_spec("alphabeta:3") == (ENGINES["alphabeta"], 3)
    assert parse_spec("mcts") == (ENGINES["mcts"], 1000)
    assert parse_spec("random") == (ENGINES["random"], None)


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("deep", UnknownNameError, "unknown name: no engine 'deep' (known: random, alphabeta, "
         "mcts, perfect, heuristic, heuristic-seed, swindle)"),
        ("alphabeta:x", ZermeloError, "error: engine 'alphabeta:x': the level (depth in plies) "
         "must be a whole number"),
        ("mcts:0", ZermeloError, "error: engine 'mcts:0': the level (simulations) must be at "
         "least 1"),
        ("random:3", ZermeloError, "error: engine 'random' takes no level"),
    ],
)
def test_bad_specs_raise_one_line(spec: str, error: type[Exception], message: str) -> None:
    game = get_game("tictactoe").create({})
    with pytest.raises(error) as caught:
        create_engine(spec, game)
    assert str(caught.value) == message


def test_database_engines_refuse_other_games() -> None:
    game = get_game("tictactoe").create({})
    with pytest.raises(GameNotSupportedError, match="plays only musketeers, connect4"):
        create_engine("perfect", game)
    with pytest.raises(GameNotSupportedError, match="plays only connect4"):
        create_engine("heuristic:2", game)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("spec", ["random", "alphabeta:2", "mcts:30"])
@pytest.mark.parametrize("side", [0, 1])
def test_search_engines_play_legal_moves_on_every_game(name: str, spec: str, side: int) -> None:
    game = GAMES[name].create({})
    engine = create_engine(spec, game, seed=1)
    opponent = create_engine("random", game, seed=2)
    state = game.initial_state()
    for _ in range(MAX_PLIES):
        if game.is_terminal(state):
            break
        player = engine if game.to_move(state) == side else opponent
        move = player(game, state)
        assert move in game.legal_moves(state)
        state = game.apply(state, move)
