"""The Great Turtle Race as an SVG picture: the track's ten squares with each stack of turtles
drawn upwards (the start square's turtles side by side), and for one player their own hand as
cards and their own colour; nothing another player holds.

>>> from zermelo.games.turtles.board import START
>>> picture = track_svg(START)
>>> picture.startswith("<svg") and picture.count('class="turtle"')
5
"""

from __future__ import annotations

from html import escape

from zermelo.games.turtles.board import Board
from zermelo.games.turtles.cards import COLOUR_NAMES, COLOURS, card_colour, card_text
from zermelo.games.turtles.render import LABELS
from zermelo.games.turtles.state import PLAYERS, View

FILL = ("#d32f2f", "#388e3c", "#1976d2", "#fbc02d", "#7b1fa2")
"""Each turtle's colour."""
RAINBOW = "#9e9e9e"
SQUARE_W, TURTLE_H, START_W = 64, 26, 5 * 34
"""Width of a square, height of a turtle in a stack, width of the start square."""


def _turtle(x: float, y: float, turtle: int) -> str:
    """A turtle seen from the side: a shell over a head, in its colour, named in a tooltip."""
    fill = FILL[turtle]
    return (f'<g class="turtle"><title>{COLOUR_NAMES[turtle]}</title>'
            f'<circle cx="{x + 26}" cy="{y + 14}" r="5" fill="{fill}"/>'
            f'<ellipse cx="{x}" cy="{y + 12}" rx="22" ry="11" fill="{fill}" stroke="#263238" '
            f'stroke-width="2"/><text x="{x}" y="{y + 16}" font-size="12" fill="#ffffff" '
            f'text-anchor="middle" font-family="sans-serif">{COLOURS[turtle]}</text></g>')


def _card(x: float, y: float, card: int) -> str:
    colour = card_colour(card)
    fill = FILL[colour] if colour >= 0 else RAINBOW
    return (f'<g class="card"><rect x="{x}" y="{y}" width="44" height="60" rx="6" '
            f'fill="{fill}" stroke="#263238" stroke-width="2"/><text x="{x + 22}" y="{y + 36}" '
            f'font-size="16" fill="#ffffff" text-anchor="middle" font-family="sans-serif">'
            f'{escape(card_text(card))}</text></g>')


def track_svg(board: Board, view: View | None = None) -> str:
    """The track, and under it ``view``'s own colour and hand when a view is given."""
    height = max([1] + [len(stack) for stack in board[1:]])
    top = 12
    ground = top + height * TURTLE_H + 8
    width = START_W + (len(board) - 1) * SQUARE_W + 8
    shapes = []
    for square, stack in enumerate(board):
        x = 4 if square == 0 else START_W + (square - 1) * SQUARE_W + 4
        w = START_W - 4 if square == 0 else SQUARE_W - 4
        fill = "#c5e1a5" if square == len(board) - 1 else "#eeeeee"
        shapes.append(f'<rect x="{x}" y="{top - 8}" width="{w}" height="{ground - top + 8}" '
                      f'fill="{fill}" stroke="#9e9e9e"/>')
        shapes.append(f'<text x="{x + w / 2}" y="{ground + 18}" font-size="13" '
                      f'text-anchor="middle" font-family="sans-serif">{LABELS[square]}</text>')
        for level, turtle in enumerate(stack):
            if square == 0:
                shapes.append(_turtle(x + 22 + level * 34, ground - TURTLE_H, turtle))
            else:
                shapes.append(_turtle(x + w / 2 - 4, ground - (level + 1) * TURTLE_H, turtle))
    total = ground + 28
    if view is not None and view.colour is not None:
        shapes.append(f'<text x="4" y="{total + 16}" font-size="14" font-family="sans-serif">'
                      f'{PLAYERS[view.player]}: your turtle is {COLOUR_NAMES[view.colour]}'
                      f'</text>')
        shapes += [_card(4 + i * 50, total + 26, card) for i, card in enumerate(view.hand)]
        total += 92
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
            f'viewBox="0 0 {width} {total}">' + "".join(shapes) + "</svg>")
