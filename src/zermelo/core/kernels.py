"""The kernel contract: a game's rules compiled over a flat state array, declared beside the
readable rules so that compiled searches can use them and the conformance suite can check that
the two agree (``docs/protocol.md``, section 12).

A state is packed into one int64 array; a move (or a chance outcome) is an int64 *code*; the
game's constants (board size, variant flags, deck) are another int64 array, ``rules``. The
compiled functions (numba ``@njit`` with the signatures of
:mod:`zermelo.core.kernel_signatures`) work on those arrays in place; the Python functions
``pack``, ``encode`` and ``decode`` translate from and to the rules' states and moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from zermelo.core.game import CHANCE, Mover

S = TypeVar("S")
M = TypeVar("M")

Array = np.ndarray

KERNEL_CHANCE = -1
"""What a kernel's ``to_move`` returns at a chance node: compiled code keeps players as
integers, and :func:`mover_of` turns this one into :data:`~zermelo.core.game.CHANCE`."""


def mover_of(code: int) -> Mover:
    """The mover a kernel's ``to_move`` code stands for: the one place where the compiled
    rules' :data:`KERNEL_CHANCE` becomes :data:`~zermelo.core.game.CHANCE`."""
    return CHANCE if code == KERNEL_CHANCE else int(code)


def mover_code(mover: Mover) -> int:
    """The inverse of :func:`mover_of`: a mover as compiled code holds it."""
    return KERNEL_CHANCE if mover is CHANCE else mover

"""A packed state, an observation, the rules or a buffer of codes (int64, C-contiguous)."""
Legal = Callable[[Array, Array, Array], int]
Play = Callable[[Array, Array, int], None]
ToMove = Callable[[Array, Array], int]
Returns = Callable[[Array, Array, Array], bool]
Draw = Callable[[Array, Array], int]
Observe = Callable[[Array, int], Array]
Determinise = Callable[[Array, Array], Array]
Outcome = Callable[[Array, Array], float]
"""The compiled functions' types as Python sees them (their numba signatures are in
:mod:`zermelo.core.kernel_signatures`)."""


@dataclass(frozen=True)
class GameKernels(Generic[S, M]):
    """One variant's compiled rules. Every function below but the first three is compiled;
    ``state`` is a packed array, changed in place where a function plays."""

    pack: Callable[[S], np.ndarray]
    """``pack(state) -> array``: the flat int64 array of a state of the rules."""
    rules: np.ndarray
    """The variant's constants, passed to every compiled function."""
    encode: Callable[[S, M], int | None]
    """``encode(state, move) -> code``: a move's or an outcome's code in ``state`` (None for an
    outcome only ``chance`` can play, as a deal)."""
    decode: Callable[[S, int], M]
    """``decode(state, code) -> move``: the move of a code in ``state``."""
    max_moves: int
    """More legal moves than any state has (the size of ``legal``'s ``out``)."""
    legal: Legal
    """``legal(state, rules, out) -> n``: the codes of the legal moves, in the order of the
    rules' ``legal_moves``; 0 at a chance node and at the end."""
    play: Play
    """``play(state, rules, code) -> None``: the move of ``code`` played (at a chance node:
    the outcome of ``code``)."""
    to_move: ToMove
    """``to_move(state, rules) -> int``: the player to move, :data:`KERNEL_CHANCE` (-1) at a
    chance node (:func:`mover_of` reads it); in a finished game the player who would move
    next."""
    returns: Returns
    """``returns(state, rules, out) -> bool``: whether the game is over; if so one return per
    player written to ``out`` (float64)."""
    chance: Draw | None = None
    """``chance(state, rules) -> code``: at a chance node, an outcome drawn with its
    probability (numba's generator) and played; its code, -1 when it has none. None: the
    game has no chance."""
    observe: Observe | None = None
    """``observe(state, player) -> array``: what ``player`` sees, an array that is equal for
    two states exactly when their observations are. None: perfect information."""
    determinise: Determinise | None = None
    """``determinise(observation, rules) -> state``: a state drawn from an observation alone,
    with the same observation."""
    pack_observation: Callable[[Any], np.ndarray] | None = None
    """``pack_observation(observation) -> array``: the rules' observation as ``observe``
    writes it."""
    outcome: Outcome | None = None
    """Two-player zero-sum games without chance: ``outcome(state, rules) -> float``, the
    return of the side to move once the game is over, else infinity. With it, and ``legal``,
    ``play`` and ``to_move`` (codes meaning one move in every state), ``zermelo solve
    --algorithm mcts`` runs the compiled MCTS."""
    max_code: int = 0
    """Every move code is below it (0: codes not bounded, as Nine Men's Morris' are not
    small): the compiled ISMCTS keeps its statistics per node and code, so it needs it."""
