"""A finite two-player zero-sum game with explicit chance written out as flat arrays, for
counterfactual regret minimisation and exact best responses (:mod:`zermelo.openspiel.cfr`).

Nodes are numbered breadth first (a node's children are consecutive, and the nodes of one
depth form one run). A player's information set is keyed with perfect recall: the sequence
of that player's distinct observations (:meth:`Game.information_key`) along the history,
interned into numbers, so that two histories share an information set exactly when the
player saw the same things in the same order.

>>> from zermelo.openspiel.adapter import open_game
>>> tree = build(open_game("kuhn_poker"))
>>> tree.nodes, tree.infosets, tree.owner.tolist().count(0)
(58, 12, 6)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from zermelo.core.errors import GameNotSupportedError
from zermelo.core.game import CHANCE, Chance, Game, M, S, Utility
from zermelo.core.kernels import mover_code

TERMINAL = -2
"""The kind of a terminal node (players are 0 and 1, chance is
:data:`~zermelo.core.kernels.KERNEL_CHANCE`, -1)."""
MAX_NODES = 5_000_000
"""The largest tree written out."""
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Tree:
    """The game tree as arrays (see the module docstring)."""

    kind: IntArray
    """TERMINAL, KERNEL_CHANCE (-1) or the player to move."""
    first: IntArray
    """The first child (children are consecutive)."""
    count: IntArray
    """How many children."""
    chance: FloatArray
    """The probability of the chance outcome leading to the node (1 below a player)."""
    infoset: IntArray
    """The information set of a decision node, -1 elsewhere."""
    value: FloatArray
    """Player 0's return at a terminal node."""
    depth_start: IntArray
    """Where each depth's run of nodes begins (one more entry: the end)."""
    owner: IntArray
    """Each information set's player."""
    offset: IntArray
    """Where each information set's actions begin in a flat per-action array."""
    width: IntArray
    """Each information set's number of actions."""
    sample: list[Any]
    """One state of each information set (its legal moves are the actions, in order)."""

    @property
    def nodes(self) -> int:
        """How many nodes."""
        return len(self.kind)

    @property
    def infosets(self) -> int:
        """How many information sets."""
        return len(self.owner)

    @property
    def actions(self) -> int:
        """How many actions over all information sets."""
        return int(self.width.sum())


def build(game: Game[S, M], max_nodes: int = MAX_NODES) -> Tree:
    """The tree of ``game`` from its start; :class:`GameNotSupportedError` unless it has two
    players, zero-sum returns and explicit (or no) chance, or past ``max_nodes`` nodes."""
    info = game.info
    if info.num_players != 2 or info.utility is not Utility.ZERO_SUM or \
            info.chance is Chance.SAMPLED:
        raise GameNotSupportedError(f"{info.title}: the written-out tree of CFR and the LP "
                                    "needs two players, zero-sum returns and listed chance "
                                    "outcomes")
    kind: list[int] = []
    count: list[int] = []
    chance: list[float] = []
    infoset: list[int] = []
    value: list[float] = []
    depth_start = [0]
    sequences: dict[tuple[int, Hashable], int] = {}
    infosets: dict[tuple[int, int], int] = {}
    owner: list[int] = []
    depth: list[int] = []
    width: list[int] = []
    sample: list[S] = []
    level: list[tuple[S, float, tuple[int, int]]] = [(game.initial_state(), 1.0, (-1, -1))]
    while level:
        below: list[tuple[S, float, tuple[int, int]]] = []
        for state, probability, before in level:
            seen = (_extend(sequences, before[0], game.information_key(state, 0)),
                    _extend(sequences, before[1], game.information_key(state, 1)))
            chance.append(probability)
            if game.is_terminal(state):
                kind.append(TERMINAL)
                value.append(float(game.returns(state)[0]))
                infoset.append(-1)
                count.append(0)
                continue
            mover = game.to_move(state)
            kind.append(mover_code(mover))
            value.append(0.0)
            if mover is CHANCE:
                children = [(game.apply(state, o), p) for o, p in game.chance_outcomes(state)]
                infoset.append(-1)
            else:
                moves = game.legal_moves(state)
                key = (mover, seen[mover])
                if key not in infosets:
                    infosets[key] = len(owner)
                    depth.append(len(depth_start))
                    owner.append(mover)
                    width.append(len(moves))
                    sample.append(state)
                elif (width[infosets[key]], depth[infosets[key]]) != (len(moves),
                                                                      len(depth_start)):
                    raise GameNotSupportedError(f"{info.title}: an information set whose "
                                                "states differ in their moves or depth")
                infoset.append(infosets[key])
                children = [(game.apply(state, m), 1.0) for m in moves]
            count.append(len(children))
            below.extend((child, p, seen) for child, p in children)
        if len(kind) + len(below) > max_nodes:
            raise GameNotSupportedError(f"{info.title}: more than {max_nodes:,} nodes")
        depth_start.append(len(kind))
        level = below
    counts = np.array(count, np.int64)
    firsts = np.cumsum(counts) - counts + 1
    widths = np.array(width, np.int64)
    return Tree(np.array(kind, np.int64), firsts, counts, np.array(chance),
                np.array(infoset, np.int64), np.array(value), np.array(depth_start, np.int64),
                np.array(owner, np.int64), np.cumsum(widths) - widths, widths, sample)


def _extend(sequences: dict[tuple[int, Hashable], int], last: int, seen: Hashable) -> int:
    """The number of the observation sequence ``last`` followed by ``seen``."""
    key = (last, seen)
    if key not in sequences:
        sequences[key] = len(sequences)
    return sequences[key]
