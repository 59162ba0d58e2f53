"""Move ordering for alpha-beta: the transposition-table move, killer moves, history scores.

Alpha-beta cuts most when the best move comes first. Three cheap, game-independent hints:

* the **TT move**, the best move a previous (shallower) search found in this position;
* **killers**, moves that caused a cut-off at the same ply in a sibling (two slots per ply);
* the **history** score, how often (weighted by ``depth**2``) a move caused a cut-off anywhere.

Moves only need to be hashable; a hint that is not legal in the current position is ignored.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from typing import Generic, TypeVar

M = TypeVar("M", bound=Hashable)


class MoveOrdering(Generic[M]):
    """The hints of one search over moves ``M``; each kind can be switched off for
    measurements."""

    def __init__(self, tt_move: bool = True, killers: bool = True, history: bool = True) -> None:
        self.use_tt_move, self.use_killers, self.use_history = tt_move, killers, history
        self.killers: dict[int, list[M]] = defaultdict(list)
        self.history: dict[M, int] = defaultdict(int)

    def order(self, moves: list[M], ply: int, tt_move: M | None = None) -> list[M]:
        """``moves`` with the hinted ones first, then by history score (stable)."""
        if self.use_history and self.history:
            score = self.history
            moves = sorted(moves, key=lambda m: -score.get(m, 0))
        front: list[M] = []
        if self.use_tt_move and tt_move is not None and tt_move in moves:
            front.append(tt_move)
        if self.use_killers:
            front.extend(k for k in self.killers.get(ply, ()) if k in moves and k not in front)
        if not front:
            return moves
        return front + [m for m in moves if m not in front]

    def cutoff(self, move: M, ply: int, depth: int) -> None:
        """Record that ``move`` caused a cut-off at ``ply`` with ``depth`` plies left."""
        if self.use_killers:
            slots = self.killers[ply]
            if move not in slots:
                slots.insert(0, move)
                del slots[2:]
        if self.use_history:
            self.history[move] += depth * depth
