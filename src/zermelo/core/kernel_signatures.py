"""The numba signatures of the kernel contract's compiled functions
(:class:`zermelo.core.kernels.GameKernels`).

A game declares its functions with them (``@contract(LEGAL)``), so that every game's kernels
take and return the types the game-free compiled searches (:mod:`zermelo.search.mcts_kernel`,
:mod:`zermelo.search.ismcts_kernel`) are written for; the tests compile every declared function
with its signature (``tests/core/test_kernel_contract.py``), so a kernel of another type fails
them. Apart from :mod:`zermelo.core.kernels` so that only code that loads compiled rules
imports numba.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import njit, types
from numba.core.typing.templates import Signature

ARRAY = types.int64[::1]
"""A packed state, an observation, the rules or a buffer of codes."""
FLOATS = types.float64[::1]
"""Returns, or a search's parameters for a rollout policy or a model of the hidden part."""

LEGAL = types.int64(ARRAY, ARRAY, ARRAY)
PLAY = types.none(ARRAY, ARRAY, types.int64)
TO_MOVE = types.int64(ARRAY, ARRAY)
RETURNS = types.boolean(ARRAY, ARRAY, FLOATS)
OUTCOME = types.float64(ARRAY, ARRAY)
CHANCE = types.int64(ARRAY, ARRAY)
OBSERVE = ARRAY(ARRAY, types.int64)
DETERMINISE = ARRAY(ARRAY, ARRAY)
"""The contract's functions: ``legal``, ``play``, ``to_move``, ``returns``, ``outcome``,
``chance``, ``observe``, ``determinise``."""

POLICY = types.int64(ARRAY, ARRAY, FLOATS, ARRAY, types.int64)
"""``policy(state, rules, params, codes, n) -> i``: a rollout's choice among the ``n`` legal
codes, by a game's own strategy (``params`` says which and how)."""
REFINE = types.none(ARRAY, ARRAY, FLOATS)
"""``refine(state, rules, model) -> None``: a determinisation redrawn in place from a model of
the hidden part (``model``: the game's own encoding, as a belief about the opponents)."""

CONTRACTS: list[tuple[Any, Signature]] = []
"""Every function declared with :func:`contract`, with its signature."""


def contract(signature: Signature) -> Callable[[Callable[..., Any]], Any]:
    """``@njit(cache=True)`` for a function of the contract, recorded with its ``signature``.
    It compiles when first called, not when its module is imported (numba compiles a function
    given a signature at once): a process compiles only the kernels it runs, where importing
    the Turtle Race's kernels used to take 15 s on an empty cache."""

    def declare(function: Callable[..., Any]) -> Any:
        compiled = njit(cache=True)(function)
        CONTRACTS.append((compiled, signature))
        return compiled

    return declare
