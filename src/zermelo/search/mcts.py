"""Monte Carlo tree search: UCT with random (or custom) rollouts and proven-value backup.

Each simulation walks down the tree choosing the child with the best upper confidence bound
``Q + c * sqrt(ln N / n)`` (Kocsis & Szepesvári, "Bandit based Monte-Carlo planning", 2006),
adds one child, plays a rollout to the end and backs the vector of returns up the path. A
node's mean ``Q`` is taken from the view of the player who moved into it, so any number of
players is handled, each maximising its own return.

At a chance node the outcome is drawn with ``game.sample_chance`` (which works for listed and
sampled chance alike) and each outcome drawn gets its own child; the tree's chance nodes thus
average over outcomes in proportion to their probabilities.

With ``solve=True`` (MCTS-Solver, Winands, Björnsson & Saito, "Monte-Carlo tree search solver",
2008) terminal values are propagated as *proven* values: a node is proven as soon as one child
is a proven win for the side to move there, or all its children are proven (its value is then
their best). A proven node is never rolled out again, and a proven root ends the search early
with an exact value. Proofs need two players, zero-sum returns and no chance, so the backup is
switched off for any other game (the search then only estimates).

Seedable: the same ``seed`` gives the same tree and the same answer.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Generic, TypeAlias

from zermelo.core.errors import GameNotSupportedError
from zermelo.core.game import CHANCE, Chance, Game, Information, Utility
from zermelo.search.base import (
    MAX_ITERATIONS,
    Clock,
    M,
    S,
    SearchResult,
    SearchStats,
    Supports,
    anytime_stop,
    check_range,
    check_seconds,
    terminal_value,
    viewer,
)

NAME = "mcts"
SUPPORTS = Supports(players="any", chance=tuple(Chance), information=(Information.PERFECT,),
                    utility=tuple(Utility))

Rollout: TypeAlias = Callable[[Game[S, M], S, random.Random], Sequence[float]]
"""Plays on from a non-terminal state and returns each player's return (or an estimate)."""


def random_rollout(game: Game[S, M], state: S, rng: random.Random) -> tuple[float, ...]:
    """Uniformly random moves, and chance outcomes drawn with their probabilities, to the end
    of the game."""
    chance = game.info.chance is not Chance.DETERMINISTIC
    while not game.is_terminal(state):
        if chance and game.to_move(state) is CHANCE:
            move = game.sample_chance(state, rng)
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
    return game.returns(state)


def proves(game: Game[S, M]) -> bool:
    """Whether proven-value backup is sound for ``game``: two players, zero-sum, no chance."""
    info = game.info
    return (info.num_players == 2 and info.utility is Utility.ZERO_SUM
            and info.chance is Chance.DETERMINISTIC)


class Node(Generic[S, M]):
    """A tree node; ``totals`` sums the returns backed up through it, one per player."""

    __slots__ = ("children", "mover", "proven", "state", "terminal", "totals", "untried",
                 "visits")

    def __init__(self, game: Game[S, M], state: S, rng: random.Random, solve: bool
                 ) -> None:
        self.state = state
        self.mover = game.to_move(state)
        self.terminal = game.is_terminal(state)
        self.children: dict[M, Node[S, M]] = {}
        self.visits = 0
        self.totals = [0.0] * game.info.num_players
        self.proven: float | None = None
        """The exact value from ``mover``'s view, once known (with proven-value backup)."""
        self.untried: list[M] = []
        """Moves not expanded yet; chance nodes keep none (their outcomes are drawn)."""
        if self.terminal:
            if solve:
                self.proven = terminal_value(game, state)
        elif self.mover is not CHANCE:
            self.untried = game.legal_moves(state)
            rng.shuffle(self.untried)

    def player(self) -> int:
        """The player to move at this decision node (proven values are only kept where no
        chance node can be: :func:`proves`)."""
        if self.mover is CHANCE:
            raise GameNotSupportedError("MCTS: a proven value at a chance node")
        return self.mover

    def mean(self, player: int) -> float:
        """``player``'s mean return over the simulations through this node."""
        return self.totals[player] / self.visits

    def value_for(self, player: int) -> float | None:
        """The proven value from ``player``'s view, if proven (two-player zero-sum)."""
        if self.proven is None:
            return None
        return self.proven if player == self.mover else -self.proven


