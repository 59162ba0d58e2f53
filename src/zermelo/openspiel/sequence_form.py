"""The exact equilibrium of a small two-player zero-sum game of imperfect information by the
sequence-form linear program (Koller, Megiddo and von Stengel, "Efficient Computation of
Equilibria for Extensive Two-Person Games", 1996), over a written-out game
(:class:`~zermelo.openspiel.tree.Tree`).

A player's *sequence* is the empty one or one of their actions at one of their information
sets (with perfect recall, the actions before it follow); a *realisation plan* gives each
sequence the probability that the player plays all of it. Its constraints are linear: the
empty sequence has 1, and an information set's actions share what the sequence leading to it
has. With ``A`` the first player's expected return by pair of sequences (chance folded in),
the first player's plan ``x`` maximises ``min_y x'Ay``; the inner minimum is a linear
program whose dual turns the whole into one LP: maximise ``q_0`` subject to ``F'q <= A'x``,
``Ex = e``, ``x >= 0``. The second player's LP is the same with the roles swapped. HiGHS
(through SciPy) solves both; the behaviour strategies are the plans normalised per information
set, and their exploitability, computed by :mod:`zermelo.openspiel.cfr`'s exact best responses,
says how close to exact the floating-point solution is.

>>> from zermelo.openspiel.adapter import open_game
>>> from zermelo.openspiel.tree import build
>>> solved = solve_tree(build(open_game("kuhn_poker")))
>>> round(solved.value * 18, 6), solved.exploitability < 1e-9
(-1.0, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

from zermelo.core.errors import GameNotSupportedError, InvalidPositionError
from zermelo.core.value import Value
from zermelo.openspiel import cfr
from zermelo.openspiel.adapter import History, OpenSpielGame
from zermelo.openspiel.tree import TERMINAL, FloatArray, IntArray, Tree, build
from zermelo.search.base import SearchResult, SearchStats, remaining_budget

DEFAULT_LIMIT = 300_000
"""The most nodes of a tree written out for the LP unless ``--nodes`` says otherwise (Liar's
dice, 294,883 nodes, is solved in under a minute)."""
EXACT = 1e-9
"""The exploitability under which the LP's solution is called exact."""


@dataclass(frozen=True)
class Solved:
    """An equilibrium found by the LP: the first player's value, both strategies as one flat
    array (as :mod:`zermelo.openspiel.cfr` takes them), its exploitability, each player's
    number of sequences and the LP's seconds."""

    value: float
    sigma: FloatArray
    exploitability: float
    sequences: tuple[int, int]
    seconds: float


def sequence_numbers(tree: Tree, player: int) -> IntArray:
    """Each action's sequence number for ``player`` (1 on in the order of the flat action
    array; -1 at the other player's actions); 0 is the empty sequence."""
    mine = np.repeat(tree.owner == player, tree.width)
    return np.where(mine, np.cumsum(mine), -1)


def last_sequences(tree: Tree, numbers: tuple[IntArray, IntArray]) -> tuple[IntArray, IntArray,
                                                                             FloatArray]:
    """Each node's last sequence of each player and the probability that chance reaches it:
    a node's parent is set before it (nodes go breadth first, children in their parents'
    order), so one depth at a time follows from the one above."""
    n = tree.nodes
    parent = np.repeat(np.arange(n), tree.count)
    ordinal = np.arange(1, n) - tree.first[parent]
    last = [np.zeros(n, np.int64), np.zeros(n, np.int64)]
    reach = np.ones(n)
    for d in range(1, len(tree.depth_start) - 1):
        child = np.arange(tree.depth_start[d], tree.depth_start[d + 1])
        above = parent[child - 1]
        reach[child] = reach[above] * tree.chance[child]
        action = tree.offset[np.maximum(tree.infoset[above], 0)] + ordinal[child - 1]
        for p in (0, 1):
            moved = tree.kind[above] == p
            last[p][child] = np.where(moved, numbers[p][action], last[p][above])
    return last[0], last[1], reach


def constraints(tree: Tree, player: int, numbers: IntArray, leading: IntArray
                ) -> sparse.csr_matrix:
    """``player``'s plan constraints (``E`` or ``F``): a row for the empty sequence (its
    probability is 1) and one per information set of the player (its actions' probabilities
    sum to that of the sequence ``leading`` to it), a column per sequence."""
    sets = np.flatnonzero(tree.owner == player)
    row = np.zeros(tree.infosets, np.int64)
    row[sets] = np.arange(1, len(sets) + 1)
    owner = np.repeat(np.arange(tree.infosets), tree.width)
    acts = np.flatnonzero(numbers > 0)
    rows = np.concatenate([[0], row[owner[acts]], row[sets]])
    cols = np.concatenate([[0], numbers[acts], leading[sets]])
    data = np.concatenate([[1.0], np.ones(len(acts)), -np.ones(len(sets))])
    return sparse.csr_matrix((data, (rows, cols)), shape=(len(sets) + 1, len(acts) + 1))


