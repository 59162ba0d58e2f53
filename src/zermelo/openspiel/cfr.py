"""Counterfactual regret minimisation (CFR+) and exact best responses over a written-out
two-player zero-sum game (:class:`~zermelo.openspiel.tree.Tree`): the equilibrium of a small
game of imperfect information, its value, and how exploitable any strategy is.

CFR+ (Tammelin, "Solving Large Imperfect Information Games Using CFR+", 2014): regret
matching with regrets floored at zero, the players updated in turn, the average strategy
weighted by the iteration number. The exploitability of a strategy pair is half of the sum
of what each player's best response to the other gains over the game's value (OpenSpiel's
``exploitability``: NashConv / 2). A strategy is a flat array of probabilities, one per action
of each information set (``tree.offset``). The compiled kernels have readable references in
:mod:`zermelo.openspiel.cfr_reference`, which the tests compare them with.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from zermelo.core.errors import OptionError
from zermelo.openspiel.tree import FloatArray, IntArray, Tree

MAX_ITERATIONS = 1_000_000


@njit(cache=True)
def _matched(regret: FloatArray, offset: IntArray, width: IntArray) -> FloatArray:
    """Regret matching: each information set's positive regrets normalised (uniform when
    none is positive)."""
    sigma = np.empty_like(regret)
    for i in range(len(offset)):
        start, n = offset[i], width[i]
        total = 0.0
        for a in range(n):
            total += max(regret[start + a], 0.0)
        for a in range(n):
            sigma[start + a] = max(regret[start + a], 0.0) / total if total > 0 else 1.0 / n
    return sigma


@njit(cache=True)
def _reach(kind: IntArray, first: IntArray, count: IntArray, chance: FloatArray,
           infoset: IntArray, offset: IntArray, sigma: FloatArray) -> FloatArray:
    """Each node's reach probability by player 0, player 1 and chance (rows 0, 1, 2)."""
    n = len(kind)
    reach = np.ones((3, n))
    for node in range(n):
        for c in range(count[node]):
            child = first[node] + c
            for r in range(3):
                reach[r, child] = reach[r, node]
            if kind[node] == -1:
                reach[2, child] *= chance[child]
            else:
                reach[kind[node], child] *= sigma[offset[infoset[node]] + c]
    return reach


@njit(cache=True)
def _values(kind: IntArray, first: IntArray, count: IntArray, chance: FloatArray,
            infoset: IntArray, value: FloatArray, offset: IntArray, sigma: FloatArray
            ) -> FloatArray:
    """Player 0's expected return at each node when both play ``sigma``."""
    n = len(kind)
    v = np.zeros(n)
    for node in range(n - 1, -1, -1):
        if kind[node] == -2:
            v[node] = value[node]
            continue
        v[node] = _expected(node, kind, first, count, chance, infoset, offset, sigma, v)
    return v


@njit(cache=True)
def _expected(node: int, kind: IntArray, first: IntArray, count: IntArray, chance: FloatArray,
              infoset: IntArray, offset: IntArray, sigma: FloatArray, v: FloatArray) -> float:
    """The expectation of ``v`` over ``node``'s children, by chance or by ``sigma``."""
    total = 0.0
    for c in range(count[node]):
        child = first[node] + c
        weight = chance[child] if kind[node] == -1 else sigma[offset[infoset[node]] + c]
        total += weight * v[child]
    return total


@njit(cache=True)
def cfr_plus(kind: IntArray, first: IntArray, count: IntArray, chance: FloatArray,
             infoset: IntArray, value: FloatArray, offset: IntArray, width: IntArray,
             regret: FloatArray, average: FloatArray, start: int, iterations: int) -> None:
    """``iterations`` CFR+ iterations (numbered from ``start`` + 1), updating ``regret`` and
    the weighted strategy sums ``average`` in place; the players update in turn."""
    for t in range(start + 1, start + iterations + 1):
        for player in range(2):
            sigma = _matched(regret, offset, width)
            reach = _reach(kind, first, count, chance, infoset, offset, sigma)
            v = _values(kind, first, count, chance, infoset, value, offset, sigma)
            sign = 1.0 if player == 0 else -1.0
            for node in range(len(kind)):
                if kind[node] != player:
                    continue
                base = offset[infoset[node]]
                weight = reach[1 - player, node] * reach[2, node]
                for c in range(count[node]):
                    regret[base + c] += weight * sign * (v[first[node] + c] - v[node])
                    average[base + c] += t * reach[player, node] * sigma[base + c]
            for i in range(len(regret)):
                regret[i] = max(regret[i], 0.0)


