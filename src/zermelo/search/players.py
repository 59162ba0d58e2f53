"""Players: any callable ``player(game, state) -> move``; a match is a loop over them."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from zermelo.core.game import Game
from zermelo.search.base import Evaluator, SearchResult

Player = Callable[[Game[Any, Any], Any], Hashable]
"""A player picks a legal move in a non-terminal state."""


class RandomPlayer:
    """Picks a legal move uniformly at random; seedable for reproducible games."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game[Any, Any], state: Any) -> Hashable:
        moves: Sequence[Hashable] = game.legal_moves(state)
        return self.rng.choice(moves)


class SearchPlayer:
    """Plays the best move of a search: ``SearchPlayer("alphabeta", depth=3)``.

    ``algorithm`` is a name from :data:`zermelo.search.algorithms.ALGORITHMS`; the keyword
    options go to the search (``depth``, ``evaluate``, ``iterations``, ``seed``). The last
    search result is kept in :attr:`last` for inspection.
    """

    def __init__(self, algorithm: str = "alphabeta-tt", *, depth: int | None = None,
                 evaluate: Evaluator | None = None, iterations: int = 1000,
                 seed: int | None = 0) -> None:
        from zermelo.search.algorithms import get_algorithm

        get_algorithm(algorithm)
        self.algorithm, self.depth, self.evaluate = algorithm, depth, evaluate
        self.iterations, self.seed = iterations, seed
        self.last: SearchResult[Any] | None = None

    def __call__(self, game: Game[Any, Any], state: Any) -> Hashable:
        from zermelo.search.algorithms import search

        self.last = search(self.algorithm, game, state, depth=self.depth,
                           evaluate=self.evaluate, iterations=self.iterations, seed=self.seed)
        move: Hashable = self.last.best_move
        return move if move is not None else game.legal_moves(state)[0]


def play_match(game: Game[Any, Any], players: Sequence[Player], state: Any = None) -> list[Any]:
    """Play a game from ``state`` (default: the start) and return every state in order."""
    state = game.initial_state() if state is None else state
    states = [state]
    while not game.is_terminal(state):
        player = players[game.to_move(state)]
        state = game.play(state, player(game, state))
        states.append(state)
    return states
