"""The conformance harness every registered game passes: playouts, legality, notation, symmetry.

Each game in the registry is exercised through the game protocol only, in the spirit of
OpenSpiel's random simulation tests.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from zermelo.core.errors import IllegalMoveError
from zermelo.core.game import CHANCE
from zermelo.games.registry import GAMES, AnyGame

VARIANTS: dict[str, list[dict[str, str]]] = {
    "musketeers": [{}, {"board": "4x4"}, {"board": "4x5", "start": "a1,a2,b2"},
                   {"musketeers": "2", "board": "3x4"}],
    "connect4": [{}, {"board": "5x4"}, {"board": "4x4", "k": "3"}, {"board": "9x6", "k": "5"}],
    "nim": [{}, {"piles": "3,4,5", "misere": "yes"}, {"piles": "0,2,7"}],
    "tictactoe": [{}, {"board": "4x4", "k": "3"}, {"board": "4x3", "k": "3"},
                  {"board": "5x5", "k": "4"}],
}


def _games() -> list[Any]:
    params = []
    for name, entry in GAMES.items():
        for options in VARIANTS.get(name, [{}]):
            label = name + "".join(f"-{k}={v}" for k, v in options.items())
            params.append(pytest.param(entry.create(options), id=label))
    return params


def _playout_states(game: AnyGame, seed: int) -> list[Any]:
    return game.random_playout(game.initial_state(), random.Random(seed))


@pytest.mark.parametrize("game", _games())
def test_random_playouts_keep_invariants(game: AnyGame) -> None:
    for seed in range(20):
        states = _playout_states(game, seed)
        assert game.info.max_game_length is None or len(states) - 1 <= game.info.max_game_length
        for state in states[:-1]:
            assert not game.is_terminal(state)
            assert game.winner(state) is None
            if game.to_move(state) != CHANCE:
                assert game.legal_moves(state), "a non-terminal state has moves"
        last = states[-1]
        assert game.is_terminal(last)
        assert game.legal_moves(last) == []
        returns = game.returns(last)
        assert len(returns) == game.info.num_players
        assert all(game.info.min_return <= r <= game.info.max_return for r in returns)


@pytest.mark.parametrize("game", _games())
def test_notation_round_trips(game: AnyGame) -> None:
    for seed in range(10):
        for state in _playout_states(game, seed):
            text = game.format_position(state)
            assert game.parse_position(text) == state
            for move in game.legal_moves(state):
                assert game.parse_move(state, game.format_move(state, move)) == move


@pytest.mark.parametrize("game", _games())
def test_play_refuses_moves_that_are_not_legal(game: AnyGame) -> None:
    states = _playout_states(game, 1)
    last = states[-1]
    some_move = game.legal_moves(states[0])[0]
    with pytest.raises(IllegalMoveError):
        game.play(last, some_move)


@pytest.mark.parametrize("game", _games())
def test_symmetries_map_moves_and_keep_values(game: AnyGame) -> None:
    for seed in range(5):
        for state in _playout_states(game, seed):
            key = game.key(state)
            for sym in range(game.num_symmetries):
                image = game.transform(state, sym)
                assert game.key(image) == key
                assert game.is_terminal(image) == game.is_terminal(state)
                assert game.returns(image) == game.returns(state)
                mapped = {game.transform_move(m, sym) for m in game.legal_moves(state)}
                assert mapped == set(game.legal_moves(image))
