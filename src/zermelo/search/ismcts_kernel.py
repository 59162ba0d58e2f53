"""Information-set Monte Carlo tree search compiled with numba, over the kernel contract.

The same search as :func:`zermelo.search.ismcts.ismcts` (Cowling, Powley & Whitehouse, 2012:
one determinisation an iteration, nodes that are information sets, UCB over availability,
returns scaled to 0..1, one new move an iteration, then a rollout; single or multiple
observer) for any game whose :class:`~zermelo.core.kernels.GameKernels` bound their move codes
(``max_code``). It names no game: :func:`_specialise` builds its iterations over a game's
compiled functions (of the signatures of :mod:`zermelo.core.kernel_signatures`) and hooks,
which it calls directly, so numba inlines them; each such search is compiled once and cached
on disk (:mod:`zermelo.search.specialise`).

A node is the information set of its *owner* (the searching player, or with multiple observers
the player to move) where ``mover`` is to move: its key is a 64-bit hash of (owner, mover, the
owner's observation array), kept in an open-addressing table, so transpositions share
statistics as in the readable search. Per node and move code: visits (-1: never tried), summed
scaled returns of the mover, availability. A node is added only where the walk stops, so there
are at most ``iterations + 1`` nodes; the search stops early when the table is full.

Two hooks a game may fill, each a compiled function and a float64 array of parameters:

- a rollout *policy* (:data:`~zermelo.core.kernel_signatures.POLICY`), default
  :func:`uniform`: every move equally likely;
- a *model* of the hidden part (:data:`~zermelo.core.kernel_signatures.REFINE`) that redraws
  part of each determinisation, default :func:`as_drawn`: the contract's determinisation as
  it is (its uniform prior).

The generator is numba's (``np.random``), which the game's chance and determinisation use too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from zermelo.core import kernel_signatures as sig
from zermelo.core import kernels as contract
from zermelo.core.errors import OptionError
from zermelo.core.game import Game
from zermelo.core.kernels import KERNEL_CHANCE, GameKernels
from zermelo.search.base import (
    MAX_ITERATIONS,
    ChunkLimits,
    Clock,
    M,
    S,
    SearchResult,
    SearchStats,
    check_range,
    check_seconds,
    viewer,
)
from zermelo.search.ismcts import NAME, OBSERVERS, SUPPORTS, Observers
from zermelo.search.specialise import specialised

EXPLORATION = 0.7
"""The readable search's default exploration constant."""
CHUNK = 256
"""Iterations a kernel call: the clock and the cancellation are read between calls."""
MAX_NODES = 1_000_000
"""The most iterations a tree is made for (its arrays take 24 bytes a node and move code)."""
MAX_PATH = 4096
"""The deepest walk down the tree; a longer one is played out from there."""


@sig.contract(sig.POLICY)
def uniform(state: Any, rules: Any, params: Any, codes: Any, n: Any) -> Any:
    """The default rollout policy: each of the ``n`` legal codes equally likely."""
    return np.random.randint(0, n)


@sig.contract(sig.REFINE)
def as_drawn(state: Any, rules: Any, model: Any) -> None:
    """The default model: the determinisation as the game's ``determinise`` drew it."""


@sig.contract(sig.OBSERVE)
def whole_state(state: Any, player: Any) -> Any:
    """Perfect information: a player observes the whole state."""
    return state.copy()


@sig.contract(sig.DETERMINISE)
def the_state(observation: Any, rules: Any) -> Any:
    """Perfect information: the only state an observation allows is itself."""
    return observation.copy()


@sig.contract(sig.CHANCE)
def no_chance(state: Any, rules: Any) -> Any:
    """A game without chance: no outcome to draw (-1), as it never reaches a chance node."""
    return -1


@dataclass(frozen=True)
class Hook:
    """A compiled policy or model and its parameters."""

    function: Any
    params: np.ndarray


UNIFORM = Hook(uniform, np.zeros(0))
UNIFORM_PRIOR = Hook(as_drawn, np.zeros(0))


