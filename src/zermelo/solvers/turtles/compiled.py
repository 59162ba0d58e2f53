"""The paper's searches compiled with numba, and whole arena games in one compiled loop.

The readable agents of :mod:`zermelo.solvers.turtles.search` stay the reference; these kernels
play the same searches on flat arrays, fast enough for the paper's tables at 1,000 games a cell:

* a *state* is one int64 array (:data:`SIZE` cells: squares, heights, turtles per square,
  colours, hands as counts per kind, draw and discard piles, mover, passes, draw-pile size,
  players); an *observation* has the same layout with what its player cannot see left out
  (the other colours are -1, the other hands and the draw pile empty, the hand sizes in
  :data:`SIZES`). :func:`observe` is the one kernel that turns a state into an observation,
  and every agent kernel receives the observation only;
* :func:`determinise` draws a state from an observation as :meth:`Turtles.determinise` does:
  the other colours uniformly from the four left, the other hands from the unseen cards;
* :func:`tree_choose` is minimax or alpha-beta of :class:`~.search.TreeSearch`: a paranoid tree
  of DEPTH plays per determinisation, a line worth the sum of the strategy's scores from the
  agent's view and +-10^6 times its return where the game ends, draws fixed per ply;
* :func:`mcts_iterate` is single-observer ISMCTS as :func:`zermelo.search.ismcts.ismcts` runs it
  for ``mcts:S`` (UCB over availability, exploration 0.7, returns scaled to 0..1, one new
  move per iteration) on a tree of flat arrays whose nodes are the agent's information sets:
  a child is keyed by the play and, after the agent's own play, by the card it drew;
* :func:`arena_game` deals and plays a whole game between compiled agents.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from zermelo.core.errors import OptionError
from zermelo.games.turtles.board import SQUARES
from zermelo.games.turtles.cards import KINDS, TURTLES
from zermelo.games.turtles.kernels import MAX_PLAYS, STEP, finished, flags, legal, move, shuffled
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import HAND, Play, TurtleState, View
from zermelo.solvers.turtles.playouts import POLICIES, RATES, arrays, playout, rates_of, score
from zermelo.solvers.turtles.search import MONTE_CARLO, STRATEGY_NAMES, agent_options

MAX_PLAYERS = 5
SQ, HT, CNT = 0, TURTLES, 2 * TURTLES
COL = CNT + SQUARES
HND = COL + MAX_PLAYERS
PIL = HND + MAX_PLAYERS * KINDS
DIS = PIL + KINDS
SIZES = DIS + KINDS
MOV = SIZES + MAX_PLAYERS
PAS, TOT, NPL = MOV + 1, MOV + 2, MOV + 3
SIZE = NPL + 1
"""The cells of a state or observation array."""

MINIMAX, ALPHABETA, MCTS = 0, 1, 2
"""The kinds of compiled agent (:func:`arena_game`'s ``kinds``)."""
CODES = KINDS * (TURTLES + 1) + 1
"""Play codes: ``card * 6 + turtle + 1``, the pass last."""
PASS_CODE = CODES - 1
WIN = 1e6
EXPLORATION = 0.7
OVER, DRAW_DUE, NEXT = 1, 0, 2
"""What a play leaves: the game over, a draw due, or the next player's turn (a pass)."""
DRAWS = 512
"""Chance numbers drawn ahead at a time for one arena game (a game rarely makes 100 draws);
a longer game draws the next block fresh (:func:`more_chance`)."""


@njit(cache=True)
def code_of(card, turtle):  # type: ignore[no-untyped-def]
    """The play's code (see :data:`CODES`)."""
    return PASS_CODE if card < 0 else card * (TURTLES + 1) + turtle + 1


@njit(cache=True)
def plays_of(s, player, flag, cards, turtles):  # type: ignore[no-untyped-def]
    """The legal plays of ``player`` in state ``s`` (the rules' order); how many."""
    hand = s[HND + player * KINDS:HND + (player + 1) * KINDS]
    return legal(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], hand, flag, cards, turtles)


