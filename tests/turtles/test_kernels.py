"""The compiled rules agree with the readable rules play for play: each recorded deal, play and
draw of the kernels' random games is replayed through the rules, which must find it legal, list
as many legal plays, reach the same state array after every step and name the same winners."""

from __future__ import annotations

import pytest

from zermelo.games.turtles import Deal, Turtles, Variant
from zermelo.games.turtles import kernels as k
from zermelo.games.turtles.state import DRAW, PLAY

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
    assert [k.returns_of(s, p) for p in range(n)] == pytest.approx(game.returns(state))
    return plays


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
