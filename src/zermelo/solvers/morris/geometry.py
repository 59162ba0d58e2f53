"""A Morris board as the flat arrays the compiled solver reads: lines and mills as bitmasks,
the board's symmetries as permutations, and the rule flags as numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from zermelo.games.morris.boards import BOARDS, Board

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Geometry:
    """A board with its flying rule (Six Men's Morris is solved with and without flying)."""

    board: Board
    flying: bool

    @classmethod
    def of(cls, board: str | Board, flying: bool | None = None) -> Geometry:
        """The geometry of ``board`` (a name or a board), flying as the board has it unless
        ``flying`` is given."""
        b = BOARDS[board] if isinstance(board, str) else board
        return cls(b, b.flying if flying is None else flying)

    @property
    def name(self) -> str:
        """The board's name, with ``-flying``/``-sliding`` when the flying rule is not its own."""
        if self.flying == self.board.flying:
            return self.board.name
        return f"{self.board.name}-{'flying' if self.flying else 'sliding'}"

    @property
    def points(self) -> int:
        """How many points the board has."""
        return self.board.size

    def arrays(self) -> tuple[I64, I64, I64, npt.NDArray[np.int64], I64]:
        """``adj[p]`` (neighbour bitmask), ``point_mills[p, k]`` (bitmasks of the mills through
        ``p``, 0-padded), every mill's bitmask, ``symmetries[g, p]`` and the rule flags
        ``(flying, remove when all in mills, mill wins, min stones)``."""
        b = self.board
        adj = np.array(b.neighbours, np.int64)
        most = max(len(m) for m in b.point_mills)
        point_mills = np.zeros((b.size, most), np.int64)
        for p, masks in enumerate(b.point_mills):
            point_mills[p, :len(masks)] = masks
        syms = np.array(b.symmetries, np.int64)
        flags = np.array([self.flying, b.remove_when_all_in_mills, b.mill_wins, b.min_stones],
                         np.int64)
        return adj, point_mills, np.array(b.mill_masks, np.int64), syms, flags

    def key(self) -> dict[str, Any]:
        """The board and rules as plain data: what a database records it was built for."""
        b = self.board
        return {"game": "morris", "board": b.name, "stones": b.stones, "flying": self.flying,
                "remove_when_all_in_mills": b.remove_when_all_in_mills,
                "mill_wins": b.mill_wins, "min_stones": b.min_stones,
                "adjacency": [list(a) for a in b.adjacency], "mills": [list(m) for m in b.mills]}
