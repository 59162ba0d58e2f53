"""Whole arena games between compiled tree agents (minimax, alpha-beta) in one compiled loop:
the deal and every draw from the game's seed alone, the agents' choices from a seed of their
own. The MCTS agents, driven from Python, play one decision at a time through the rules."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from numba import njit

from zermelo.core.errors import OptionError
from zermelo.games.turtles.kernels import (
    DRAWING,
    ENDED,
    MOV,
    deal,
    draw,
    observe,
    play,
    rules_of,
    winners,
)
from zermelo.games.turtles.rules import Turtles
from zermelo.solvers.turtles.compiled.agents import MCTS, CompiledAgent, decide

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


@njit(cache=True)
def arena_game(players, rules, kinds, strategies, depths, samples, seed, agent_seed,  # type: ignore[no-untyped-def]
               record):
    """One game with the compiled tree agent of seat p (``kinds[p]``, ``strategies[p]``,
    ``depths[p]``, ``samples[p]``); the winners' bit mask. The deal and every draw come from
    ``seed`` alone, the agents' choices from ``agent_seed``. When ``record`` has rows, row i
    receives play i (mover, card, turtle, card drawn or -1)."""
    np.random.seed(seed)
    s = deal(players, rules)
    chance = np.random.random(DRAWS)
    np.random.seed(agent_seed)
    drawn_so_far = 0
    plays = 0
    while True:
        mover = s[MOV]
        card, turtle = decide(observe(s, mover), rules, kinds[mover], strategies[mover],
                              depths[mover], samples[mover])
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


def play_compiled(game: Turtles, agents: Sequence[CompiledAgent], seed: str,
                  record: np.ndarray | None = None) -> list[int]:
    """One game of compiled tree agents (``agents[p]`` in seat ``p``) played by
    :func:`arena_game`; the winning seats. The deal and the draws come from ``seed``, the
    choices from it too (apart). ``record`` (rows of 4) receives the plays, as
    :func:`arena_game` writes them. Only minimax and alpha-beta play in the loop: an MCTS
    agent is refused (play it one decision at a time, as
    :func:`~zermelo.solvers.turtles.arena.play_game` does)."""
    if any(not loops(a) for a in agents):
        raise OptionError("the compiled arena loop takes minimax and alpha-beta agents only")
    specs = np.array([a.spec() for a in agents], np.int64)
    mask = arena_game(game.players, rules_of(game.variant), specs[:, 0].copy(),
                      specs[:, 1].copy(), specs[:, 2].copy(), specs[:, 3].copy(),
                      random.Random(seed).getrandbits(31),
                      random.Random(f"{seed}:agents").getrandbits(31),
                      np.zeros((0, 4), np.int64) if record is None else record)
    return [p for p in range(game.players) if mask >> p & 1]


def loops(agent: object) -> bool:
    """Whether ``agent`` plays in the compiled loop: a compiled minimax or alpha-beta."""
    return isinstance(agent, CompiledAgent) and agent.kind != MCTS
