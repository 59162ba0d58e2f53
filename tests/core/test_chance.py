"""Chance is its own value, not a player's index: indexing with it fails, and the compiled
rules' integer code for it is read in one place."""

from __future__ import annotations

import pytest

from zermelo.core.errors import GameNotSupportedError
from zermelo.core.game import CHANCE
from zermelo.core.kernels import KERNEL_CHANCE, mover_code, mover_of
from zermelo.games.pig import Pig


def test_chance_indexes_no_player() -> None:
    with pytest.raises(TypeError):
        ("A", "B")[CHANCE]  # type: ignore[index]


def test_the_kernels_code_reads_as_chance_and_players_as_themselves() -> None:
    assert mover_of(KERNEL_CHANCE) is CHANCE
    assert mover_code(CHANCE) == KERNEL_CHANCE
    assert [mover_of(p) for p in range(5)] == [mover_code(p) for p in range(5)] == list(range(5))


def test_a_player_is_asked_for_only_where_a_player_moves() -> None:
    game = Pig(10)
    state = game.apply(game.initial_state(), "roll")
    assert game.to_move(state) is CHANCE
    with pytest.raises(GameNotSupportedError, match="chance node"):
        game.player_to_move(state)
    after = game.apply(state, 3)
    assert game.player_to_move(after) == game.to_move(after) == 0
