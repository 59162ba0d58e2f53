"""The compiled agents ``minimax``, ``alphabeta`` and ``mcts``: a decision from an observation
array alone, the trees in one compiled call (:func:`decide`), the MCTS on the game-free
compiled ISMCTS (:mod:`zermelo.search.ismcts_kernel`, which the compiled arena loop runs too),
and the agents as the registry builds them."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from zermelo.agents.turtles.compiled.ismcts import policy_params
from zermelo.agents.turtles.compiled.tree import tree_choose
from zermelo.agents.turtles.playouts import strategy_policy
from zermelo.agents.turtles.search import MONTE_CARLO, STRATEGY_NAMES, agent_options
from zermelo.agents.turtles.strategies import POLICIES
from zermelo.core.kernels import GameKernels
from zermelo.games.turtles.kernels import (
    MAX_PLAYS,
    MOV,
    game_kernels,
    pack_view,
    play_of,
    plays_of,
    rules_of,
)
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Move, Play, TurtleState, View
from zermelo.search.ismcts_kernel import Hook, ismcts_compiled

MINIMAX, ALPHABETA, MCTS = 0, 1, 2
"""The kinds of compiled agent."""
LETTERS = {"F": POLICIES["F"], "E": POLICIES["E"], "H": POLICIES["H"], "D": POLICIES["random"]}
"""The kernels' code of each of the paper's strategies (D: random plays, scores nothing)."""
MAX_TREE = 100_000
"""The most iterations of a compiled MCTS: its tree takes 24 bytes a node and play code and
32 bytes a node of hash table (1.5 KB a node: 150 MB at this cap); ``mcts-ref`` takes 10^6."""


@njit(cache=True)
def decide(o, rules, kind, strategy, depth, samples):  # type: ignore[no-untyped-def]
    """A compiled tree agent's play (minimax, or alpha-beta for :data:`ALPHABETA`) from the
    mover's observation ``o`` alone: (card, turtle)."""
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    n = plays_of(o, o[MOV], rules, cards, turtles)
    if n == 1:
        return cards[0], turtles[0]
    k = tree_choose(o, rules, strategy, depth, samples, kind == ALPHABETA)
    return cards[k], turtles[k]


@njit(cache=True)
def reseed(seed):  # type: ignore[no-untyped-def]
    """Seed the kernels' generator."""
    np.random.seed(seed)


@njit(cache=True)
def seeded_decide(o, rules, kind, strategy, depth, samples, seed):  # type: ignore[no-untyped-def]
    """:func:`decide` with the generator seeded first (the same seed, the same play)."""
    np.random.seed(seed)
    return decide(o, rules, kind, strategy, depth, samples)


@dataclass
class CompiledAgent:
    """One of the paper's searches run by the kernels: ``kind`` (:data:`MINIMAX`,
    :data:`ALPHABETA`, :data:`MCTS`), strategy ``strategy`` (F, E, H, D), ``budget`` the depth
    or the iterations."""

    game: Turtles
    name: str
    kind: int
    strategy: str
    budget: int
    samples: int = 1
    epsilon: float = 0.0
    seconds: float | None = None
    sees_colours: bool = False
    kernels: GameKernels[TurtleState, Move] | None = field(default=None, repr=False)

    def spec(self) -> tuple[int, int, int, int]:
        """The agent as the compiled arena takes it: kind, strategy code, depth or
        iterations, samples."""
        return self.kind, LETTERS[self.strategy], self.budget, self.samples

    def choose(self, view: View, rng: random.Random) -> Play:
        """The search's play from ``view`` alone (the generator gives the kernels' seed)."""
        o = pack_view(view)
        seed = rng.getrandbits(31)
        if self.kind == MCTS:
            return self._mcts(view, o, seed)
        card, turtle = seeded_decide(o, rules_of(self.game.variant), *self.spec(), seed)
        return int(card), int(turtle)

    def _mcts(self, view: View, o: np.ndarray, seed: int) -> Play:
        """The paper's MCTS: single-observer ISMCTS whose rollouts every player plays by the
        strategy, until its iterations are made or its seconds have passed."""
        plays = self.game.legal_plays(view)
        if len(plays) == 1:
            return plays[0]
        if self.kernels is None:
            self.kernels = game_kernels(self.game)
        policy = Hook(strategy_policy, policy_params(self.game.players,
                                                     LETTERS[self.strategy], self.epsilon))
        result = ismcts_compiled(self.game, self.kernels, o, view.player,
                                 decode=play_decoded,
                                 iterations=self.budget, seconds=self.seconds, seed=seed,
                                 policy=policy)
        move = result.best_move
        if move not in plays:
            raise RuntimeError("internal error: the compiled MCTS chose no legal play")
        return plays[plays.index(move)]


def play_decoded(code: int) -> Play:
    """The play of a play code."""
    card, turtle = play_of(code)
    return int(card), int(turtle)


def _tree_agent(kind: int) -> Callable[[Turtles, tuple[str, ...]], CompiledAgent]:
    """The factory of the compiled minimax or alpha-beta agents."""
    name = "alphabeta" if kind == ALPHABETA else "minimax"

    def create(game: Turtles, args: tuple[str, ...]) -> CompiledAgent:
        options = agent_options(name, args, ("strategy", "depth"),
                                {"strategy": STRATEGY_NAMES, "depth": (1, 6),
                                 "samples": (1, 1000)})
        return CompiledAgent(game, ":".join((name, *args)) or name, kind,
                             options.get("strategy", "H"), options.get("depth", 2),
                             options.get("samples", 2))

    return create


minimax = _tree_agent(MINIMAX)
alphabeta = _tree_agent(ALPHABETA)


def mcts(game: Turtles, args: tuple[str, ...]) -> CompiledAgent:
    """The paper's MCTS with a strategy, compiled: 200 iterations by default."""
    options = agent_options("mcts", args, ("strategy", "iterations"),
                            {"strategy": STRATEGY_NAMES, "iterations": (1, MAX_TREE),
                             "seconds": MONTE_CARLO["seconds"],
                             "epsilon": MONTE_CARLO["epsilon"]})
    return CompiledAgent(game, ":".join(("mcts", *args)) or "mcts", MCTS,
                         options.get("strategy", "H"), options.get("iterations", 200),
                         epsilon=options.get("epsilon", 0.0), seconds=options.get("seconds"))