@njit(cache=True, inline="always")
def _mix(h: Any, x: Any) -> Any:
    """``h`` stirred with the 64-bit word ``x`` (the splitmix64 finaliser)."""
    z = h ^ np.uint64(x)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _fold(h: Any, x: Any) -> Any:
    """One cheap step of a lane: ``x`` xored in, multiplied by an odd constant, rotated so
    that the high bits reach the low ones (a bijection of ``h`` for each ``x``)."""
    z = (h ^ np.uint64(x)) * np.uint64(0x9E3779B97F4A7C15)
    return (z << np.uint64(27)) | (z >> np.uint64(37))


@njit(cache=True)
def _key(owner: Any, mover: Any, seen: Any) -> Any:
    """The hash of an information set: its owner, the player to move and what the owner sees
    (never 0, which marks a free slot). Four independent lanes take the observation's words in
    turn (so their multiplications overlap), then are stirred together."""
    a, b = np.uint64(0x243F6A8885A308D3), np.uint64(0x13198A2E03707344)
    c, d = np.uint64(0xA4093822299F31D0), np.uint64(0x082EFA98EC4E6C89)
    n = seen.shape[0]
    i = 0
    while i + 4 <= n:
        a, b = _fold(a, seen[i]), _fold(b, seen[i + 1])
        c, d = _fold(c, seen[i + 2]), _fold(d, seen[i + 3])
        i += 4
    while i < n:
        a = _fold(a, seen[i])
        i += 1
    h = _mix(_mix(_mix(_mix(_mix(np.uint64(n), owner), mover), a), b), c)
    return _mix(h, d) | np.uint64(1)


@njit(cache=True)
def _node(key: Any, keys: Any, slots: Any, counts: Any, visits: Any, rewards: Any,
          available: Any) -> Any:
    """The node of ``key``, added (never tried, never available) if new."""
    mask = keys.shape[0] - 1
    i = np.int64(key & np.uint64(mask))
    while keys[i] != 0:
        if keys[i] == key:
            return slots[i]
        i = (i + 1) & mask
    node = counts[0]
    counts[0] += 1
    keys[i], slots[i] = key, node
    visits[node, :] = -1
    rewards[node, :] = 0.0
    available[node, :] = 0
    return node


@njit(cache=True)
def new_tree(iterations: Any, codes: Any) -> Any:
    """Empty arrays for ``iterations``: per node and code the visits, summed scaled returns
    and availability; the hash table's keys and nodes; the nodes in use and the deepest walk;
    the searching player's summed return (its mean is the value at a chance root)."""
    nodes = iterations + 1
    size = 1
    while size < 2 * nodes:
        size *= 2
    return (np.empty((nodes, codes), np.int64), np.empty((nodes, codes), np.float64),
            np.empty((nodes, codes), np.int64), np.zeros(size, np.uint64),
            np.empty(size, np.int64), np.zeros(2, np.int64), np.zeros(1, np.float64))


