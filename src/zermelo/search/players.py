"""Players: any callable ``player(game, state) -> move``; a match is a loop over them.

The searches' players are generic over the state and move types: given a game of
``Game[S, M]`` they play its moves ``M``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic

from zermelo.core.entry import G, PlayerOf
from zermelo.core.entry import Player as Player  # the type of a player, re-exported
from zermelo.core.errors import OptionError
from zermelo.core.game import CHANCE, Game
from zermelo.core.kernels import GameKernels
from zermelo.search.base import Evaluator, M, ReturnsEvaluator, S, SearchResult


class RandomPlayer:
    """Picks a legal move uniformly at random; seedable for reproducible games."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game[S, M], state: S) -> M:
        return self.rng.choice(game.legal_moves(state))


class SearchPlayer(Generic[S, M]):
    """Plays the best move of a search: ``SearchPlayer("alphabeta", depth=3)``.

    ``algorithm`` is a name from :data:`zermelo.search.algorithms.ALGORITHMS`; the keyword
    options go to the search (``depth``, ``evaluate``, ``evaluate_returns``, ``iterations``,
    ``seed``); with a game's ``kernels``, a search of
    :data:`~zermelo.search.algorithms.COMPILED` runs compiled on them where they allow it. The
    last search result is kept in :attr:`last` for inspection.
    """

    def __init__(self, algorithm: str = "alphabeta-tt", *, depth: int | None = None,
                 evaluate: Evaluator[S, M] | None = None,
                 evaluate_returns: ReturnsEvaluator[S, M] | None = None, iterations: int = 1000,
                 seed: int | None = 0, kernels: GameKernels[S, M] | None = None) -> None:
        from zermelo.search.algorithms import get_algorithm

        get_algorithm(algorithm)
        self.algorithm, self.depth, self.evaluate = algorithm, depth, evaluate
        self.evaluate_returns = evaluate_returns
        self.iterations, self.seed, self.kernels = iterations, seed, kernels
        self.last: SearchResult[M] | None = None

    def __call__(self, game: Game[S, M], state: S) -> M:
        from zermelo.search.algorithms import COMPILED, compiled_search, search

        compiled = None
        if self.kernels is not None and self.algorithm in COMPILED and self.depth is None:
            compiled = compiled_search(self.algorithm, game, self.kernels, state,
                                       iterations=self.iterations, seed=self.seed)
        self.last = compiled if compiled is not None else search(
            self.algorithm, game, state, depth=self.depth, evaluate=self.evaluate,
            evaluate_returns=self.evaluate_returns, iterations=self.iterations,
            seed=self.seed)
        move = self.last.best_move
        return move if move is not None else game.legal_moves(state)[0]


def play_match(game: G, players: Sequence[PlayerOf[G]], state: Any = None,
               rng: random.Random | None = None) -> list[Any]:
    """Play a game from ``state`` (default: the start) and return every state in order.

    ``players`` holds one player per player of the game, in ``info.players`` order. Chance
    outcomes are drawn with ``game.sample_chance`` from ``rng`` (default: seeded with 0, so a
    match between deterministic players is reproducible); no player is asked to move for chance.
    """
    count = game.info.num_players
    if len(players) != count:
        raise OptionError(f"{len(players)} players for {game.info.title}: must be {count}")
    rng = random.Random(0) if rng is None else rng
    state = game.initial_state() if state is None else state
    states = [state]
    while not game.is_terminal(state):
        mover = game.to_move(state)
        move = game.sample_chance(state, rng) if mover is CHANCE else players[mover](game, state)
        state = game.play(state, move)
        states.append(state)
    return states
