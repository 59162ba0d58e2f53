"""The heuristic evaluations on hand-counted positions, and the alpha-beta players."""

from __future__ import annotations

import random

import pytest

from zermelo.core.errors import GameNotSupportedError, UnknownNameError
from zermelo.games.connect4 import ConnectFour
from zermelo.games.musketeers import ThreeMusketeers
from zermelo.solvers.connect4.heuristic import (
    evaluator,
    heuristic_player,
    runs,
    threat_evaluation,
    two_three_count,
)


def test_runs_are_counted_in_every_direction() -> None:
    game = ConnectFour()
    # X: columns 1-3 of the bottom row and the second cell of column 1: a horizontal three,
    # a vertical two (column 1) and a falling diagonal two (column 1 row 2, column 2 row 1).
    state = game.parse_position("1727371")
    x_stones = state.current ^ state.mask
    counts = runs(game.board, x_stones)
    assert (counts[3], counts[2]) == (1, 2)


def test_two_three_count_counts_runs_of_two_and_three() -> None:
    game = ConnectFour()
    # O to move; X holds columns 1-3 on the bottom row (a run of three), O a run of two in 7.
    state = game.parse_position("17273")
    assert two_three_count(game.board, state) == 10 - 100
    assert two_three_count(game.board, game.parse_position("")) == 0


def test_threat_evaluation_sees_threats_and_ignores_the_mirror() -> None:
    game = ConnectFour()
    state = game.parse_position("17273")  # O to move against X's open three
    assert threat_evaluation(game.board, state) < 0
    assert threat_evaluation(game.board, game.transform(state, 1)) == threat_evaluation(
        game.board, state)


@pytest.mark.parametrize("evaluation", ["two-three-count", "threats"])
def test_players_win_at_once_and_block_at_once(evaluation: str) -> None:
    game = ConnectFour()
    player = heuristic_player(evaluation, depth=2)
    assert player(game, game.parse_position("121212")) == 0  # X completes column 1
    assert player(game, game.parse_position("12121")) == 0  # O blocks column 1


@pytest.mark.parametrize("evaluation", ["two-three-count", "threats"])
def test_evaluators_stay_inside_the_returns(evaluation: str) -> None:
    game, evaluate = ConnectFour(), evaluator(evaluation)
    rng = random.Random(4)
    values = [evaluate(game, state) for _ in range(5)
              for state in game.random_playout(game.initial_state(), rng)[:-1]]
    assert all(-1 < v < 1 for v in values) and any(v != 0 for v in values)
    with pytest.raises(GameNotSupportedError):
        evaluate(ThreeMusketeers(), ThreeMusketeers().initial_state())


def test_bad_engine_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="depth 0"):
        heuristic_player("two-three-count", 0)
    with pytest.raises(UnknownNameError, match="no evaluation 'deep'"):
        heuristic_player("deep", 3)