def _specialise(legal: Any, play: Any, to_move: Any, returns: Any, chance: Any, observe: Any,
                determinise: Any, policy: Any, refine: Any) -> Any:
    """The search's iterations compiled for one game's functions and hooks, which it calls
    directly (bound when it is compiled, so numba inlines them)."""

    @njit
    def iterate(root: Any, me: Any, rules: Any, single: Any, params: Any, model: Any,
                count: Any, exploration: Any, low: Any, scale: Any, max_moves: Any,
                visits: Any, rewards: Any, available: Any, keys: Any, slots: Any,
                counts: Any, total: Any, out: Any) -> Any:
        """``count`` more iterations from player ``me``'s observation ``root`` (fewer once the
        tree is full); how many were made. ``out`` takes each iteration's returns."""
        capacity = visits.shape[0]
        codes = np.empty(max_moves, np.int64)
        path_node = np.empty(MAX_PATH, np.int64)
        path_code = np.empty(MAX_PATH, np.int64)
        path_mover = np.empty(MAX_PATH, np.int64)
        done = 0
        while done < count and counts[0] < capacity:
            done += 1
            d = determinise(root, rules)
            refine(d, rules, model)
            depth = 0
            over = returns(d, rules, out)
            while not over:
                mover = to_move(d, rules)
                if mover == KERNEL_CHANCE:
                    chance(d, rules)
                    over = returns(d, rules, out)
                    continue
                owner = me if single else mover
                node = _node(_key(owner, mover, observe(d, owner)), keys, slots, counts, visits,
                             rewards, available)
                n = legal(d, rules, codes)
                untried = 0
                for i in range(n):
                    available[node, codes[i]] += 1
                    if visits[node, codes[i]] < 0:
                        untried += 1
                if untried > 0:
                    skip = np.random.randint(0, untried)
                    for i in range(n):
                        code = codes[i]
                        if visits[node, code] < 0:
                            if skip == 0:
                                break
                            skip -= 1
                    visits[node, code] = 0
                else:
                    code, top = codes[0], -math.inf
                    for i in range(n):
                        c = codes[i]
                        value = rewards[node, c] / visits[node, c] + exploration * math.sqrt(
                            math.log(available[node, c]) / visits[node, c])
                        if value > top:
                            code, top = c, value
                path_node[depth], path_code[depth], path_mover[depth] = node, code, mover
                depth += 1
                play(d, rules, code)
                over = returns(d, rules, out)
                if not over and (untried > 0 or depth == MAX_PATH):
                    while not over:  # the rollout
                        if to_move(d, rules) == KERNEL_CHANCE:
                            chance(d, rules)
                        else:
                            n = legal(d, rules, codes)
                            play(d, rules, codes[policy(d, rules, params, codes, n)])
                        over = returns(d, rules, out)
            if depth > counts[1]:
                counts[1] = depth
            total[0] += out[me]
            for i in range(depth):
                visits[path_node[i], path_code[i]] += 1
                rewards[path_node[i], path_code[i]] += (out[path_mover[i]] - low) * scale
        return done

    return iterate


@njit(cache=True)
def best_code(visits: Any, rewards: Any) -> Any:
    """The root's most visited code (ties: the higher summed return, then the lower code)."""
    best, top, sum_ = -1, 0, -math.inf
    for code in range(visits.shape[1]):
        v = visits[0, code]
        if v > top or (v == top and v > 0 and rewards[0, code] > sum_):
            best, top, sum_ = code, v, rewards[0, code]
    return best


@dataclass(frozen=True)
class Compiled:
    """A game's compiled functions as the kernel takes them (those a game lacks filled with
    what they mean there: the whole state observed, no chance), with its bounds."""

    legal: contract.Legal
    play: contract.Play
    to_move: contract.ToMove
    returns: contract.Returns
    chance: contract.Draw
    observe: contract.Observe
    determinise: contract.Determinise
    max_moves: int
    max_code: int

    @classmethod
    def of(cls, declared: GameKernels[Any, Any]) -> Compiled:
        """The functions of a game's kernels; :class:`OptionError` when its codes are not
        bounded (``max_code`` 0)."""
        if declared.max_code <= 0:
            raise OptionError("the compiled ISMCTS needs kernels whose move codes are bounded")
        return cls(declared.legal, declared.play, declared.to_move, declared.returns,
                   declared.chance or no_chance, declared.observe or whole_state,
                   declared.determinise or the_state, declared.max_moves, declared.max_code)


def iterations_for(fns: Compiled, policy: Any, model: Any) -> Any:
    """The search's iterations compiled for a game's functions and the compiled ``policy``
    and ``model`` hooks: ``iterate(root, me, rules, single, params, model_params, count,
    exploration, low, scale, max_moves, *new_tree(...), out) -> made``, callable from
    compiled code too (a game's arena loop)."""
    return specialised(_specialise, fns.legal, fns.play, fns.to_move, fns.returns, fns.chance,
                       fns.observe, fns.determinise, policy, model)


@njit(cache=True)
def _reseed(seed: Any) -> None:
    """Seed numba's generator (the determinisations, chance, rollouts and ties)."""
    np.random.seed(seed)