def best_plan(payoff: sparse.csr_matrix, mine: sparse.csr_matrix, theirs: sparse.csr_matrix
              ) -> tuple[float, FloatArray]:
    """The value and realisation plan ``x`` of the player whose return by pair of sequences
    (theirs, the other's) is ``payoff``: maximise ``q_0`` subject to ``F'q - payoff'x <= 0``,
    ``Ex = e``, ``x >= 0`` (``E`` is ``mine``, ``F`` is ``theirs``)."""
    nx, nq = mine.shape[1], theirs.shape[0]
    upper = sparse.hstack([-payoff.T, theirs.T]).tocsr()
    equal = sparse.hstack([mine, sparse.csr_matrix((mine.shape[0], nq))]).tocsr()
    cost = np.zeros(nx + nq)
    cost[nx] = -1.0
    e = np.zeros(mine.shape[0])
    e[0] = 1.0
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(upper.shape[0]), A_eq=equal, b_eq=e,
                     bounds=[(0, None)] * nx + [(None, None)] * nq, method="highs")
    if result.status != 0:
        raise GameNotSupportedError(f"the sequence-form LP failed: {result.message}")
    return -float(result.fun), np.asarray(result.x[:nx])


def solve_tree(tree: Tree) -> Solved:
    """Both players' equilibrium strategies of ``tree`` and its value for the first
    player, by one LP per player."""
    began = time.perf_counter()
    numbers = (sequence_numbers(tree, 0), sequence_numbers(tree, 1))
    last0, last1, reach = last_sequences(tree, numbers)
    leading = np.zeros(tree.infosets, np.int64)
    for p, last in enumerate((last0, last1)):
        at = np.flatnonzero(tree.kind == p)
        leading[tree.infoset[at]] = last[at]
    ends = np.flatnonzero(tree.kind == TERMINAL)
    sizes = (int(numbers[0].max(initial=0)) + 1, int(numbers[1].max(initial=0)) + 1)
    payoff = sparse.csr_matrix((reach[ends] * tree.value[ends], (last0[ends], last1[ends])),
                               shape=sizes)
    plans = (constraints(tree, 0, numbers[0], leading),
             constraints(tree, 1, numbers[1], leading))
    value, x = best_plan(payoff, plans[0], plans[1])
    _, y = best_plan(-payoff.T.tocsr(), plans[1], plans[0])
    weights = np.where(numbers[0] > 0, x[np.maximum(numbers[0], 0)],
                       y[np.maximum(numbers[1], 0)])
    sigma = cfr.normalised(tree, np.maximum(weights, 0.0))
    return Solved(value, sigma, cfr.exploitability(tree, sigma), sizes,
                  time.perf_counter() - began)


def solve(game: OpenSpielGame, state: History) -> SearchResult[int]:
    """``zermelo solve openspiel:GAME --algorithm sequence-form``: the first player's value
    of the game from its start, exact where the LP's strategies are within :data:`EXACT` of
    an equilibrium; games of more than the budget's nodes (:data:`DEFAULT_LIMIT` when not
    given) are refused with that size."""
    if state.actions:
        raise InvalidPositionError("the sequence-form LP solves a game from its start only (a "
                                   "later position's value depends on the players' beliefs)")
    most, _ = remaining_budget()
    began = time.perf_counter()
    try:
        tree = build(game, most or DEFAULT_LIMIT)
    except GameNotSupportedError as error:
        hint = "; --nodes N raises the limit" if "nodes" in error.args[0] and not most else ""
        raise GameNotSupportedError(f"{error.args[0]}{hint}") from None
    solved = solve_tree(tree)
    stats = SearchStats(nodes=tree.nodes, max_depth=len(tree.depth_start) - 2,
                        seconds=time.perf_counter() - began,
                        extra={"information sets": tree.infosets,
                               "sequences": sum(solved.sequences),
                               "exploitability": float(f"{solved.exploitability:.1e}")})
    first, value = game.info.players[0], solved.value + 0.0  # no -0
    return SearchResult(value, None, (), stats, solved.exploitability < EXACT,
                        "sequence-form", outcome=Value.score(first, value))
