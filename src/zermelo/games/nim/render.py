"""Drawing a Nim position for the terminal."""

from __future__ import annotations

from rich.text import Text

from zermelo.games.nim.rules import SIDES, Nim, NimState


def board_text(game: Nim, state: NimState) -> Text:
    """One line per pile: its number, its size and a row of objects."""
    text = Text()
    for i, size in enumerate(state.piles):
        text.append(f"{i + 1:>2} ({size:>2})  ")
        text.append("●" * size, style="bold yellow")
        text.append("\n")
    return text


def status_line(game: Nim, state: NimState) -> str:
    """Whose turn it is, or who won."""
    if game.is_terminal(state):
        winner = game.winner(state)
        rule = "took the last object" if not game.misere else "did not take the last object"
        return f"{SIDES[winner] if winner is not None else '?'} wins: {rule}"
    return f"{SIDES[state.to_move]} to move"