@njit(cache=True)
def play(s, card, turtle, flag):  # type: ignore[no-untyped-def]
    """Make the mover's play in ``s``; :data:`OVER`, :data:`DRAW_DUE` or :data:`NEXT`."""
    players = s[NPL]
    if card < 0:
        s[PAS] += 1
        return OVER if s[PAS] >= players else NEXT
    s[PAS] = 0
    s[HND + s[MOV] * KINDS + card] -= 1
    if turtle >= 0:
        move(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], s[CNT:CNT + SQUARES], turtle, STEP[card])
    s[DIS + card] += 1
    return OVER if finished(s[SQ:SQ + TURTLES], s[COL:COL + players], flag) else DRAW_DUE


@njit(cache=True)
def settle(s, status, flag, u):  # type: ignore[no-untyped-def]
    """End the turn after a play that left ``status``: the mover draws (the draw pile refilled
    from the discards first when the variant says so) the card at ``u`` in [0, 1) of the pile;
    the next player moves. The card drawn, -1 if none."""
    drawn = -1
    if status == DRAW_DUE:
        if s[TOT] == 0 and flag[3] == 0:
            for c in range(KINDS):
                s[PIL + c] += s[DIS + c]
                s[TOT] += s[DIS + c]
                s[DIS + c] = 0
        if s[TOT] > 0:
            r = int(u * s[TOT])
            for c in range(KINDS):
                r -= s[PIL + c]
                if r < 0:
                    drawn = c
                    break
            s[PIL + drawn] -= 1
            s[TOT] -= 1
            s[HND + s[MOV] * KINDS + drawn] += 1
    s[MOV] = (s[MOV] + 1) % s[NPL]
    return drawn


@njit(cache=True)
def winners(s):  # type: ignore[no-untyped-def]
    """The winning players as a bit mask: the best-ranked owned turtle (several when they share
    the start)."""
    best = -1
    mask = 0
    for p in range(s[NPL]):
        t = s[COL + p]
        key = s[SQ + t] * 8 + (7 - s[HT + t])
        if key > best:
            best, mask = key, 1 << p
        elif key == best:
            mask |= 1 << p
    return mask


@njit(cache=True)
def returns_of(s, player):  # type: ignore[no-untyped-def]
    """``player``'s return in a finished game as the rules give it."""
    n = s[NPL]
    mask = winners(s)
    if mask & (1 << player) == 0:
        return -1.0 / (n - 1)
    k = 0
    for p in range(n):
        k += (mask >> p) & 1
    return (n - k) / (k * (n - 1))


@njit(cache=True)
def observe(s, player):  # type: ignore[no-untyped-def]
    """What ``player`` sees of state ``s``: the track, the discard pile, every hand's size and
    the draw pile's, whose turn, the passes; the player's own colour and hand only."""
    o = np.zeros(SIZE, np.int64)
    o[SQ:COL] = s[SQ:COL]
    o[COL:COL + MAX_PLAYERS] = -1
    o[COL + player] = s[COL + player]
    o[HND + player * KINDS:HND + (player + 1) * KINDS] = s[HND + player * KINDS:
                                                          HND + (player + 1) * KINDS]
    o[DIS:DIS + KINDS] = s[DIS:DIS + KINDS]
    for p in range(s[NPL]):
        size = 0
        for c in range(KINDS):
            size += s[HND + p * KINDS + c]
        o[SIZES + p] = size
    o[MOV], o[PAS], o[TOT], o[NPL] = s[MOV], s[PAS], s[TOT], s[NPL]
    return o


@njit(cache=True)
def determinise(o, deck):  # type: ignore[no-untyped-def]
    """A state drawn from observation ``o`` of its mover: the other colours uniformly from
    the turtles left, the other hands from the cards the mover has not seen, the rest the
    draw pile."""
    s = o.copy()
    me, players = o[MOV], o[NPL]
    left = np.empty(TURTLES - 1, np.int64)
    k = 0
    for t in range(TURTLES):
        if t != o[COL + me]:
            left[k] = t
            k += 1
    np.random.shuffle(left)
    k = 0
    unseen = np.empty(KINDS, np.int64)
    total = 0
    for c in range(KINDS):
        unseen[c] = deck[c] - o[HND + me * KINDS + c] - o[DIS + c]
        total += unseen[c]
    for p in range(players):
        if p == me:
            continue
        s[COL + p] = left[k]
        k += 1
        for _ in range(o[SIZES + p]):
            r = np.random.randint(0, total)
            for c in range(KINDS):
                r -= unseen[c]
                if r < 0:
                    unseen[c] -= 1
                    s[HND + p * KINDS + c] += 1
                    break
            total -= 1
    s[PIL:PIL + KINDS] = unseen
    s[TOT] = total
    return s


