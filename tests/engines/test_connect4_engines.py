"""Connect Four's engines: ``perfect`` keeps the best score, the heuristics play legal moves."""

from __future__ import annotations

import random
from pathlib import Path
from typing import cast

import pytest

from tests.connect4.test_solver import minimax_scorer
from zermelo.engines import create_engine
from zermelo.games.connect4 import ConnectFour
from zermelo.solvers.connect4.book import default_path
from zermelo.solvers.connect4.builder import build_book
from zermelo.solvers.connect4.engine import SolverPlayer


def test_perfect_plays_only_moves_of_the_best_score() -> None:
    game = ConnectFour(5, 4, 3)
    oracle = minimax_scorer(game)
    engine = create_engine("perfect", game, seed=3)
    rng = random.Random(5)
    for _ in range(8):
        for state in game.random_playout(game.initial_state(), rng)[:-1]:
            best = max(-oracle(game.apply(state, m)) for m in game.legal_moves(state))
            assert -oracle(game.apply(state, engine(game, state))) == best, state.moves


def test_perfect_chooses_at_random_among_equals_and_is_seedable() -> None:
    game = ConnectFour(4, 4, 3)
    state = game.initial_state()
    choices = {create_engine("perfect", game, seed=s)(game, state) for s in range(12)}
    assert len(choices) > 1  # columns 2 and 3 are mirror images, so they score the same
    again = [create_engine("perfect", game, seed=4)(game, state) for _ in range(3)]
    assert len(set(again)) == 1


@pytest.mark.parametrize("spec", ["heuristic:3", "two-three-count:2"])
def test_heuristic_engines_never_lose_to_random_on_a_small_board(spec: str) -> None:
    game = ConnectFour(5, 4, 3)
    for seed in range(4):
        players = [create_engine(spec, game), create_engine("random", game, seed=seed)]
        state = game.initial_state()
        while not game.is_terminal(state):
            move = players[game.to_move(state)](game, state)
            assert move in game.legal_moves(state)
            state = game.apply(state, move)
        assert game.winner(state) != 1, state.moves


def test_perfect_keeps_one_solver_per_board_and_picks_up_a_new_book(data_dir: Path) -> None:
    first, second = ConnectFour(4, 4, 3), ConnectFour(4, 4, 3)
    solver = cast(SolverPlayer, create_engine("perfect", first)).solver
    assert cast(SolverPlayer, create_engine("perfect", second)).solver is solver
    assert solver.book[0] == -1  # no book yet
    build_book(first, 2).save(default_path(first.board))
    renewed = cast(SolverPlayer, create_engine("perfect", second)).solver
    assert renewed is not solver and renewed.book[0] == 2
