"""Monte Carlo tree search compiled with numba, for games that bring compiled move functions.

The same search as :mod:`zermelo.search.mcts` (UCT with the same exploration constant and tie
rules, uniformly random rollouts, MCTS-Solver proven-value backup) for two-player zero-sum
games without chance, an order of magnitude faster: the tree lives in flat numpy arrays
preallocated to the simulation budget (one node per simulation, so memory is bounded by it)
and the simulations run in a numba kernel, in chunks between which the Python side reads the
clock, the current :func:`~zermelo.search.base.budget` and its cancellation.

A game opts in with a :class:`Kernels` record of four functions declared with the signatures
``LEGAL``, ``PLAY``, ``TO_MOVE``, ``OUTCOME`` of :mod:`zermelo.core.kernel_signatures`
(``@contract(LEGAL)``)
over a *state* packed in a small C-contiguous int64 array and the game's constant *rules*
(another int64 array):

- ``legal(state, rules, out) -> int``: writes the legal moves (int64) into ``out`` and returns
  how many; called on states that are not over only, always in the same order for a state;
- ``play(state, rules, move) -> None``: plays ``move`` in place;
- ``to_move(state, rules) -> int``: the side to move, 0 or 1 (a side may move twice);
- ``outcome(state, rules) -> float``: the return of the side to move once the game is over,
  else :data:`NOT_OVER` (no return is infinite).

:func:`_specialise` builds the simulations over a game's four functions, which they call
directly, so numba inlines them; each game's search is compiled once and cached on disk
(:mod:`zermelo.search.specialise`). The module names no game: each game's
package packs its states and wires its engine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from zermelo.core.arrays import copy_cells
from zermelo.core.game import Game, Utility
from zermelo.core.kernels import GameKernels
from zermelo.search.base import (
    MAX_ITERATIONS,
    ChunkLimits,
    Clock,
    M,
    S,
    SearchResult,
    SearchStats,
    Supports,
    check_range,
    check_seconds,
)
from zermelo.search.specialise import specialised

NAME = "mcts"
SUPPORTS = Supports(utility=(Utility.ZERO_SUM,))
"""Two players, no chance, perfect information, zero-sum: one value per node suffices."""

NOT_OVER = math.inf
"""What ``outcome`` returns while the game goes on; also marks a node not proven."""
CHUNK = 1024
"""Simulations per kernel call: the clock and the cancellation are read between calls."""


PARENT, FIRST, NEXT, UNTRIED, MOVER = range(5)
"""Columns of the tree's ``links``: parent, newest child, next older sibling (-1: none), legal
moves not expanded yet (-1: not counted yet), side to move at the node."""


@dataclass(frozen=True)
class Kernels:
    """A game's compiled move functions (see the module docstring) and the most legal moves a
    state can have."""

    legal: Any
    play: Any
    to_move: Any
    outcome: Any
    max_moves: int


class Tree:
    """The search tree in flat arrays of ``capacity`` nodes; node 0 is the root. A node's
    entries are written when it is added, so the memory of nodes never added is not touched."""

    def __init__(self, capacity: int) -> None:
        self.links = np.empty((capacity, 5), dtype=np.int32)
        self.moves = np.empty(capacity, dtype=np.int64)
        self.visits = np.zeros(capacity, dtype=np.int64)
        self.sums = np.zeros(capacity, dtype=np.float64)
        """Returns backed up through the node, from the view of the side that moved into it."""
        self.proven = np.empty(capacity)
        """The exact value from the view of the side to move at the node, once known."""
        self.ends = np.empty(capacity)
        """The return of the side to move at a node where the game is over."""
        self.counts = np.zeros(2, dtype=np.int64)
        """Nodes in use and the deepest ply reached."""

    @property
    def nbytes(self) -> int:
        """Memory the arrays take."""
        return sum(a.nbytes for a in (self.links, self.moves, self.visits, self.sums,
                                      self.proven, self.ends, self.counts))

    def value_for(self, node: int, player: int) -> float | None:
        """The proven value of ``node`` from ``player``'s view, if proven."""
        value = float(self.proven[node])
        if value == NOT_OVER:
            return None
        return value if player == self.links[node, MOVER] else -value

    def children(self, node: int) -> list[int]:
        """The children of ``node`` in the order they were added."""
        found = []
        child = int(self.links[node, FIRST])
        while child >= 0:
            found.append(child)
            child = int(self.links[child, NEXT])
        return found[::-1]