@njit(cache=True)
def strategy_score(s, own, strategy, rates, card, turtle):  # type: ignore[no-untyped-def]
    """Strategy ``strategy``'s score (the rollout codes: 0 is D, which scores nothing) of a play
    for the owner of turtle ``own``."""
    if strategy == 0:
        return 0.0
    return score(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], own, card, turtle, rates)


@njit(cache=True)
def _rates(s, own, strategy):  # type: ignore[no-untyped-def]
    return RATES[rates_of(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], own, max(strategy, 1))]


@njit(cache=True)
def _level(states, cards, turtles, counts, next_, best, maximise, level, status, me, flag,  # type: ignore[no-untyped-def]
           draws):
    """Open a node of :func:`_tree` at ``level``: the draw due (fixed by ``draws``), then
    the mover's plays."""
    s = states[level]
    settle(s, status, flag, draws[level + 1])
    counts[level] = plays_of(s, s[MOV], flag, cards[level], turtles[level])
    next_[level] = 0
    maximise[level] = s[MOV] == me
    best[level] = -np.inf if maximise[level] else np.inf


@njit(cache=True)
def _tree(s, status, depth, alpha0, beta0, me, strategy, prune, flag, draws):  # type: ignore[no-untyped-def]
    """The value of ``s`` after the root's play that left ``status`` (the game goes on,
    ``depth`` > 0 plays to look at) for ``me``: at each node the mover's draw (fixed per ply
    by ``draws``), then the best line (``me`` to play) or the worst, a line worth the sum of
    its scores; fail-soft alpha-beta when ``prune``. Levels on an explicit stack."""
    own = s[COL + me]
    states = np.empty((depth, SIZE), np.int64)
    cards = np.empty((depth, MAX_PLAYS), np.int64)
    turtles = np.empty((depth, MAX_PLAYS), np.int64)
    counts = np.empty(depth, np.int64)
    next_ = np.empty(depth, np.int64)
    best = np.empty(depth, np.float64)
    alpha = np.empty(depth, np.float64)
    beta = np.empty(depth, np.float64)
    scored = np.empty(depth, np.float64)
    maximise = np.empty(depth, np.bool_)
    states[0] = s
    alpha[0], beta[0] = alpha0, beta0
    _level(states, cards, turtles, counts, next_, best, maximise, 0, status, me, flag, draws)
    level = 0
    while True:
        if next_[level] < counts[level] and not (prune and alpha[level] >= beta[level]):
            i = next_[level]
            next_[level] += 1
            card, turtle = cards[level, i], turtles[level, i]
            sc = strategy_score(states[level], own, strategy,
                                _rates(states[level], own, strategy), card, turtle)
            c = states[level].copy()
            after = play(c, card, turtle, flag)
            if after == OVER:
                value = sc + WIN * returns_of(c, me)
            elif depth - level == 1:
                value = sc
            else:
                scored[level] = sc
                states[level + 1] = c
                alpha[level + 1], beta[level + 1] = alpha[level] - sc, beta[level] - sc
                level += 1
                _level(states, cards, turtles, counts, next_, best, maximise, level, after, me,
                       flag, draws)
                continue
        else:
            if level == 0:
                return best[0]
            level -= 1
            value = scored[level] + best[level + 1]
        if maximise[level]:
            best[level] = max(best[level], value)
            alpha[level] = max(alpha[level], best[level])
        else:
            best[level] = min(best[level], value)
            beta[level] = min(beta[level], best[level])


@njit(cache=True)
def tree_best(s, depth, strategy, prune, flag, draws):  # type: ignore[no-untyped-def]
    """The index (among the mover's legal plays) of the first best play in the determinisation
    ``s`` (the root of :func:`_tree`)."""
    me = s[MOV]
    own = s[COL + me]
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    n = plays_of(s, me, flag, cards, turtles)
    rates = _rates(s, own, strategy)
    best, top = 0, -np.inf
    for i in range(n):
        sc = strategy_score(s, own, strategy, rates, cards[i], turtles[i])
        c = s.copy()
        after = play(c, cards[i], turtles[i], flag)
        if after == OVER:
            value = sc + WIN * returns_of(c, me)
        elif depth == 1:
            value = sc
        else:
            value = sc + _tree(c, after, depth - 1, top - sc, np.inf, me, strategy, prune, flag,
                               draws)
        if value > top:
            best, top = i, value
    return best


