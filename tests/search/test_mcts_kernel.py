"""The compiled MCTS on a second game, Nim, whose move functions are written here: the kernel
knows no game, so it must prove Bouton's values as well as Connect Four's wins."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest
from numba import njit

from zermelo.core.kernel_signatures import LEGAL, OUTCOME, PLAY, TO_MOVE
from zermelo.games.nim import Nim, NimState
from zermelo.games.nim.rules import NimMove, nim_value
from zermelo.search.base import SearchResult
from zermelo.search.mcts import mcts
from zermelo.search.mcts_kernel import NOT_OVER, Kernels, mcts_compiled

SPAN = 64
"""A move is ``pile * SPAN + take``; the packed state is ``[side to move, *piles]``."""


@njit(LEGAL, cache=True)
def legal(state: Any, rules: Any, out: Any) -> Any:
    n = 0
    for pile in range(1, len(state)):
        for take in range(1, state[pile] + 1):
            out[n] = (pile - 1) * SPAN + take
            n += 1
    return n


@njit(PLAY, cache=True)
def play(state: Any, rules: Any, move: Any) -> None:
    state[1 + move // SPAN] -= move % SPAN
    state[0] = 1 - state[0]


@njit(TO_MOVE, cache=True)
def to_move(state: Any, rules: Any) -> Any:
    return state[0]


@njit(OUTCOME, cache=True)
def outcome(state: Any, rules: Any) -> Any:
    for pile in range(1, len(state)):
        if state[pile]:
            return NOT_OVER
    return -1.0  # the side to move has nothing to take: the other took the last object


def search(piles: tuple[int, ...], iterations: int, seed: int) -> SearchResult[Any]:
    """The compiled search of the position ``piles`` (first player to move)."""
    state = np.array([0, *piles], dtype=np.int64)
    kernels = Kernels(legal, play, to_move, outcome, max(1, sum(piles)))
    return mcts_compiled(Nim(piles), kernels, state, np.zeros(1, dtype=np.int64),
                         decode=lambda m: NimMove(m // SPAN, m % SPAN),
                         iterations=iterations, seed=seed)


@pytest.mark.parametrize("piles", [p for p in itertools.product(range(4), repeat=3) if any(p)])
def test_bouton_values_are_proven(piles: tuple[int, int, int]) -> None:
    result = search(piles, 50_000, 1)
    game = Nim(piles)
    assert result.exact and result.value == nim_value(piles)
    assert result.best_move is not None
    after = game.apply(game.initial_state(), result.best_move)
    assert -nim_value(after.piles) == result.value


def test_the_result_reads_as_the_generic_one() -> None:
    piles = (3, 5, 7)
    compiled = search(piles, 300, 2)
    generic = mcts(Nim(piles), NimState(piles, 0), iterations=300, seed=2)
    for result in (compiled, generic):
        assert not result.exact and result.stats.iterations == 300
        assert type(result.best_move) is NimMove
        assert -1 < result.value < 1 and math.isfinite(result.value)
