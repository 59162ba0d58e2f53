"""Drawing a Nim position for the terminal."""

from __future__ import annotations

from rich.text import Text

from zermelo.core.picture import Picture, View, circle, label, rect
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


def board_picture(game: Nim, state: NimState, view: View) -> Picture:
    """A row of counters per pile, numbered on the left; a counter is a target that takes it
    and every counter right of it (hovering lights them up), the value written below it."""
    gap, row_h, left = 40.0, 62.0, 58.0
    widest = max(*game.piles, *state.piles, 3)  # the start's width: the board keeps its size
    width, height = left + widest * gap + 12, len(state.piles) * row_h + 12
    picture = Picture(width, height, f"Nim piles, {status_line(game, state)}", 60)
    order = list(range(len(state.piles)))[::-1] if view.flip else range(len(state.piles))
    for place, pile in enumerate(order):
        size = state.piles[pile]
        y = 8 + place * row_h + 20
        picture.add(rect(4, y - 22, width - 8, 44, rx=22, fill="#eceff1"),
                    label(22, y, str(pile + 1), 18, fill="#37474f", font_weight="bold"),
                    label(44, y, f"{size}", 13, fill="#546e7a"))
        if view.before is not None and view.before.piles[pile] > size:
            picture.add(*(circle(left + (i + 0.5) * gap, y, 15, class_="last", fill="none",
                                 stroke="#78909c", stroke_width=2, stroke_dasharray="4 3")
                          for i in range(size, view.before.piles[pile])))
        for i in range(size):
            cx = left + (i + 0.5) * gap
            take = size - i
            picture.target(
                f"{pile + 1}:{take}", f"pile {pile + 1}: take {take}", (cx, y + 27),
                rect(cx - gap / 2, y - 20, (size - i) * gap, 40, rx=20, class_="hl"),
                circle(cx, y, 15, fill="#f9a825", stroke="#8d6e00", stroke_width=2))
    for move in game.legal_moves(state):
        text = game.format_move(state, move)
        picture.move(text, (text,))
    return picture


def move_words(game: Nim, text: str) -> str:
    """``2:1`` as "2:1: take 1 from pile 2"."""
    pile, colon, take = text.strip().partition(":")
    if not (colon and pile.isdigit() and take.isdigit()):
        return text
    return f"{text.strip()}: take {take} from pile {pile}"