@njit(cache=True)
def tree_choose(o, deck, flag, strategy, depth, samples, prune):  # type: ignore[no-untyped-def]
    """Minimax (alpha-beta when ``prune``) from observation ``o``: each of ``samples``
    determinisations votes for its first best play; the index of the first play of the most
    votes."""
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    n = plays_of(o, o[MOV], flag, cards, turtles)
    votes = np.zeros(n, np.int64)
    for _ in range(samples):
        s = determinise(o, deck)
        draws = np.random.random(depth + 1)
        votes[tree_best(s, depth, strategy, prune, flag, draws)] += 1
    return np.argmax(votes)


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
def rollout(s, flag, policies, epsilon):  # type: ignore[no-untyped-def]
    """Play ``s`` (a player to move) to its end by :func:`~.playouts.playout`, each player by
    its policy; the winner, -1 when several share the win (a rollout counts it as no result,
    as :func:`~.playouts.policy_rollout` does)."""
    players = s[NPL]
    return playout(s[SQ:SQ + TURTLES].copy(), s[HT:HT + TURTLES].copy(),
                   s[CNT:CNT + SQUARES].copy(), s[COL:COL + players].copy(),
                   s[HND:HND + players * KINDS].copy().reshape((players, KINDS)),
                   s[PIL:PIL + KINDS].copy(), s[DIS:DIS + KINDS].copy(), s[MOV], s[PAS], False,
                   flag, policies, epsilon)


@njit(cache=True)
def mcts_iterate(o, deck, flag, policy, epsilon, count, visits, rewards, available, child,  # type: ignore[no-untyped-def]
                 links):
    """``count`` more iterations of single-observer ISMCTS from observation ``o`` on the tree
    arrays (stopping early when the tree is full); how many were made."""
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
        s = determinise(o, deck)
        node, depth = 0, 0
        while True:
            mover = s[MOV]
            n = plays_of(s, mover, flag, cards, turtles)
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
            status = play(s, cards[k], turtles[k], flag)
            if status == OVER:
                for p in range(players):
                    returns[p] = returns_of(s, p)
                break
            drawn = settle(s, status, flag, np.random.random())
            if untried > 0 or depth == path_node.shape[0]:
                won = rollout(s, flag, policies, epsilon)
                for p in range(players):
                    returns[p] = 0.0 if won < 0 else (1.0 if p == won else -1.0 / (players - 1))
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
def mcts_choose(o, deck, flag, policy, epsilon, iterations):  # type: ignore[no-untyped-def]
    """``mcts:S`` from observation ``o``: the code of the root's most visited play."""
    visits, rewards, available, child, links = _new_tree(iterations + 1)
    mcts_iterate(o, deck, flag, policy, epsilon, iterations, visits, rewards, available, child,
                 links)
    return mcts_best(visits, rewards)


@njit(cache=True)
def decide(o, deck, flag, kind, strategy, budget, samples, epsilon):  # type: ignore[no-untyped-def]
    """A compiled agent's play from observation ``o`` alone: (card, turtle)."""
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    n = plays_of(o, o[MOV], flag, cards, turtles)
    if n == 1:
        return cards[0], turtles[0]
    if kind == MCTS:
        code = mcts_choose(o, deck, flag, strategy, epsilon, budget)
        for i in range(n):
            if code_of(cards[i], turtles[i]) == code:
                return cards[i], turtles[i]
        raise RuntimeError("internal error: the compiled MCTS chose no legal play")
    k = tree_choose(o, deck, flag, strategy, budget, samples, kind == ALPHABETA)
    return cards[k], turtles[k]


@njit(cache=True)
def reseed(seed):  # type: ignore[no-untyped-def]
    """Seed the kernels' generator."""
    np.random.seed(seed)


@njit(cache=True)
def seeded_decide(o, deck, flag, kind, strategy, budget, samples, epsilon, seed):  # type: ignore[no-untyped-def]
    """:func:`decide` with the generator seeded first (the same seed, the same play)."""
    np.random.seed(seed)
    return decide(o, deck, flag, kind, strategy, budget, samples, epsilon)


