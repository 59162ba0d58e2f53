"""The compiled agents ``minimax``, ``alphabeta`` and ``mcts``: a decision from an observation
array alone (:func:`decide`), and the agents as the registry builds them."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from zermelo.games.turtles.kernels import MAX_PLAYS, MOV, code_of, pack_view, plays_of, rules_of
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Play, View
from zermelo.solvers.turtles.compiled.mcts import mcts_best, mcts_choose, mcts_iterate, new_tree
from zermelo.solvers.turtles.compiled.tree import tree_choose
from zermelo.solvers.turtles.playouts import POLICIES
from zermelo.solvers.turtles.search import MONTE_CARLO, STRATEGY_NAMES, agent_options

MINIMAX, ALPHABETA, MCTS = 0, 1, 2
"""The kinds of compiled agent."""
LETTERS = {"F": POLICIES["F"], "E": POLICIES["E"], "H": POLICIES["H"], "D": POLICIES["random"]}
"""The kernels' code of each of the paper's strategies (D: random plays, scores nothing)."""
CHUNK = 64
"""Iterations between two looks at the clock in a search with a seconds budget."""
MAX_TREE = 100_000
"""The most iterations of a compiled MCTS: its tree takes one row a node, 32 bytes a play
code (3.7 KB a node: 368 MB at this cap, 3.7 GB at 10^6); ``mcts-ref`` takes 10^6."""


@njit(cache=True)
def decide(o, rules, kind, strategy, budget, samples, epsilon):  # type: ignore[no-untyped-def]
    """A compiled agent's play from the mover's observation ``o`` alone: (card, turtle)."""
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    n = plays_of(o, o[MOV], rules, cards, turtles)
    if n == 1:
        return cards[0], turtles[0]
    if kind == MCTS:
        code = mcts_choose(o, rules, strategy, epsilon, budget)
        for i in range(n):
            if code_of(cards[i], turtles[i]) == code:
                return cards[i], turtles[i]
        raise RuntimeError("internal error: the compiled MCTS chose no legal play")
    k = tree_choose(o, rules, strategy, budget, samples, kind == ALPHABETA)
    return cards[k], turtles[k]


@njit(cache=True)
def reseed(seed):  # type: ignore[no-untyped-def]
    """Seed the kernels' generator."""
    np.random.seed(seed)


@njit(cache=True)
def seeded_decide(o, rules, kind, strategy, budget, samples, epsilon, seed):  # type: ignore[no-untyped-def]
    """:func:`decide` with the generator seeded first (the same seed, the same play)."""
    np.random.seed(seed)
    return decide(o, rules, kind, strategy, budget, samples, epsilon)


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

    def spec(self) -> tuple[int, int, int, int]:
        """The agent as the compiled arena takes it: kind, strategy code, budget, samples
        (its epsilon apart, a float)."""
        return self.kind, LETTERS[self.strategy], self.budget, self.samples

    def choose(self, view: View, rng: random.Random) -> Play:
        """The search's play from ``view`` alone (the generator gives the kernels' seed)."""
        o = pack_view(view)
        rules = rules_of(self.game.variant)
        seed = rng.getrandbits(31)
        if self.kind == MCTS and self.seconds is not None:
            return self._timed(view, o, rules, seed)
        card, turtle = seeded_decide(o, rules, *self.spec(), self.epsilon, seed)
        return int(card), int(turtle)

    def _timed(self, view: View, o: np.ndarray, rules: np.ndarray, seed: int) -> Play:
        """MCTS until its iterations are made or its seconds have passed (the clock is read
        every :data:`CHUNK` iterations)."""
        plays = self.game.legal_plays(view)
        if len(plays) == 1:
            return plays[0]
        assert self.seconds is not None
        deadline = time.perf_counter() + self.seconds
        tree = new_tree(self.budget)
        reseed(seed)
        done = 0
        while done < self.budget and (done == 0 or time.perf_counter() < deadline):
            made = mcts_iterate(o, rules, LETTERS[self.strategy], self.epsilon,
                                min(CHUNK, self.budget - done), *tree)
            if made == 0:
                break
            done += made
        code = int(mcts_best(tree[0], tree[1]))
        return next(p for p in plays if code_of(p[0], p[1]) == code)


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
