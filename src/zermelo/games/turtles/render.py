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
from zermelo.games.turtles.notation import play_text, track_picture
from zermelo.games.turtles.state import DEAL, DRAW, OVER, PLAYERS, TurtleState

if TYPE_CHECKING:
    from zermelo.games.turtles.rules import Turtles

STYLES = ("bold red", "bold green", "bold blue", "bold yellow", "bold magenta")
"""Each turtle's colour on the terminal."""


def track_drawing(board: Board) -> Text:
    """The track (:func:`~zermelo.games.turtles.notation.track_picture`), each turtle in its
    colour."""
    text = Text(track_picture(board))
    for i, letter in enumerate(text.plain):
        if letter in COLOURS:
            text.stylize(STYLES[COLOURS.index(letter)], i, i + 1)
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