@njit(cache=True)
def seeded_deal(players, deck, seed):  # type: ignore[no-untyped-def]
    """The deal :func:`arena_game` makes from ``seed``."""
    np.random.seed(seed)
    return deal(players, deck)


@njit(cache=True)
def deal(players, deck):  # type: ignore[no-untyped-def]
    """A state after the deal: colours and five cards a player drawn with the generator."""
    s = np.zeros(SIZE, np.int64)
    s[NPL] = players
    s[CNT] = TURTLES
    colours = np.random.permutation(TURTLES)
    s[COL:COL + players] = colours[:players]
    order = shuffled(deck)
    s[PIL:PIL + KINDS] = deck
    for p in range(players):
        for j in range(HAND):
            c = order[p * HAND + j]
            s[HND + p * KINDS + c] += 1
            s[PIL + c] -= 1
    s[TOT] = order.shape[0] - players * HAND
    return s


@njit(cache=True)
def more_chance(seed, block):  # type: ignore[no-untyped-def]
    """Block ``block`` (1, 2, ...) of an arena game's chance numbers, drawn from ``seed`` and
    ``block`` alone; the agents' generator goes on from a seed it draws first."""
    resume = np.random.randint(0, 2 ** 31 - 1)
    np.random.seed((seed * 1_000_003 + block) % 2 ** 32)
    chance = np.random.random(DRAWS)
    np.random.seed(resume)
    return chance


@njit(cache=True)
def arena_game(players, deck, flag, kinds, strategies, budgets, samples, epsilons, seed,  # type: ignore[no-untyped-def]
               agent_seed, record):
    """One game with the compiled agent of seat p (``kinds[p]``, ``strategies[p]``,
    ``budgets[p]``: depth or iterations, ``samples[p]``, ``epsilons[p]``: its rollouts' random
    plays); the winners' bit mask. The deal and every draw come from ``seed`` alone, the
    agents' choices from ``agent_seed``. When ``record`` has rows, row i receives play i
    (mover, card, turtle, card drawn or -1)."""
    np.random.seed(seed)
    s = deal(players, deck)
    chance = np.random.random(DRAWS)
    np.random.seed(agent_seed)
    drawn_so_far = 0
    plays = 0
    while True:
        mover = s[MOV]
        card, turtle = decide(observe(s, mover), deck, flag, kinds[mover], strategies[mover],
                              budgets[mover], samples[mover], epsilons[mover])
        status = play(s, card, turtle, flag)
        drawn = -1
        if status != OVER:
            if status == DRAW_DUE and drawn_so_far > 0 and drawn_so_far % DRAWS == 0:
                chance = more_chance(seed, drawn_so_far // DRAWS)
            drawn = settle(s, status, flag, chance[drawn_so_far % DRAWS])
            if status == DRAW_DUE:
                drawn_so_far += 1
        if plays < record.shape[0]:
            record[plays, 0], record[plays, 1], record[plays, 2] = mover, card, turtle
            record[plays, 3] = drawn
        plays += 1
        if status == OVER:
            return winners(s)


# -- the Python side: arrays of states and views, the agents, whole games --------------------

def _fill(board_arrays: tuple[np.ndarray, ...], mover: int, passes: int, players: int
          ) -> np.ndarray:
    """A state array from :func:`~.playouts.arrays`' squares ... discard pile."""
    sq, ht, count, colours, hands, pile, discard = board_arrays
    s = np.zeros(SIZE, np.int64)
    s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], s[CNT:CNT + SQUARES] = sq, ht, count
    s[COL:COL + MAX_PLAYERS] = -1
    s[COL:COL + len(colours)] = colours
    s[HND:HND + hands.size] = hands.reshape(-1)
    s[PIL:PIL + KINDS], s[DIS:DIS + KINDS] = pile, discard
    s[SIZES:SIZES + players] = hands.sum(axis=1)
    s[MOV], s[PAS], s[TOT], s[NPL] = mover, passes, pile.sum(), players
    return s


def state_array(state: TurtleState) -> np.ndarray:
    """A state where a player is to play, as the kernels' array."""
    return _fill(arrays(state), state.mover, state.passes, len(state.colours))


