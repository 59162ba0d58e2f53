"""Players: any callable ``player(game, state) -> move``; a match is a loop over them."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from zermelo.core.game import Game

Player = Callable[[Game[Any, Any], Any], Hashable]
"""A player picks a legal move in a non-terminal state."""


class RandomPlayer:
    """Picks a legal move uniformly at random; seedable for reproducible games."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game[Any, Any], state: Any) -> Hashable:
        moves: Sequence[Hashable] = game.legal_moves(state)
        return self.rng.choice(moves)


def play_match(game: Game[Any, Any], players: Sequence[Player], state: Any = None) -> list[Any]:
    """Play a game from ``state`` (default: the start) and return every state in order."""
    state = game.initial_state() if state is None else state
    states = [state]
    while not game.is_terminal(state):
        player = players[game.to_move(state)]
        state = game.play(state, player(game, state))
        states.append(state)
    return states
