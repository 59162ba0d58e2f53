"""A Morris board with the flying rule it is solved under, and what a database records of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zermelo.games.morris.boards import BOARDS, Board


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

    def key(self) -> dict[str, Any]:
        """The board and rules as plain data: what a database records it was built for."""
        b = self.board
        return {"game": "morris", "board": b.name, "stones": b.stones, "flying": self.flying,
                "remove_when_all_in_mills": b.remove_when_all_in_mills,
                "mill_wins": b.mill_wins, "min_stones": b.min_stones,
                "adjacency": [list(a) for a in b.adjacency], "mills": [list(m) for m in b.mills]}