def view_array(view: View) -> np.ndarray:
    """A player's view (the player to play) as the kernels' observation."""
    players = len(view.hand_sizes)
    colours = [-1 if c is None else c for c in view.colours]
    hidden = TurtleState(view.phase, view.mover, tuple(colours),
                         tuple(view.hand if p == view.player else () for p in range(players)),
                         view.board, (0,) * KINDS, view.discard, view.played, view.passes)
    o = _fill(arrays(hidden), view.mover, view.passes, players)
    o[SIZES:SIZES + players] = view.hand_sizes
    o[TOT] = view.pile_size
    return o


LETTERS = {"F": POLICIES["F"], "E": POLICIES["E"], "H": POLICIES["H"], "D": POLICIES["random"]}
"""The kernels' code of each of the paper's strategies (D: random plays, scores nothing)."""
CHUNK = 64
"""Iterations between two looks at the clock in a search with a seconds budget."""


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
        """The agent as :func:`arena_game` takes it: kind, strategy code, budget, samples
        (its epsilon apart, a float)."""
        return self.kind, LETTERS[self.strategy], self.budget, self.samples

    def choose(self, view: View, rng: random.Random) -> Play:
        """The search's play from ``view`` alone (the generator gives the kernels' seed)."""
        o = view_array(view)
        deck = np.array(self.game.deck, np.int64)
        flag = flags(self.game.variant)
        seed = rng.getrandbits(31)
        if self.kind == MCTS and self.seconds is not None:
            return self._timed(view, o, deck, flag, seed)
        card, turtle = seeded_decide(o, deck, flag, *self.spec(), self.epsilon, seed)
        return int(card), int(turtle)

    def _timed(self, view: View, o: np.ndarray, deck: np.ndarray, flag: np.ndarray, seed: int
               ) -> Play:
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
            made = mcts_iterate(o, deck, flag, LETTERS[self.strategy], self.epsilon,
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
                           {"strategy": STRATEGY_NAMES, "depth": (1, 6), "samples": (1, 1000)})
        return CompiledAgent(game, ":".join((name, *args)) or name, kind,
                             options.get("strategy", "H"), options.get("depth", 2),
                             options.get("samples", 2))

    return create


minimax = _tree_agent(MINIMAX)
alphabeta = _tree_agent(ALPHABETA)
MAX_TREE = 100_000
"""The most iterations of a compiled MCTS: its tree takes one row a node, 32 bytes a play
code (3.7 KB a node: 368 MB at this cap, 3.7 GB at 10^6); ``mcts-ref`` takes 10^6."""


def mcts(game: Turtles, args: tuple[str, ...]) -> CompiledAgent:
    """The paper's MCTS with a strategy, compiled: 200 iterations by default."""
    options = agent_options("mcts", args, ("strategy", "iterations"),
                       {"strategy": STRATEGY_NAMES, "iterations": (1, MAX_TREE),
                        "seconds": MONTE_CARLO["seconds"], "epsilon": MONTE_CARLO["epsilon"]})
    return CompiledAgent(game, ":".join(("mcts", *args)) or "mcts", MCTS,
                         options.get("strategy", "H"), options.get("iterations", 200),
                         epsilon=options.get("epsilon", 0.0), seconds=options.get("seconds"))


def play_compiled(game: Turtles, agents: Sequence[CompiledAgent], seed: str,
                  record: np.ndarray | None = None) -> list[int]:
    """One game of compiled agents (``agents[p]`` in seat ``p``) played by :func:`arena_game`;
    the winning seats. The deal and the draws come from ``seed``, the choices from it too
    (apart). ``record`` (rows of 4) receives the plays, as :func:`arena_game` writes them.
    The loop has no clock: agents with a ``seconds`` budget are refused (play them one
    decision at a time, as :func:`~.arena.play_game` does)."""
    if any(a.seconds is not None for a in agents):
        raise OptionError("the compiled arena loop takes no agent with a seconds budget")
    specs = np.array([a.spec() for a in agents], np.int64)
    epsilons = np.array([a.epsilon for a in agents], np.float64)
    mask = arena_game(game.players, np.array(game.deck, np.int64), flags(game.variant),
                      specs[:, 0].copy(), specs[:, 1].copy(), specs[:, 2].copy(),
                      specs[:, 3].copy(), epsilons, random.Random(seed).getrandbits(31),
                      random.Random(f"{seed}:agents").getrandbits(31),
                      np.zeros((0, 4), np.int64) if record is None else record)
    return [p for p in range(game.players) if mask >> p & 1]