def mcts_compiled(
    game: Game[S, M],
    kernels: Kernels,
    state: np.ndarray,
    rules: np.ndarray,
    *,
    decode: Callable[[int], Hashable] = int,
    iterations: int = 1000,
    seconds: float | None = None,
    exploration: float = math.sqrt(2),
    seed: int | None = None,
    solve: bool = True,
) -> SearchResult[Any]:
    """Search the packed ``state`` of ``game`` with ``iterations`` simulations (or until
    ``seconds`` have passed or the current budget is spent); ``decode`` turns the kernels'
    int64 moves into the game's moves.

    The result is read as :func:`zermelo.search.mcts.mcts` reads its own: the best move is a
    proven win if there is one, else the most visited child not proven to lose.
    """
    SUPPORTS.check(game, NAME)
    check_range("iterations", iterations, 1, MAX_ITERATIONS)
    check_seconds(seconds)
    state, rules = (np.ascontiguousarray(a, dtype=np.int64) for a in (state, rules))
    stats = SearchStats()
    clock = Clock(stats)
    limits = ChunkLimits.of(iterations, seconds, clock.start)
    cap = limits.cap
    tree = Tree(cap + 1)
    tree.links[0] = (-1, -1, -1, -1, kernels.to_move(state, rules))
    tree.proven[0] = NOT_OVER
    tree.ends[0] = kernels.outcome(state, rules)
    tree.counts[0] = 1
    stats.nodes = 1
    if tree.ends[0] != NOT_OVER:
        clock.stop()
        return SearchResult(float(tree.ends[0]), None, (), stats, True, NAME)
    rng = np.array([_seed_word(seed)], dtype=np.uint64)
    longest = game.info.max_game_length
    scratch = (state.copy(), np.zeros(kernels.max_moves, dtype=np.int64),
               np.zeros((cap if longest is None else min(cap, longest)) + 1, dtype=np.int64))
    best, worst = float(game.info.max_return), float(game.info.min_return)
    simulate = specialised(_specialise, kernels.legal, kernels.play, kernels.to_move,
                           kernels.outcome)
    while stats.iterations < cap and tree.proven[0] == NOT_OVER:
        stats.iterations += simulate(
            state, rules, tree.links, tree.moves, tree.visits, tree.sums, tree.proven, tree.ends,
            tree.counts, min(CHUNK, cap - stats.iterations), float(exploration), best, worst,
            bool(solve), rng, *scratch)
        if limits.stop():
            break  # anytime: the best move so far
    stats.nodes, stats.max_depth = int(tree.counts[0]), int(tree.counts[1])
    stats.extra["tree_bytes"] = tree.nbytes
    clock.stop()
    return _result(tree, stats, decode)


def _seed_word(seed: int | None) -> int:
    """A non-zero 64-bit xorshift state from ``seed`` (None: from the system)."""
    value = random.Random(seed).getrandbits(64)
    return value or 1


def _result(tree: Tree, stats: SearchStats, decode: Callable[[int], Hashable]
            ) -> SearchResult[Any]:
    """The best move, principal line and value at the root (as the generic MCTS reads them)."""
    line: list[Hashable] = []
    node = 0
    while tree.links[node, FIRST] >= 0:
        node = _best_child(tree, node)
        line.append(decode(int(tree.moves[node])))
    mover = int(tree.links[0, MOVER])
    child = _best_child(tree, 0)
    if tree.proven[0] != NOT_OVER:
        value, exact = float(tree.proven[0]), True
    else:
        proven = tree.value_for(child, mover)
        mean = float(tree.sums[child] / tree.visits[child])
        value, exact = (proven if proven is not None else mean), False
    return SearchResult.of_line(value, line, stats, exact, NAME)


def _best_child(tree: Tree, node: int) -> int:
    """A proven best child if the node is proven, else the most visited child not proven lost
    (the first added among equals)."""
    children = tree.children(node)
    mover = int(tree.links[node, MOVER])
    if tree.proven[node] != NOT_OVER:
        for child in children:
            if tree.value_for(child, mover) == tree.proven[node]:
                return child

    def rank(child: int) -> tuple[int, int]:
        value = tree.value_for(child, mover)
        return (0 if value is not None and value < 0 else 1, int(tree.visits[child]))

    return max(children, key=rank)


