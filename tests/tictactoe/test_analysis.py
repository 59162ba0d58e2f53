"""Tic-tac-toe's analysis: who wins and in how many plies, against a plain recursive search
that measures the distance itself (the winner hurries, the loser holds out)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from zermelo.core.value import Value
from zermelo.games.tictactoe import TicTacToe, TicTacToeState
from zermelo.solvers.tictactoe import analysis, value_of


def oracle(game: TicTacToe) -> object:
    """(result for the side to move: 1, 0 or -1, plies to the end) by plain recursion."""

    @cache
    def solve(state: TicTacToeState) -> tuple[int, int]:
        if game.is_terminal(state):
            return (0 if game.winner(state) is None else -1), 0
        best: tuple[int, int] | None = None
        for move in game.legal_moves(state):
            result, plies = solve(game.apply(state, move))
            mine = (-result, plies + 1)
            key = (mine[0], -mine[1] if mine[0] > 0 else mine[1])  # win soon, lose late
            if best is None or key > (best[0], -best[1] if best[0] > 0 else best[1]):
                best = mine
        assert best is not None
        return best

    return solve


@pytest.mark.parametrize(("size", "k"), [((3, 3), 3), ((4, 3), 3)])
def test_values_and_distances_match_a_plain_search(size: tuple[int, int], k: int) -> None:
    game = TicTacToe(*size, k)
    solve = oracle(game)
    rng = random.Random(5)
    for _ in range(25):
        state = game.initial_state()
        for _ in range(rng.randrange(2, game.size - 2)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        result, plies = solve(state)  # type: ignore[operator]
        players = game.info.players
        mover = game.to_move(state)
        expected = (Value.draw(0 if game.is_terminal(state) else None) if result == 0 else
                    Value.win(players[mover], plies) if result > 0 else
                    Value.loss(players, mover, plies))
        assert value_of(game, state) == expected, game.format_position(state)


def test_the_best_moves_win_soonest() -> None:
    game = TicTacToe()
    state = game.parse_position("XX.OO....")  # X wins at once with c1; other wins take longer
    result = analysis(game, state)
    assert result.value == Value.win("X", 1)
    assert [game.format_move(state, m) for m in result.best] == ["c1"]
