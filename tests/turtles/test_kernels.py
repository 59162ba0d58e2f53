"""The compiled rules agree with the readable rules play for play: each recorded deal, play and
draw of the kernels' random games is replayed through the rules, which must find it legal, list
as many legal plays, reach the same state array after every step and name the same winners."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zermelo.games.turtles import Deal, Turtles, TurtleState, Variant
from zermelo.games.turtles import kernels as k
from zermelo.games.turtles.board import FINISH, START, move
from zermelo.games.turtles.cards import KINDS, STEPS, TURTLES
from zermelo.games.turtles.state import DRAW, OVER, PLAY

VARIANTS = [Variant(players=2), Variant(players=5, rainbow="4+3-", overshoot="forbid"),
            Variant(players=3, stuck="pass", neutral="continue", reshuffle="stop"),
            Variant(players=4, neutral="continue")]


def replay(game: Turtles, seed: int) -> int:
    """Replay the kernel's game of ``seed`` through the rules; the number of plays."""
    n = game.players
    rules = k.rules_of(game.variant)
    record, mask = k.recorded_game(n, rules, seed, 4000)
    plays = int(record[0, 6])
    assert plays < 4000 - n - 1, "the record holds the whole game"
    deal = Deal(tuple(int(c) for c in record[0, :n]),
                tuple(tuple(c for c in range(19) for _ in range(record[1 + p, c]))
                      for p in range(n)))
    state = game.play(game.initial_state(), deal)
    s = k.pack(state)
    for card, turtle, drawn, count in record[n + 1: n + 1 + plays, :4].tolist():
        assert state.phase == PLAY
        assert len(game.legal_moves(state)) == count
        state = game.play(state, (card, turtle))
        k.play(s, card, turtle, rules)
        assert (s == k.pack(state)).all()
        if drawn >= 0:
            state = game.play(state, drawn)
            k.take(s, drawn)
            assert (s == k.pack(state)).all()
        assert state.phase != DRAW
    assert game.is_terminal(state)
    assert game.winners(state) == [p for p in range(n) if mask >> p & 1]
    assert returns(s) == pytest.approx(game.returns(state))
    return plays


def returns(s: np.ndarray) -> list[float]:
    """Every player's return as :func:`kernels.kernel_returns` gives it (the game is over)."""
    out = np.full(k.MAX_PLAYERS, np.nan)
    assert k.kernel_returns(s, np.zeros(k.DECK, np.int64), out)
    return [float(r) for r in out[:s[k.NPL]]]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v.players}p-{v.stuck}-{v.neutral}")
def test_kernel_games_replay_through_the_rules(variant: Variant) -> None:
    game = Turtles(variant)
    plays = [replay(game, seed) for seed in range(60)]
    assert sum(plays) > 60 * 10


def test_random_games_count_every_game_once() -> None:
    game = Turtles(Variant(players=3))
    wins = k.random_games(300, 3, k.rules_of(game.variant), 7)
    assert wins.sum() == 300 and wins.shape == (4,)
    assert min(wins[:3]) > 50, "every seat wins some random games"


def finished(players: int, colours: tuple[int, ...], moves: list[tuple[int, int]]
             ) -> TurtleState:
    """A finished game of ``players`` with the turtles moved by ``moves`` (turtle, card)."""
    board = START
    for turtle, card in moves:
        board = move(board, turtle, STEPS[card])
    return TurtleState(OVER, 0, colours[:players], ((),) * players, board, (0,) * KINDS,
                       (0,) * KINDS, ())


@given(st.integers(2, 5), st.permutations(range(TURTLES)),
       st.lists(st.tuples(st.integers(0, TURTLES - 1), st.integers(0, KINDS - 1)),
                max_size=40))
def test_the_kernels_returns_are_the_rules(players: int, colours: list[int],
                                            moves: list[tuple[int, int]]) -> None:
    """On any finished board, shared wins (owned turtles sharing the start) included, the
    kernel's returns are the rules' and sum to 0."""
    state = finished(players, tuple(colours), moves)
    got = returns(k.pack(state))
    assert got == pytest.approx(Turtles(Variant(players=players)).returns(state))
    assert sum(got) == pytest.approx(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_owned_turtles_on_the_start_share_the_win(players: int) -> None:
    """A neutral turtle home while every owned one is on the start: all the players win, each
    return 0; with one owned turtle moved off the start, its owner wins alone."""
    neutral = TURTLES - 1
    state = finished(players, tuple(range(TURTLES)), [(neutral, 0)] * FINISH)
    assert state.board[FINISH] == (neutral,)
    assert returns(k.pack(state)) == [0.0] * players
    alone = finished(players, tuple(range(TURTLES)), [(neutral, 0)] * FINISH + [(1, 0)])
    expected = [-1 / (players - 1)] * players
    expected[1] = 1.0
    assert returns(k.pack(alone)) == pytest.approx(expected)
