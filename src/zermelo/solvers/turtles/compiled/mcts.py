"""The paper's MCTS compiled: single-observer ISMCTS as :func:`zermelo.search.ismcts.ismcts`
runs it for ``mcts:S`` (UCB over availability, exploration 0.7, returns scaled to 0..1, one new
move per iteration, rollouts by a strategy) on a tree of flat arrays whose nodes are the
agent's information sets: a child is keyed by the play and, after the agent's own play, by the
card it drew.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.turtles.kernels import (
    CODES,
    ENDED,
    MAX_PLAYS,
    MOV,
    NPL,
    code_of,
    determinise,
    draw,
    play,
    plays_of,
    returns_of,
)
from zermelo.solvers.turtles.playouts import playout

EXPLORATION = 0.7


def new_tree(iterations: int) -> tuple[np.ndarray, ...]:
    """Empty arrays for a search of ``iterations`` (one node per iteration at most): per node
    and play code the visits (-1: never tried), summed scaled returns and availability; per
    node and code the first child; per node its next sibling, its key (the card drawn, -1) and
    the number of nodes in use (cell 0 of the last array)."""
    tree: tuple[np.ndarray, ...] = _new_tree(iterations + 1)
    return tree


@njit(cache=True)
def _new_tree(capacity):  # type: ignore[no-untyped-def]
    visits = np.empty((capacity, CODES), np.int64)
    rewards = np.empty((capacity, CODES), np.float64)
    available = np.empty((capacity, CODES), np.int64)
    child = np.empty((capacity, CODES), np.int64)
    links = np.empty((capacity + 1, 2), np.int64)
    _open(visits, rewards, available, child, links, 0, -1)
    links[capacity, 0] = 1
    return visits, rewards, available, child, links


@njit(cache=True)
def _open(visits, rewards, available, child, links, node, key):  # type: ignore[no-untyped-def]
    visits[node, :] = -1
    rewards[node, :] = 0.0
    available[node, :] = 0
    child[node, :] = -1
    links[node, 0] = -1
    links[node, 1] = key


@njit(cache=True)
def _child(visits, rewards, available, child, links, node, code, key):  # type: ignore[no-untyped-def]
    """The node reached from ``node`` by the play ``code`` and the drawn card ``key`` (made if
    new)."""
    c = child[node, code]
    while c >= 0:
        if links[c, 1] == key:
            return c
        c = links[c, 0]
    capacity = visits.shape[0]
    c = links[capacity, 0]
    links[capacity, 0] += 1
    _open(visits, rewards, available, child, links, c, key)
    links[c, 0] = child[node, code]
    child[node, code] = c
    return c


@njit(cache=True)
def mcts_iterate(o, rules, policy, epsilon, count, visits, rewards, available, child,  # type: ignore[no-untyped-def]
                 links):
    """``count`` more iterations of single-observer ISMCTS from the mover's observation ``o``
    on the tree arrays (stopping early when the tree is full); how many were made."""
    me = o[MOV]
    capacity = visits.shape[0]
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    path_node = np.empty(4096, np.int64)
    path_code = np.empty(4096, np.int64)
    path_mover = np.empty(4096, np.int64)
    players = o[NPL]
    policies = np.full(players, policy, np.int64)
    returns = np.empty(players, np.float64)
    done = 0
    while done < count and links[capacity, 0] < capacity:
        done += 1
        s = determinise(o, me, rules)
        node, depth = 0, 0
        while True:
            mover = s[MOV]
            n = plays_of(s, mover, rules, cards, turtles)
            untried = 0
            for i in range(n):
                code = code_of(cards[i], turtles[i])
                available[node, code] += 1
                if visits[node, code] < 0:
                    untried += 1
            if untried > 0:
                r = np.random.randint(0, untried)
                for i in range(n):
                    k = i
                    if visits[node, code_of(cards[i], turtles[i])] < 0:
                        r -= 1
                        if r < 0:
                            break
            else:
                k, top = 0, -np.inf
                for i in range(n):
                    code = code_of(cards[i], turtles[i])
                    value = rewards[node, code] / visits[node, code] + EXPLORATION * np.sqrt(
                        np.log(available[node, code]) / visits[node, code])
                    if value > top:
                        k, top = i, value
            code = code_of(cards[k], turtles[k])
            if visits[node, code] < 0:
                visits[node, code] = 0
            path_node[depth], path_code[depth], path_mover[depth] = node, code, mover
            depth += 1
            ended = play(s, cards[k], turtles[k], rules) == ENDED
            if not ended:
                drawn = draw(s, np.random.random())
            if not ended and (untried > 0 or depth == path_node.shape[0]):
                playout(s, rules, policies, epsilon)
                ended = True
            if ended:
                for p in range(players):
                    returns[p] = returns_of(s, p)
                break
            node = _child(visits, rewards, available, child, links, node, code,
                          drawn if mover == me else -1)
        for d in range(depth):
            visits[path_node[d], path_code[d]] += 1
            rewards[path_node[d], path_code[d]] += (returns[path_mover[d]] + 1.0) / 2.0
    return done


@njit(cache=True)
def mcts_best(visits, rewards):  # type: ignore[no-untyped-def]
    """The root's most visited play code (ties: the higher summed return)."""
    best, top, sum_ = 0, -1, -1.0
    for code in range(CODES):
        v = visits[0, code]
        if v > top or (v == top and rewards[0, code] > sum_):
            best, top, sum_ = code, v, rewards[0, code]
    return best


@njit(cache=True)
def mcts_choose(o, rules, policy, epsilon, iterations):  # type: ignore[no-untyped-def]
    """``mcts:S`` from observation ``o``: the code of the root's most visited play."""
    visits, rewards, available, child, links = _new_tree(iterations + 1)
    mcts_iterate(o, rules, policy, epsilon, iterations, visits, rewards, available, child,
                 links)
    return mcts_best(visits, rewards)