def ismcts_compiled(
    game: Game[S, M],
    kernels: GameKernels[S, M],
    observation: np.ndarray,
    player: int,
    *,
    decode: Callable[[int], Hashable] = int,
    iterations: int = 1000,
    seconds: float | None = None,
    observers: Observers = "single",
    exploration: float = EXPLORATION,
    seed: int | None = None,
    policy: Hook = UNIFORM,
    model: Hook = UNIFORM_PRIOR,
) -> SearchResult[Any]:
    """Search for ``player``, to move, from its packed ``observation`` with ``iterations``
    determinised simulations (or until ``seconds`` have passed or the current budget is
    spent); ``decode`` turns a move code into the game's move. The best move is the most
    visited at the root; the value its mean return for ``player``. At a chance root (as in
    the readable search) there is no move, and the value is ``player``'s mean return."""
    SUPPORTS.check(game, NAME)
    check_range("iterations", iterations, 1, min(MAX_ITERATIONS, MAX_NODES))
    check_seconds(seconds)
    if observers not in OBSERVERS:
        raise OptionError(f"observers {observers!r}: must be single or multiple")
    fns = Compiled.of(kernels)
    stats = SearchStats()
    clock = Clock(stats)
    limits = ChunkLimits.of(iterations, seconds, clock.start)
    cap = limits.cap
    low, high = game.info.min_return, game.info.max_return
    scale = 1.0 / (high - low) if high > low else 1.0
    tree = new_tree(cap, fns.max_code)
    visits, rewards, available, keys, slots, counts, total = tree
    root = np.ascontiguousarray(observation, dtype=np.int64)
    rules = np.ascontiguousarray(kernels.rules, dtype=np.int64)
    out = np.zeros(game.info.num_players)
    policy_params = np.ascontiguousarray(policy.params, dtype=np.float64)
    model_params = np.ascontiguousarray(model.params, dtype=np.float64)
    iterate = iterations_for(fns, policy.function, model.function)
    _reseed(random.Random(seed).getrandbits(31))
    while stats.iterations < cap:
        made = iterate(root, player, rules, observers == "single", policy_params,
                       model_params, min(CHUNK, cap - stats.iterations), float(exploration),
                       float(low), scale, fns.max_moves, visits, rewards, available, keys,
                       slots, counts, total, out)
        stats.iterations += made
        if made == 0 or limits.stop():
            break  # anytime: the best move so far
    stats.nodes, stats.max_depth = int(counts[0]), int(counts[1])
    stats.extra["tree_bytes"] = sum(a.nbytes for a in tree)
    clock.stop()
    if fns.to_move(root, rules) == KERNEL_CHANCE:
        return SearchResult(float(total[0]) / stats.iterations, None, (), stats, False, NAME)
    stats.extra["root_moves"] = int((visits[0] > 0).sum())
    code = int(best_code(visits, rewards))
    if code < 0:
        raise OptionError("the compiled ISMCTS made no iteration (is the player to move?)")
    value = float(rewards[0, code] / visits[0, code]) / scale + low
    return SearchResult.of_line(value, [decode(code)], stats, False, NAME)


def ismcts_declared(game: Game[S, M], kernels: GameKernels[S, M], state: S, *,
                    iterations: int = 1000, seconds: float | None = None,
                    observers: Observers = "single", seed: int | None = None
                    ) -> SearchResult[M] | None:
    """:func:`ismcts_compiled` on the kernels a game declares, from a state of its rules
    (only what its side to move sees is used); None where it does not apply: codes not
    bounded or a finished game (the readable search answers those)."""
    if kernels.max_code <= 0 or SUPPORTS.missing(game.info) or game.is_terminal(state):
        return None
    me = viewer(game, state)
    packed = kernels.pack(state)
    seen = packed if kernels.observe is None else kernels.observe(packed, me)
    return ismcts_compiled(game, kernels, seen, me,
                           decode=lambda code: kernels.decode(state, code),
                           iterations=iterations, seconds=seconds, observers=observers,
                           seed=seed)
