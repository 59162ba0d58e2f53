"""Drawing a tic-tac-toe (m,n,k) position for the terminal."""

from __future__ import annotations

from rich.text import Text

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
