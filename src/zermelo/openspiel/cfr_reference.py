"""The readable references of :mod:`zermelo.openspiel.cfr`'s compiled kernels, node by node
over the same :class:`~zermelo.openspiel.tree.Tree`: CFR+ by recursion from the root, and a
best response that settles each information set from the histories it holds."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from zermelo.openspiel.tree import TERMINAL, FloatArray, Tree


def _weights(tree: Tree, node: int, sigma: FloatArray) -> list[tuple[int, float]]:
    """Each child of ``node`` with the probability of moving to it."""
    children = range(tree.first[node], tree.first[node] + tree.count[node])
    if tree.kind[node] == -1:
        return [(c, float(tree.chance[c])) for c in children]
    base = tree.offset[tree.infoset[node]]
    return [(c, float(sigma[base + i])) for i, c in enumerate(children)]


def value_of(tree: Tree, node: int, sigma: FloatArray) -> float:
    """Player 0's expected return below ``node`` when both play ``sigma``."""
    if tree.kind[node] == TERMINAL:
        return float(tree.value[node])
    return sum(w * value_of(tree, c, sigma) for c, w in _weights(tree, node, sigma))


def matched(tree: Tree, regret: FloatArray) -> FloatArray:
    """Regret matching, information set by information set."""
    sigma = np.empty_like(regret)
    for start, n in zip(tree.offset, tree.width, strict=True):
        positive = np.maximum(regret[start:start + n], 0.0)
        sigma[start:start + n] = positive / positive.sum() if positive.sum() > 0 else 1.0 / n
    return sigma


def cfr_plus(tree: Tree, iterations: int) -> tuple[FloatArray, FloatArray]:
    """``iterations`` of CFR+ from nothing: the regrets and the weighted strategy sums."""
    regret = np.zeros(tree.actions)
    sums = np.zeros(tree.actions)
    for t in range(1, iterations + 1):
        for player in (0, 1):
            sigma = matched(tree, regret)
            _update(tree, 0, player, sigma, regret, sums, t, [1.0, 1.0, 1.0])
            np.maximum(regret, 0.0, out=regret)
    return regret, sums


def _update(tree: Tree, node: int, player: int, sigma: FloatArray, regret: FloatArray,
            sums: FloatArray, t: int, reach: list[float]) -> float:
    """Player 0's value below ``node``, adding ``player``'s regrets and strategy on the way."""
    if tree.kind[node] == TERMINAL:
        return float(tree.value[node])
    mover = int(tree.kind[node])
    values = []
    for child, weight in _weights(tree, node, sigma):
        below = list(reach)
        below[2 if mover == -1 else mover] *= weight
        values.append((weight, _update(tree, child, player, sigma, regret, sums, t, below)))
    here = sum(w * v for w, v in values)
    if mover == player:
        sign = 1.0 if player == 0 else -1.0
        base = tree.offset[tree.infoset[node]]
        for i, (w, v) in enumerate(values):
            regret[base + i] += reach[1 - player] * reach[2] * sign * (v - here)
            sums[base + i] += t * reach[player] * w
    return here


def best_response_value(tree: Tree, sigma: FloatArray, player: int) -> float:
    """What ``player`` gets at best against ``sigma``: each of the player's information sets
    takes the action whose value summed over its histories, weighted by the others' reach, is
    highest (deeper sets first, through the recursion)."""
    members: dict[int, list[tuple[int, float]]] = defaultdict(list)
    stack = [(0, 1.0)]
    while stack:
        node, reach = stack.pop()
        if tree.kind[node] == player:
            members[int(tree.infoset[node])].append((node, reach))
            stack.extend((c, reach) for c in range(tree.first[node],
                                                   tree.first[node] + tree.count[node]))
        elif tree.kind[node] != TERMINAL:
            stack.extend((c, reach * w) for c, w in _weights(tree, node, sigma))
    sign = 1.0 if player == 0 else -1.0
    choice: dict[int, int] = {}

    def value(node: int) -> float:
        if tree.kind[node] == TERMINAL:
            return sign * float(tree.value[node])
        if tree.kind[node] != player:
            return sum(w * value(c) for c, w in _weights(tree, node, sigma))
        infoset = int(tree.infoset[node])
        if infoset not in choice:
            totals = [sum(r * value(int(tree.first[h]) + a) for h, r in members[infoset])
                      for a in range(int(tree.width[infoset]))]
            choice[infoset] = int(np.argmax(totals))
        return value(int(tree.first[node]) + choice[infoset])

    return value(0)
