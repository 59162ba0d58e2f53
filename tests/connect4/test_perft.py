"""Move generation: the compiled perft against the rules, the published counts, OpenSpiel."""

from __future__ import annotations

import random

import pytest

from zermelo.games.connect4 import ConnectFour, Position
from zermelo.games.connect4.kernels import geometry, perft

PERFT_7X6 = [7, 49, 343, 2401, 16807, 117649, 823536, 5673234]
"""Perft from the empty 7x6 board, depths 1-8 (7^n until a column can be full: 7^7 - 7 at
depth 7)."""


def rules_perft(game: ConnectFour, state: Position, depth: int) -> int:
    """Perft through the readable rules."""
    if depth == 0:
        return 1
    return sum(rules_perft(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state))


def test_compiled_perft_gives_the_known_counts() -> None:
    geo = geometry(ConnectFour().board)
    assert [perft(0, 0, d, geo) for d in range(1, 9)] == PERFT_7X6


def test_rules_give_the_first_known_counts() -> None:
    game = ConnectFour()
    assert [rules_perft(game, game.initial_state(), d) for d in range(1, 6)] == PERFT_7X6[:5]


@pytest.mark.parametrize(("size", "depth"), [((7, 6, 4), 4), ((4, 3, 3), 7), ((5, 4, 3), 5),
                                              ((3, 3, 2), 9), ((9, 6, 5), 3)])
def test_compiled_perft_agrees_with_the_rules(size: tuple[int, int, int], depth: int) -> None:
    game = ConnectFour(*size)
    rng = random.Random(sum(size))
    for _ in range(3):
        state = game.random_playout(game.initial_state(), rng)[size[0] - 1]
        for d in range(depth + 1):
            assert perft(state.current, state.mask, d, geometry(game.board)) == rules_perft(
                game, state, d)


@pytest.mark.parametrize(("width", "height", "k"), [(7, 6, 4), (5, 4, 3), (4, 4, 3)])
def test_rules_agree_with_openspiel(width: int, height: int, k: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    spiel = pyspiel.load_game(f"connect_four(columns={width},rows={height},x_in_row={k})")
    game = ConnectFour(width, height, k)
    rng = random.Random(5)
    for _ in range(30):
        ours, theirs = game.initial_state(), spiel.new_initial_state()
        while True:
            assert game.legal_moves(ours) == theirs.legal_actions()
            assert game.is_terminal(ours) == theirs.is_terminal()
            if theirs.is_terminal():
                assert list(game.returns(ours)) == theirs.returns()
                break
            move = rng.choice(game.legal_moves(ours))
            ours = game.play(ours, move)
            theirs.apply_action(move)
