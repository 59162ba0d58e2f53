"""Drawing The Great Turtle Race for the terminal: the track with its stacks (bottom turtle at
the bottom, the start square's turtles side by side), and what one player may see.

>>> from zermelo.games.turtles.board import START, move
>>> print(track_drawing(move(move(START, 1, 2), 3, 2)).plain)
         Y
 RBP     G
 start 1 2 3 4 5 6 7 8 lettuce
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from zermelo.games.turtles.board import Board
from zermelo.games.turtles.cards import COLOUR_NAMES, COLOURS
from zermelo.games.turtles.notation import cards_text, play_text
from zermelo.games.turtles.state import DEAL, DRAW, OVER, PLAYERS, TurtleState, View

if TYPE_CHECKING:
    from zermelo.games.turtles.rules import Turtles

STYLES = ("bold red", "bold green", "bold blue", "bold yellow", "bold magenta")
"""Each turtle's colour on the terminal."""
LABELS = ("start", *(str(s) for s in range(1, 9)), "lettuce")


def track_drawing(board: Board) -> Text:
    """The track: one column per square, each stack drawn upwards, names underneath."""
    widths = [max(len(LABELS[s]), len(board[s]) if s == 0 else 1) for s in range(len(board))]
    height = max([1] + [len(stack) for stack in board[1:]])
    text = Text()
    for level in reversed(range(height)):
        line = Text()
        for square, stack in enumerate(board):
            cell = Text()
            if square == 0 and level == 0:
                for turtle in stack:
                    cell.append(COLOURS[turtle], STYLES[turtle])
            elif square > 0 and level < len(stack):
                cell.append(COLOURS[stack[level]], STYLES[stack[level]])
            line.append(" ")
            line.append(cell)
            line.append(" " * (widths[square] - len(cell.plain)))
        line.rstrip()
        text.append(line)
        text.append("\n")
    text.append(" " + " ".join(LABELS[s].ljust(widths[s]) for s in range(len(board))).rstrip())
    return text


def _public(game: Turtles, state: TurtleState) -> str:
    """The hand and pile sizes, and the last round of plays."""
    if state.phase == DEAL:
        return "the cards are not dealt yet"
    sizes = ", ".join(f"{PLAYERS[p]} {len(h)} cards" for p, h in enumerate(state.hands))
    recent = " ".join(play_text(p) for p in state.played[-game.players:]) or "-"
    return (f"{sizes}; draw pile {sum(state.pile)}, discard pile {sum(state.discard)}; "
            f"last plays {recent}")


def board_text(game: Turtles, state: TurtleState) -> Text:
    """What everybody sees: the track, the sizes of the hands and piles, the last plays."""
    text = track_drawing(state.board)
    text.append("\n" + _public(game, state))
    return text


def view_text(view: View) -> str:
    """What one player sees, for a person: the track, their colour and hand, the others' hand
    sizes, the piles and the last plays."""
    me = PLAYERS[view.player]
    lines = [track_drawing(view.board).plain]
    if view.phase == DEAL:
        return "\n".join([*lines, f"{me}: the cards are not dealt yet"])
    colour = view.colour
    assert colour is not None
    others = ", ".join(f"{PLAYERS[p]} {k} cards" for p, k in enumerate(view.hand_sizes)
                       if p != view.player)
    recent = " ".join(play_text(p) for p in view.played[-len(view.hand_sizes):]) or "-"
    lines += [f"{me}: your turtle is {COLOUR_NAMES[colour]} ({COLOURS[colour]}), your hand "
              f"{cards_text(view.hand)}",
              f"{others}; draw pile {view.pile_size}, discard pile {sum(view.discard)}; last "
              f"plays {recent}"]
    return "\n".join(lines)


def status_line(game: Turtles, state: TurtleState) -> str:
    """Whose turn it is, or who won with which turtle (the colours are shown at the end)."""
    if state.phase == DEAL:
        return "the cards and colours are about to be dealt"
    if state.phase == DRAW:
        return f"{PLAYERS[state.mover]} draws a card"
    if state.phase == OVER:
        owners = ", ".join(f"{PLAYERS[p]} {COLOUR_NAMES[c]}" for p, c in enumerate(state.colours))
        winners = game.winners(state)
        names = " and ".join(PLAYERS[p] for p in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        return f"{names} {verb} ({owners})"
    return f"{PLAYERS[state.mover]} to play a card"
