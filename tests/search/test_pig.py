"""Pig, a dice game whose graph has cycles: expectimax (to a depth limit) and MCTS play it
through the protocol and beat random play. Run on the small Pig of these tests and on the game
package's."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from zermelo.core.errors import OptionError
from zermelo.core.game import Game
from zermelo.games.pig import Pig
from zermelo.search import Player, RandomPlayer, SearchPlayer, expectimax, play_match

from .small_games import MiniPig

AnyGame = Game[Any, Any]


def package_pig() -> AnyGame:
    """The game package's Pig to 10 points."""
    game: AnyGame = Pig(goal=10)
    return game


PIGS = [pytest.param(lambda: MiniPig(10), id="mini"), pytest.param(package_pig, id="package")]


def wins_against_random(game: AnyGame, engine: Callable[[int], Player], games: int = 100
                        ) -> int:
    """How many of ``games`` seeded games ``engine(seed)`` wins against random moves, taking
    either seat in turn."""
    wins = 0
    for seed in range(games):
        seat = seed % 2
        players: list[Player] = [engine(seed), RandomPlayer(seed + 1)]
        if seat:
            players.reverse()
        final = play_match(game, players, rng=random.Random(seed + 10_000))[-1]
        wins += game.winner(final) == seat
    return wins


@pytest.mark.parametrize("make", PIGS)
def test_mcts_beats_random_play(make: Callable[[], AnyGame]) -> None:
    game = make()
    wins = wins_against_random(game, lambda seed: SearchPlayer("mcts", iterations=100,
                                                               seed=seed))
    assert wins >= 65


@pytest.mark.parametrize("make", PIGS)
def test_expectimax_beats_random_play(make: Callable[[], AnyGame]) -> None:
    game = make()
    with pytest.raises(OptionError, match="needs a depth limit"):
        expectimax(game, game.initial_state())  # the game can go on for ever
    assert wins_against_random(game, lambda seed: SearchPlayer("expectimax", depth=2)) >= 65
