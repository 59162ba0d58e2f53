"""Drawing a Three Musketeers position for the terminal (rich text, or plain text)."""

from __future__ import annotations

from rich.text import Text

from zermelo.core.picture import Layout, Picture, View, circle, label, rect
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


LIGHT, DARK = "#f0d9b5", "#b58863"
"""The squares' colours."""


def _occupant(state: Position, square: int) -> str:
    return ("O" if state.musketeers >> square & 1 else "X" if state.enemies >> square & 1
            else ".")


def board_picture(game: ThreeMusketeers, state: Position, view: View) -> Picture:
    """The board with its squares, the musketeers as crowned red discs and the enemies as dark
    discs; every square is a target and a move is its piece's square, then the square it
    steps to."""
    grid = game.grid
    layout = Layout(grid.width, grid.height, flip=view.flip)
    width, height = layout.size
    picture = Picture(width, height, f"Three Musketeers board, {status_line(game, state)}")
    unit = layout.unit
    picture.add(*layout.coordinates([chr(ord("a") + c) for c in range(grid.width)],
                                    [str(r + 1) for r in range(grid.height)], fill="#5d4037"))
    for square in range(grid.size):
        col, row = square % grid.width, square // grid.width
        x, y = layout.corner(col, row)
        cx, cy = layout.centre(col, row)
        shapes = [rect(x, y, unit, unit, fill=LIGHT if (col + row) % 2 == 0 else DARK)]
        if view.before is not None and _occupant(view.before, square) != _occupant(state, square):
            shapes.append(rect(x, y, unit, unit, class_="last", fill="#cddc39",
                               fill_opacity=0.6))
        shapes.append(rect(x, y, unit, unit, class_="hl"))
        piece = _occupant(state, square)
        if piece == "O":
            shapes += [circle(cx, cy, unit * 0.38, fill="#c62828", stroke="#5a0d0d",
                              stroke_width=2),
                       label(cx, cy + 1, "M", unit * 0.36, fill="#ffffff", font_weight="bold")]
        elif piece == "X":
            shapes += [circle(cx, cy, unit * 0.3, fill="#263238", stroke="#000000",
                              stroke_width=1.5),
                       circle(cx, cy, unit * 0.16, fill="none", stroke="#90a4ae",
                              stroke_width=2)]
        shapes.append(circle(cx, cy, unit * 0.14, class_="dot"))
        name = grid.name(square)
        spoken = {"O": "musketeer on ", "X": "enemy on ", ".": "empty square "}[piece] + name
        picture.target(name, spoken, (cx, y + unit * 0.84), *shapes)
    for move in game.legal_moves(state):
        picture.move(game.format_move(state, move), (grid.name(move.src), grid.name(move.dst)))
    return picture