@njit(cache=True, inline="always")
def _below(rng: Any, n: Any) -> Any:
    """A uniform integer in ``[0, n)`` from the xorshift64* generator ``rng[0]``."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    high = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(33)
    return np.int64((high * np.uint64(n)) >> np.uint64(31))


@njit(cache=True)
def _select(node: Any, links: Any, visits: Any, sums: Any, proven: Any, exploration: Any,
            worst: Any, solve: Any) -> Any:
    """The child of best upper confidence bound (the first added among equals); a proven
    loss for the side to move is never chosen, a proven draw counts at its value."""
    log_visits = math.log(visits[node])
    mover = links[node, MOVER]
    chosen = -1
    top = -math.inf
    child = links[node, FIRST]
    while child >= 0:  # newest first, so ">=" keeps the first added among equals
        explore = exploration * math.sqrt(log_visits / visits[child])
        if solve and proven[child] != NOT_OVER:
            value = proven[child] if links[child, MOVER] == mover else -proven[child]
            bound = -math.inf if value <= worst else value + explore
        else:
            bound = sums[child] / visits[child] + explore
        if bound >= top:
            top = bound
            chosen = child
        child = links[child, NEXT]
    return chosen


@njit(cache=True)
def _try_prove(node: Any, links: Any, proven: Any, best: Any) -> None:
    """Prove ``node`` from its children if possible (MCTS-Solver backup): one child proven a
    win for the side to move, or every move expanded and every child proven."""
    mover = links[node, MOVER]
    top = -math.inf
    known = False
    complete = links[node, UNTRIED] == 0
    child = links[node, FIRST]
    while child >= 0:
        if proven[child] == NOT_OVER:
            complete = False
        else:
            value = proven[child] if links[child, MOVER] == mover else -proven[child]
            if not known or value > top:
                top = value
            known = True
        child = links[child, NEXT]
    if known and (top >= best or complete):
        proven[node] = top


def _specialise(legal: Any, play: Any, to_move: Any, outcome: Any) -> Any:
    """The simulations compiled for one game's move functions, which they call directly
    (bound when they are compiled, so numba inlines them)."""

    @njit
    def expand(node: Any, n: Any, state: Any, rules: Any, links: Any, moves: Any, proven: Any,
               ends: Any, counts: Any, solve: Any, rng: Any, buffer: Any) -> Any:
        """Add a child for a legal move of ``node`` chosen at random among those not expanded,
        play it on ``state`` and return the child."""
        skip = _below(rng, links[node, UNTRIED])
        move = buffer[0]
        for j in range(n):
            move = buffer[j]
            child = links[node, FIRST]
            while child >= 0 and moves[child] != move:
                child = links[child, NEXT]
            if child < 0:
                if skip == 0:
                    break
                skip -= 1
        child = counts[0]
        counts[0] += 1
        links[child, PARENT] = node
        links[child, FIRST] = -1
        links[child, NEXT] = links[node, FIRST]
        links[child, UNTRIED] = -1
        links[node, FIRST] = child
        links[node, UNTRIED] -= 1
        moves[child] = move
        play(state, rules, move)
        links[child, MOVER] = to_move(state, rules)
        ends[child] = outcome(state, rules)
        proven[child] = ends[child] if solve else NOT_OVER
        return child

    @njit
    def simulate(root: Any, rules: Any, links: Any, moves: Any, visits: Any, sums: Any,
                 proven: Any, ends: Any, counts: Any, count: Any, exploration: Any, best: Any,
                 worst: Any, solve: Any, rng: Any, state: Any, buffer: Any, path: Any) -> Any:
        """Run up to ``count`` simulations (fewer once the root is proven); the number run."""
        done = 0
        while done < count and proven[0] == NOT_OVER:
            done += 1
            copy_cells(state, 0, root, 0, root.shape[0])
            node = np.int64(0)  # typed: a constant 0 would compile expand and _select twice
            depth = 0
            path[0] = 0
            # selection and expansion: down the tree to a new node or one proven or over
            while proven[node] == NOT_OVER and ends[node] == NOT_OVER:
                n = 0
                if links[node, UNTRIED] != 0:  # moves to expand, or not counted yet
                    n = legal(state, rules, buffer)
                    if links[node, UNTRIED] < 0:
                        links[node, UNTRIED] = n
                grown = links[node, UNTRIED] > 0
                if grown:
                    node = expand(node, n, state, rules, links, moves, proven, ends, counts,
                                  solve, rng, buffer)
                else:
                    node = _select(node, links, visits, sums, proven, exploration, worst, solve)
                    play(state, rules, moves[node])
                depth += 1
                path[depth] = node
                if grown:
                    break
            if depth > counts[1]:
                counts[1] = depth
            # simulation: the value for the side to move at the end, and who that is
            if proven[node] != NOT_OVER:
                value, who = proven[node], links[node, MOVER]
            elif ends[node] != NOT_OVER:
                value, who = ends[node], links[node, MOVER]
            else:
                while True:
                    play(state, rules, buffer[_below(rng, legal(state, rules, buffer))])
                    value = outcome(state, rules)
                    if value != NOT_OVER:
                        break
                who = to_move(state, rules)
            first = value if who == 0 else -value
            # backpropagation
            for i in range(depth, -1, -1):
                node = path[i]
                visits[node] += 1
                if i > 0:
                    sums[node] += first if links[links[node, PARENT], MOVER] == 0 else -first
                if solve and i < depth and proven[node] == NOT_OVER:
                    _try_prove(node, links, proven, best)
        return done

    return simulate


def mcts_declared(game: Game[S, M], kernels: GameKernels[S, M], state: S, *,
                  iterations: int = 1000, seed: int | None = None
                  ) -> SearchResult[M] | None:
    """:func:`mcts_compiled` on the kernels a game declares, from a state of its rules; None
    when they lack what the search needs (``outcome``) or the game is not one it plays."""
    if kernels.outcome is None or SUPPORTS.missing(game.info):
        return None
    moves = Kernels(kernels.legal, kernels.play, kernels.to_move, kernels.outcome,
                    kernels.max_moves)
    return mcts_compiled(game, moves, kernels.pack(state), kernels.rules,
                         decode=lambda code: kernels.decode(state, code),
                         iterations=iterations, seed=seed)
