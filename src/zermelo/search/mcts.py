"""Monte Carlo tree search: UCT with random (or custom) rollouts and proven-value backup.

Each simulation walks down the tree choosing the child with the best upper confidence bound
``Q + c * sqrt(ln N / n)``, adds one child, plays a rollout to the end and backs the returns
up the path. With ``solve=True`` (MCTS-Solver, Winands et al. 2008) terminal values are
propagated as *proven* values: a node is proven as soon as one child is a proven win for the
side to move there, or all its children are proven (its value is then their best). A proven
node is never rolled out again, and a proven root ends the search early with an exact value.

Seedable: the same ``seed`` gives the same tree and the same answer.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from zermelo.core.game import Game
from zermelo.search.base import Clock, SearchResult, SearchStats, check_game, terminal_value

NAME = "mcts"

Rollout = Callable[[Game[Any, Any], Any, random.Random], tuple[float, ...]]
"""Plays on from a non-terminal state and returns each player's return (or an estimate)."""


def random_rollout(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
    """Uniformly random moves to the end of the game."""
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return game.returns(state)


class Node:
    """A tree node; ``total`` sums the returns of the player who moved *into* this node."""

    __slots__ = ("children", "mover", "proven", "state", "total", "untried", "visits")

    def __init__(self, game: Game[Any, Any], state: Any, rng: random.Random) -> None:
        self.state = state
        self.mover = game.to_move(state)
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.proven: float | None = None
        """The exact value from ``mover``'s view, once known."""
        if game.is_terminal(state):
            self.untried: list[Any] = []
            self.proven = terminal_value(game, state)
        else:
            self.untried = game.legal_moves(state)
            rng.shuffle(self.untried)

    def value_for(self, player: int) -> float | None:
        """The proven value from ``player``'s view, if proven (two-player zero-sum)."""
        if self.proven is None:
            return None
        return self.proven if player == self.mover else -self.proven


def mcts(
    game: Game[Any, Any],
    state: Any,
    *,
    iterations: int = 1000,
    seconds: float | None = None,
    exploration: float = math.sqrt(2),
    seed: int | None = None,
    rollout: Rollout | None = None,
    solve: bool = True,
) -> SearchResult[Any]:
    """Search ``state`` with ``iterations`` simulations (or until ``seconds`` have passed).

    The best move is a proven win if there is one, else the most visited child not proven to
    lose. The value is the proven value when the root is proven (``exact``), else the mean
    return of the best move from the side to move's view.
    """
    check_game(game, NAME)
    if iterations < 1:
        raise ValueError(f"iterations {iterations}: must be 1 or more")
    rng = random.Random(seed)
    play_out = rollout or random_rollout
    stats = SearchStats()
    clock = Clock(stats)
    best_return = game.info.max_return
    root = Node(game, state, rng)
    stats.nodes = 1
    deadline = None if seconds is None else time.perf_counter() + seconds

    def ucb(parent: Node, child: Node) -> float:
        explore = exploration * math.sqrt(math.log(parent.visits) / child.visits)
        value = child.value_for(parent.mover) if solve else None
        if value is not None:
            # a proven loss is never chosen again; a proven draw counts at its value (a proven
            # win has already proven the parent, which is then not searched any more)
            return -math.inf if value <= game.info.min_return else value + explore
        return child.total / child.visits + explore

    while root.proven is None or not solve:
        if stats.iterations >= iterations or (deadline and time.perf_counter() > deadline):
            break
        stats.iterations += 1
        node, path = root, [root]
        # selection
        while not node.untried and node.children and (node.proven is None or not solve):
            parent = node
            node = max(parent.children.values(), key=lambda c: ucb(parent, c))
            path.append(node)
        # expansion
        if node.untried and (node.proven is None or not solve):
            move = node.untried.pop()
            child = Node(game, game.apply(node.state, move), rng)
            node.children[move] = child
            stats.nodes += 1
            node = child
            path.append(node)
        stats.max_depth = max(stats.max_depth, len(path) - 1)
        # simulation
        if node.proven is not None and (solve or game.is_terminal(node.state)):
            own = node.proven
            returns: tuple[float, ...] = _returns_from(node.mover, own)
        else:
            returns = play_out(game, node.state, rng)
        # backpropagation
        for i in range(len(path) - 1, -1, -1):
            n = path[i]
            n.visits += 1
            if i > 0:
                n.total += returns[path[i - 1].mover]
            if solve and n.proven is None and i < len(path) - 1:
                _try_prove(n, best_return)
    clock.stop()
    return _result(game, root, stats)


def _returns_from(mover: int, value: float) -> tuple[float, float]:
    """Two-player returns where ``mover`` gets ``value``."""
    return (value, -value) if mover == 0 else (-value, value)


def _try_prove(node: Node, best_return: float) -> None:
    """Prove ``node`` from its children if possible (MCTS-Solver backup)."""
    values = [c.value_for(node.mover) for c in node.children.values()]
    known = [v for v in values if v is not None]
    complete = not node.untried and len(known) == len(values)
    if known and (max(known) >= best_return or complete):
        node.proven = max(known)


def _result(game: Game[Any, Any], root: Node, stats: SearchStats) -> SearchResult[Any]:
    if not root.children:
        value = root.proven if root.proven is not None else 0.0
        return SearchResult(value, None, (), stats, root.proven is not None, NAME)
    line: list[Any] = []
    node = root
    while node.children:
        move, child = _best_child(node)
        line.append(move)
        node = child
    move, child = _best_child(root)
    if root.proven is not None:
        value, exact = root.proven, True
    else:
        proven = child.value_for(root.mover)
        mean = child.total / child.visits if child.visits else 0.0
        value, exact = (proven if proven is not None else mean), False
    return SearchResult(value, move, tuple(line), stats, exact, NAME)


def _best_child(node: Node) -> tuple[Any, Node]:
    """A proven best child if the node is proven, else the most visited child not proven lost."""
    items = list(node.children.items())
    if node.proven is not None:
        for move, child in items:
            if child.value_for(node.mover) == node.proven:
                return move, child

    def rank(item: tuple[Any, Node]) -> tuple[int, int]:
        value = item[1].value_for(node.mover)
        return (0 if value is not None and value < 0 else 1, item[1].visits)

    return max(items, key=rank)
