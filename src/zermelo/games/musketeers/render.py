"""Drawing a Three Musketeers position for the terminal (rich text, or plain text)."""

from __future__ import annotations

from rich.text import Text

from zermelo.games.musketeers.rules import MUSKETEERS, Position, ThreeMusketeers

_PIECES = {"O": ("O", "bold red"), "X": ("X", "bold blue"), ".": ("·", "dim")}


def board_text(game: ThreeMusketeers, state: Position, highlight: frozenset[int] = frozenset()
               ) -> Text:
    """The board with column letters and row numbers; ``highlight`` squares are underlined."""
    grid = game.grid
    text = Text("    " + " ".join(chr(ord("a") + c) for c in range(grid.width)) + "\n")
    for r in range(grid.height):
        text.append(f"{r + 1:>2}  ")
        for c in range(grid.width):
            i = r * grid.width + c
            key = "O" if state.musketeers >> i & 1 else "X" if state.enemies >> i & 1 else "."
            glyph, style = _PIECES[key]
            text.append(glyph, style=style + (" reverse" if i in highlight else ""))
            if c < grid.width - 1:
                text.append(" ")
        text.append("\n")
    return text


def status_line(game: ThreeMusketeers, state: Position) -> str:
    """``musketeers to move``, or how the game ended."""
    reason = game.end_reason(state)
    if reason is not None:
        return reason
    return "musketeers (M) to move" if state.to_move == MUSKETEERS else "enemies (E) to move"
