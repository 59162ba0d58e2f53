"""Whole arena games between compiled agents in one compiled loop: the deal and every draw from
the game's seed alone, the agents' choices from a seed of their own. The loop is specialised
to the game-free compiled ISMCTS of the MCTS agents (:func:`arena_loop`), compiled once and
cached like it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from zermelo.agents.turtles.compiled.agents import MCTS, CompiledAgent, decide
from zermelo.agents.turtles.compiled.ismcts import policy_params
from zermelo.agents.turtles.playouts import strategy_policy
from zermelo.core.errors import OptionError
from zermelo.games.turtles.kernels import (
    CODES,
    DRAWING,
    ENDED,
    LEGAL_ROOM,
    MAX_PLAYS,
    MOV,
    NPL,
    deal,
    draw,
    game_kernels,
    observe,
    play,
    play_of,
    plays_of,
    rules_of,
    winners,
)
from zermelo.games.turtles.rules import Turtles
from zermelo.search.ismcts_kernel import (
    EXPLORATION,
    Compiled,
    as_drawn,
    best_code,
    iterations_for,
    new_tree,
)
from zermelo.search.specialise import specialised

DRAWS = 512
"""Chance numbers drawn ahead at a time for one arena game (a game rarely makes 100 draws);
a longer game draws the next block fresh (:func:`more_chance`)."""


@njit(cache=True)
def seeded_deal(players, rules, seed):  # type: ignore[no-untyped-def]
    """The deal :func:`arena_game` makes from ``seed``."""
    np.random.seed(seed)
    return deal(players, rules)


@njit(cache=True)
def more_chance(seed, block):  # type: ignore[no-untyped-def]
    """Block ``block`` (1, 2, ...) of an arena game's chance numbers, drawn from ``seed`` and
    ``block`` alone; the agents' generator goes on from a seed it draws first."""
    resume = np.random.randint(0, 2 ** 31 - 1)
    np.random.seed((seed * 1_000_003 + block) % 2 ** 32)
    chance = np.random.random(DRAWS)
    np.random.seed(resume)
    return chance


def _loop(iterate: Any) -> Any:
    """:func:`arena_loop`'s game, its MCTS agents searching with ``iterate``."""

    @njit
    def mcts_play(o: Any, rules: Any, strategy: Any, iterations: Any, epsilon: Any,
                  low: Any, scale: Any) -> Any:
        """The paper's MCTS from the mover's observation ``o``: single-observer ISMCTS whose
        rollouts every player plays by ``strategy``; (card, turtle)."""
        visits, rewards, available, keys, slots, counts, total = new_tree(iterations, CODES)
        iterate(o, o[MOV], rules, True, policy_params(o[NPL], strategy, epsilon),
                np.zeros(0), iterations, EXPLORATION, low, scale, LEGAL_ROOM, visits,
                rewards, available, keys, slots, counts, total, np.zeros(o[NPL]))
        return play_of(best_code(visits, rewards))

    @njit
    def arena_game(players: Any, rules: Any, kinds: Any, strategies: Any, budgets: Any,
                   samples: Any, epsilons: Any, low: Any, scale: Any, seed: Any,
                   agent_seed: Any, record: Any) -> Any:
        """One game with the compiled agent of seat p (``kinds[p]``, ``strategies[p]``,
        ``budgets[p]``: depth or iterations, ``samples[p]``, ``epsilons[p]``: its rollouts'
        random plays; ``low`` and ``scale`` map returns to 0..1); the winners' bit mask. The
        deal and every draw come from ``seed`` alone, the agents' choices from
        ``agent_seed``. When ``record`` has rows, row i receives play i (mover, card, turtle,
        card drawn or -1)."""
        np.random.seed(seed)
        s = deal(players, rules)
        chance = np.random.random(DRAWS)
        np.random.seed(agent_seed)
        cards = np.empty(MAX_PLAYS, np.int64)
        turtles = np.empty(MAX_PLAYS, np.int64)
        drawn_so_far = 0
        plays = 0
        while True:
            mover = s[MOV]
            o = observe(s, mover)
            if kinds[mover] != MCTS:
                card, turtle = decide(o, rules, kinds[mover], strategies[mover],
                                      budgets[mover], samples[mover])
            elif plays_of(o, mover, rules, cards, turtles) == 1:
                card, turtle = cards[0], turtles[0]
            else:
                card, turtle = mcts_play(o, rules, strategies[mover], budgets[mover],
                                         epsilons[mover], low, scale)
            phase = play(s, card, turtle, rules)
            drawn = -1
            if phase == DRAWING:
                if drawn_so_far > 0 and drawn_so_far % DRAWS == 0:
                    chance = more_chance(seed, drawn_so_far // DRAWS)
                drawn = draw(s, chance[drawn_so_far % DRAWS])
                drawn_so_far += 1
            if plays < record.shape[0]:
                record[plays, 0], record[plays, 1], record[plays, 2] = mover, card, turtle
                record[plays, 3] = drawn
            plays += 1
            if phase == ENDED:
                return winners(s)

    return arena_game


def arena_loop(game: Turtles) -> Any:
    """The compiled arena game of ``game``'s kernels (its ``arena_game(players, rules, kinds,
    strategies, budgets, samples, epsilons, low, scale, seed, agent_seed, record) -> mask``),
    compiled once and cached on disk."""
    iterate = iterations_for(Compiled.of(game_kernels(game)), strategy_policy, as_drawn)
    return specialised(_loop, iterate)


def play_compiled(game: Turtles, agents: Sequence[CompiledAgent], seed: str,
                  record: np.ndarray | None = None) -> list[int]:
    """One game of compiled agents (``agents[p]`` in seat ``p``) played by
    :func:`arena_loop`; the winning seats. The deal and the draws come from ``seed``, the
    choices from it too (apart). ``record`` (rows of 4) receives the plays, as the loop
    writes them. The loop has no clock: agents with a ``seconds`` budget are refused (play
    them one decision at a time, as :func:`~zermelo.agents.turtles.arena.play_game` does)."""
    if any(not loops(a) for a in agents):
        raise OptionError("the compiled arena loop takes no agent with a seconds budget")
    specs = np.array([a.spec() for a in agents], np.int64)
    epsilons = np.array([a.epsilon for a in agents], np.float64)
    low, high = game.info.min_return, game.info.max_return
    mask = arena_loop(game)(game.players, rules_of(game.variant), specs[:, 0].copy(),
                            specs[:, 1].copy(), specs[:, 2].copy(), specs[:, 3].copy(),
                            epsilons, float(low), 1.0 / (high - low),
                            random.Random(seed).getrandbits(31),
                            random.Random(f"{seed}:agents").getrandbits(31),
                            np.zeros((0, 4), np.int64) if record is None else record)
    return [p for p in range(game.players) if mask >> p & 1]


def loops(agent: object) -> bool:
    """Whether ``agent`` plays in the compiled loop: a compiled agent without a seconds
    budget (the loop has no clock)."""
    return isinstance(agent, CompiledAgent) and agent.seconds is None