def mcts(
    game: Game[S, M],
    state: S,
    *,
    iterations: int = 1000,
    seconds: float | None = None,
    exploration: float = math.sqrt(2),
    seed: int | None = None,
    rollout: Rollout[S, M] | None = None,
    solve: bool = True,
) -> SearchResult[M]:
    """Search ``state`` with ``iterations`` simulations (or until ``seconds`` have passed).

    The best move is a proven win if there is one, else the most visited child not proven to
    lose. The value is the proven value when the root is proven (``exact``), else the mean
    return of the best move from the side to move's view. At a chance node there is no move to
    choose: the value is the first player's mean return there.
    """
    SUPPORTS.check(game, NAME)
    check_range("iterations", iterations, 1, MAX_ITERATIONS)
    check_seconds(seconds)
    solve = solve and proves(game)
    rng = random.Random(seed)
    play_out = rollout or random_rollout
    stats = SearchStats()
    clock = Clock(stats)
    best_return, worst_return = game.info.max_return, game.info.min_return
    root = Node(game, state, rng, solve)
    stats.nodes = 1
    deadline = None if seconds is None else time.perf_counter() + seconds

    def ucb(parent: Node[S, M], mover: int, child: Node[S, M]) -> float:
        explore = exploration * math.sqrt(math.log(parent.visits) / child.visits)
        value = child.value_for(mover) if solve else None
        if value is not None:
            # a proven loss is never chosen again; a proven draw counts at its value (a proven
            # win has already proven the parent, which is then not searched any more)
            return -math.inf if value <= worst_return else value + explore
        return child.mean(mover) + explore

    def grow(node: Node[S, M], move: M) -> Node[S, M]:
        child = node.children[move] = Node(game, game.apply(node.state, move), rng, solve)
        stats.nodes += 1
        return child

    while root.proven is None:
        if anytime_stop(stats.iterations, stats.nodes, iterations, deadline):
            break  # anytime: the best move so far
        stats.iterations += 1
        node, path = root, [root]
        # selection and expansion: down the tree to a new node or one proven or terminal
        while node.proven is None and not node.terminal:
            if node.mover is CHANCE:
                outcome = game.sample_chance(node.state, rng)
                new = outcome not in node.children
                node = grow(node, outcome) if new else node.children[outcome]
            elif node.untried:
                node, new = grow(node, node.untried.pop()), True
            else:
                parent, mover = node, node.player()
                node, new = max(parent.children.values(),
                                key=lambda c: ucb(parent, mover, c)), False
            path.append(node)
            if new:
                break
        stats.max_depth = max(stats.max_depth, len(path) - 1)
        # simulation
        if node.proven is not None:
            returns: Sequence[float] = _returns_from(game, node.player(), node.proven)
        elif node.terminal:
            returns = game.returns(node.state)
        else:
            returns = play_out(game, node.state, rng)
        # backpropagation
        for i in range(len(path) - 1, -1, -1):
            n = path[i]
            n.visits += 1
            totals = n.totals
            for player, value in enumerate(returns):
                totals[player] += value
            if solve and n.proven is None and i < len(path) - 1:
                _try_prove(n, best_return)
    clock.stop()
    return _result(game, root, stats)


def _returns_from(game: Game[S, M], mover: int, value: float) -> tuple[float, ...]:
    """Two-player zero-sum returns where ``mover`` gets ``value`` (and the other ``-value``)."""
    return tuple(value if p == mover else -value for p in range(game.info.num_players))


def _try_prove(node: Node[S, M], best_return: float) -> None:
    """Prove ``node`` from its children if possible (MCTS-Solver backup)."""
    values = [c.value_for(node.player()) for c in node.children.values()]
    known = [v for v in values if v is not None]
    complete = not node.untried and len(known) == len(values)
    if known and (max(known) >= best_return or complete):
        node.proven = max(known)


def _result(game: Game[S, M], root: Node[S, M], stats: SearchStats) -> SearchResult[M]:
    """The best move, principal line (up to the first chance node) and value at ``root``."""
    if root.terminal:
        value = root.proven
        if value is None:
            value = game.returns(root.state)[viewer(game, root.state)]
        return SearchResult(value, None, (), stats, True, NAME)
    if root.mover is CHANCE:
        return SearchResult(root.mean(viewer(game, root.state)), None, (), stats, False, NAME)
    line: list[M] = []
    node = root
    while node.children and node.mover is not CHANCE:
        move, node = _best_child(node)
        line.append(move)
    child = root.children[line[0]]
    if root.proven is not None:
        value, exact = root.proven, True
    else:
        proven = child.value_for(root.mover)
        value, exact = (proven if proven is not None else child.mean(root.mover)), False
    return SearchResult.of_line(value, line, stats, exact, NAME)


def _best_child(node: Node[S, M]) -> tuple[M, Node[S, M]]:
    """A proven best child if the node is proven, else the most visited child not proven lost."""
    items = list(node.children.items())
    if node.proven is not None:
        for move, child in items:
            if child.value_for(node.player()) == node.proven:
                return move, child

    def rank(item: tuple[M, Node[S, M]]) -> tuple[int, int]:
        value = item[1].value_for(node.player())
        return (0 if value is not None and value < 0 else 1, item[1].visits)

    return max(items, key=rank)
