"""Drawing a tic-tac-toe (m,n,k) position for the terminal."""

from __future__ import annotations

from rich.text import Text

from zermelo.core.picture import Layout, Picture, View, circle, line, rect
from zermelo.games.tictactoe.rules import SIDES, TicTacToe, TicTacToeState


def board_text(game: TicTacToe, state: TicTacToeState) -> Text:
    """The board with column letters and row numbers."""
    grid = game.grid
    text = Text("    " + " ".join(chr(ord("a") + c) for c in range(grid.width)) + "\n")
    for r in range(grid.height):
        text.append(f"{r + 1:>2}  ")
        for c in range(grid.width):
            i = r * grid.width + c
            if state.x >> i & 1:
                text.append("X", style="bold red")
            elif state.o >> i & 1:
                text.append("O", style="bold blue")
            else:
                text.append("·", style="dim")
            if c < grid.width - 1:
                text.append(" ")
        text.append("\n")
    return text


def status_line(game: TicTacToe, state: TicTacToeState) -> str:
    """Whose turn it is, or how the game ended."""
    if not game.is_terminal(state):
        return f"{SIDES[game.to_move(state)]} to move"
    winner = game.winner(state)
    if winner is None:
        return "draw: the board is full"
    return f"{SIDES[winner]} wins: {game.k} in a row"


def board_picture(game: TicTacToe, state: TicTacToeState, view: View) -> Picture:
    """A grid of squares with red crosses and blue rings, a completed line in green; each
    square is a target (the empty ones are played)."""
    grid = game.grid
    layout = Layout(grid.width, grid.height, flip=view.flip)
    width, height = layout.size
    unit = layout.unit
    picture = Picture(width, height, f"Tic-tac-toe board, {status_line(game, state)}", unit)
    picture.add(*layout.coordinates([chr(ord("a") + c) for c in range(grid.width)],
                                    [str(r + 1) for r in range(grid.height)], fill="#455a64"))
    before = view.before if view.before is not None else state
    won = 0  # the squares of every completed line
    for stones in (state.x, state.o):
        won |= sum((ln for ln in game.lines if stones & ln == ln), 0)
    for square in range(grid.size):
        col, row = square % grid.width, square // grid.width
        x, y = layout.corner(col, row)
        cx, cy = layout.centre(col, row)
        shapes = [rect(x + 1, y + 1, unit - 2, unit - 2, fill="#fafafa", stroke="#37474f",
                       stroke_width=2)]
        if (state.x | state.o) >> square & 1 and not (before.x | before.o) >> square & 1:
            shapes.append(rect(x + 2, y + 2, unit - 4, unit - 4, class_="last", fill="#fff59d"))
        if won >> square & 1:
            shapes.append(rect(x + 2, y + 2, unit - 4, unit - 4, fill="#a5d6a7"))
        shapes.append(rect(x + 2, y + 2, unit - 4, unit - 4, class_="hl"))
        arm = unit * 0.26
        name = grid.name(square)
        if state.x >> square & 1:
            shapes += [line(cx - arm, cy - arm, cx + arm, cy + arm, stroke="#c62828",
                            stroke_width=7, stroke_linecap="round"),
                       line(cx - arm, cy + arm, cx + arm, cy - arm, stroke="#c62828",
                            stroke_width=7, stroke_linecap="round")]
            spoken = f"X on {name}"
        elif state.o >> square & 1:
            shapes.append(circle(cx, cy, arm * 1.1, fill="none", stroke="#1565c0",
                                 stroke_width=7))
            spoken = f"O on {name}"
        else:
            shapes.append(circle(cx, cy, unit * 0.12, class_="dot"))
            spoken = f"empty square {name}"
        picture.target(name, spoken, (cx, y + unit * 0.84), *shapes)
    for move in game.legal_moves(state):
        text = game.format_move(state, move)
        picture.move(text, (text,))
    return picture
