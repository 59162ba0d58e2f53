"""Drawing a Connect Four position for the terminal."""

from __future__ import annotations

from rich.text import Text

from zermelo.games.connect4.rules import PLAYERS, ConnectFour, Position

_STONES = {0: ("X", "bold red"), 1: ("O", "bold yellow"), None: ("·", "dim")}


def board_text(game: ConnectFour, state: Position) -> Text:
    """The board top row first, with the column digits underneath."""
    b = game.board
    first = state.current if state.count % 2 == 0 else state.current ^ state.mask
    text = Text()
    for row in reversed(range(b.height)):
        for col in range(b.width):
            bit = 1 << b.bit(col, row)
            owner = None if not state.mask & bit else 0 if first & bit else 1
            glyph, style = _STONES[owner]
            text.append(glyph, style=style)
            text.append(" " if col < b.width - 1 else "\n")
    text.append(" ".join(str(c + 1) for c in range(b.width)) + "\n")
    return text


def status_line(game: ConnectFour, state: Position) -> str:
    """Whose turn it is, or how the game ended."""
    reason = game.end_reason(state)
    return reason if reason is not None else f"{PLAYERS[game.to_move(state)]} to move"