@njit(cache=True)
def best_response_value(kind: IntArray, first: IntArray, count: IntArray, chance: FloatArray,
                        infoset: IntArray, value: FloatArray, depth_start: IntArray,
                        offset: IntArray, width: IntArray, sigma: FloatArray, player: int
                        ) -> float:
    """What ``player`` gets at best against the other playing ``sigma``: the information
    sets of one depth are settled together, deepest first (each information set's nodes
    share a depth), choosing the action of highest counterfactual value."""
    sign = 1.0 if player == 0 else -1.0
    reach = _reach(kind, first, count, chance, infoset, offset, sigma)
    v = np.zeros(len(kind))
    score = np.zeros(len(sigma))
    best = np.zeros(len(offset), np.int64)
    for d in range(len(depth_start) - 2, -1, -1):
        lo, hi = depth_start[d], depth_start[d + 1]
        for node in range(lo, hi):
            if kind[node] == player:
                for c in range(count[node]):
                    score[offset[infoset[node]] + c] = 0.0
        for node in range(lo, hi):
            if kind[node] == player:
                base = offset[infoset[node]]
                weight = reach[1 - player, node] * reach[2, node]
                for c in range(count[node]):
                    score[base + c] += weight * sign * v[first[node] + c]
        for node in range(lo, hi):
            if kind[node] == player:
                i = infoset[node]
                top = 0
                for c in range(1, width[i]):
                    if score[offset[i] + c] > score[offset[i] + top]:
                        top = c
                best[i] = top
        for node in range(lo, hi):
            if kind[node] == -2:
                v[node] = value[node]
            elif kind[node] == player:
                v[node] = v[first[node] + best[infoset[node]]]
            else:
                v[node] = _expected(node, kind, first, count, chance, infoset, offset, sigma, v)
    return float(sign * v[0])


def game_value(tree: Tree, sigma: FloatArray) -> float:
    """Player 0's expected return when both players play ``sigma``."""
    values: FloatArray = _values(tree.kind, tree.first, tree.count, tree.chance, tree.infoset,
                                 tree.value, tree.offset, sigma)
    return float(values[0])


def best_responses(tree: Tree, sigma: FloatArray) -> tuple[float, float]:
    """What player 0 and player 1 get at best against the other playing ``sigma``."""
    t = tree
    return tuple(float(best_response_value(  # type: ignore[return-value]
        t.kind, t.first, t.count, t.chance, t.infoset, t.value, t.depth_start, t.offset,
        t.width, sigma, p)) for p in (0, 1))


def exploitability(tree: Tree, sigma: FloatArray) -> float:
    """Half the sum of the best responses' returns to ``sigma`` (0 exactly at an
    equilibrium; OpenSpiel's NashConv / 2)."""
    return sum(best_responses(tree, sigma)) / 2


def mixed(tree: Tree, rows: FloatArray, player: int, other: FloatArray) -> FloatArray:
    """The strategy that plays ``rows`` at ``player``'s information sets and ``other`` at
    the other player's."""
    mine = np.repeat(tree.owner == player, tree.width)
    return np.where(mine, rows, other)


@dataclass
class Solver:
    """CFR+ on a tree, resumable: ``run(n)`` adds ``n`` iterations."""

    tree: Tree
    iterations: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.regret = np.zeros(self.tree.actions)
        self.sums = np.zeros(self.tree.actions)

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (1 to :data:`MAX_ITERATIONS`)."""
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise OptionError(f"iterations {iterations}: expected 1 to {MAX_ITERATIONS:,}")
        t = self.tree
        began = time.perf_counter()
        cfr_plus(t.kind, t.first, t.count, t.chance, t.infoset, t.value, t.offset, t.width,
                 self.regret, self.sums, self.iterations, iterations)
        self.seconds += time.perf_counter() - began
        self.iterations += iterations

    def average(self) -> FloatArray:
        """The average strategy (uniform where an information set was never reached)."""
        return normalised(self.tree, self.sums)


def normalised(tree: Tree, weights: FloatArray) -> FloatArray:
    """``weights`` normalised per information set (uniform where they sum to 0)."""
    owners = np.repeat(np.arange(tree.infosets), tree.width)
    totals = np.bincount(owners, weights, tree.infosets)[owners]
    uniform = 1.0 / np.repeat(tree.width, tree.width)
    return np.where(totals > 0, weights / np.where(totals > 0, totals, 1.0), uniform)
