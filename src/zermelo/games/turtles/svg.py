"""The Great Turtle Race as the web page's board picture: the track with its stacks (the start
square's turtles side by side), each player's row (colour, hand) and the piles. Drawn for a seat,
it shows that seat's colour and hand only, and the others' hands as card backs; every card the
player to move may play is a target, then the turtle it moves when the card leaves a choice.

>>> from zermelo.core.picture import View
>>> from zermelo.games.turtles import Turtles, Variant
>>> game = Turtles(Variant(players=3))
>>> state = game.parse_position("play A | colours RBY | hands R+,R+,G+,*+,^ B+,Y+,Y+,Y-,^ "
...     "R+,B-,B-,^,^^ | track 0:RGBYP | discard - | passes 0 | played -")
>>> picture = board_picture(game, state, View(seat=0))
>>> picture.paths["R+"], picture.paths["*+G"], picture.svg().count("colour hidden")
(('R+',), ('*+', 'G'), 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from zermelo.core.picture import Picture, View, attrs, circle, label, line, rect
from zermelo.games.turtles.board import FINISH, SQUARES, squares
from zermelo.games.turtles.cards import (
    ARROW,
    COLOUR_NAMES,
    COLOURS,
    DOUBLE_ARROW,
    RAINBOW_MINUS,
    RAINBOW_PLUS,
    STEPS,
    card_colour,
    card_text,
)
from zermelo.games.turtles.notation import LABELS, move_text, parse_play, play_text
from zermelo.games.turtles.render import status_line
from zermelo.games.turtles.state import NONE, OVER, PLAY, PLAYERS, TurtleState

if TYPE_CHECKING:
    from zermelo.games.turtles.rules import Turtles

FILL = ("#d32f2f", "#388e3c", "#1976d2", "#f9a825", "#7b1fa2")
"""Each turtle's colour."""
DARK = ("#7f0000", "#1b5e20", "#0d47a1", "#8d6e00", "#4a148c")
"""Each turtle's outline and legs."""
INK, PAPER, HIDDEN = "#263238", "#fffdf7", "#90a4ae"
MARGIN, TOP = 12.0, 36.0
"""The picture's margin, and where the track starts (the status line is above it)."""
START_W, SQUARE_W, LEVEL = 170.0, 64.0, 24.0
"""The start square's width, another square's, and the height of a turtle in a stack."""
START_ROW = 2 * LEVEL
"""The distance between the start square's rows of turtles standing side by side."""
GROUND = TOP + 5 * LEVEL + 14
"""The bottom of the squares: room for a stack of all five turtles."""
CARD_W, CARD_H, CARD_GAP = 50.0, 70.0, 6.0
ROW_TOP, ROW_H = GROUND + 36, 86.0
"""Where the players' rows start, and each row's height."""
HAND_X = MARGIN + 150
"""Where a row's cards start."""
WIDTH = MARGIN * 2 + START_W + FINISH * SQUARE_W
SPLIT = 5
"""On a narrow screen the track takes two rows: the start and squares 1-4, then 5 on."""
NARROW_WIDTH = MARGIN * 2 + START_W + (SPLIT - 1) * SQUARE_W
TRACK_H = GROUND - TOP + 26
"""The height of a row of the track with its labels."""


@dataclass(frozen=True)
class Layout:
    """Where the parts go: the track on one row (a wide screen) or two (``narrow``), the
    piles beside the players' rows or under them."""

    narrow: bool

    @property
    def width(self) -> float:
        return NARROW_WIDTH if self.narrow else WIDTH

    @property
    def rows(self) -> float:
        """Where the players' rows start."""
        return ROW_TOP + (TRACK_H if self.narrow else 0)

    def font(self, size: float) -> float:
        """A label's size: larger on a phone, where the picture is drawn smaller."""
        return round(size * 1.3, 1) if self.narrow else size

    def square(self, square: int) -> tuple[float, float]:
        """The left edge of ``square`` and how far below the first row of the track it is."""
        if self.narrow and square >= SPLIT:
            return MARGIN + (square - SPLIT) * SQUARE_W, TRACK_H
        return (MARGIN if square == 0 else MARGIN + START_W + (square - 1) * SQUARE_W), 0.0
SUFFIX = {1: "+", 2: "++", -1: "\u2212"}
"""A card's steps as its face shows them."""
SPOKEN_STEPS = {1: "one square forward", 2: "two squares forward", -1: "one square back"}


def _path(d: str, **style: object) -> str:
    """An SVG path."""
    return f"<path{attrs(d=d, **style)}/>"


def _text(x: float, y: float, text: str, size: float, **style: object) -> str:
    """Text starting at ``(x, y)`` (left-aligned, on its baseline)."""
    return f"<text{attrs(x=x, y=y, font_size=size, **style)}>{escape(text)}</text>"


def _turtle(x: float, y: float, turtle: int) -> list[str]:
    """A turtle seen from the side, its letter on the shell, standing at ``(x, y)``."""
    fill, dark = FILL[turtle], DARK[turtle]
    return [
        f'<g class="turtle"><title>{COLOUR_NAMES[turtle]} turtle</title>',
        circle(x - 12, y - 3, 4, fill=dark), circle(x + 12, y - 3, 4, fill=dark),
        _path(f"M{x - 24:g} {y - 7:g} L{x - 29:g} {y - 9:g} L{x - 24:g} {y - 11:g} Z",
              fill=dark),
        circle(x + 24, y - 12, 5.5, fill=fill, stroke=dark, stroke_width=1.5),
        circle(x + 26, y - 13.5, 1.2, fill=INK),
        _path(f"M{x - 22:g} {y - 5:g} A22 16 0 0 1 {x + 22:g} {y - 5:g} Z", fill=fill,
              stroke=dark, stroke_width=2),
        _path(f"M{x - 10:g} {y - 5:g} L{x - 7:g} {y - 14:g} L{x + 7:g} {y - 14:g} "
              f"L{x + 10:g} {y - 5:g}", fill="none", stroke=dark, stroke_width=1, opacity=0.6),
        label(x, y - 10, COLOURS[turtle], 10, fill="#ffffff", font_weight="bold"),
        "</g>",
    ]


def _face(x: float, y: float, card: int) -> list[str]:
    """A card's face: coloured cards in their turtle's colour with the letter in the corner,
    rainbow cards striped, arrows white."""
    colour, steps = card_colour(card), STEPS[card]
    shapes = [f'<g class="card"><title>{card_text(card)}</title>']
    if colour >= 0:
        shapes += [rect(x, y, CARD_W, CARD_H, rx=5, fill=FILL[colour], stroke=DARK[colour],
                        stroke_width=2),
                   label(x + 9, y + 10, COLOURS[colour], 12, fill="#ffffff", font_weight="bold"),
                   label(x + CARD_W / 2, y + CARD_H / 2 + 2, SUFFIX[steps], 26,
                         fill="#ffffff", font_weight="bold")]
    elif card in (RAINBOW_PLUS, RAINBOW_MINUS):
        stripe = CARD_H / len(FILL)
        shapes += [rect(x, y + i * stripe, CARD_W, stripe, fill=fill)
                   for i, fill in enumerate(FILL)]
        shapes += [rect(x, y, CARD_W, CARD_H, rx=5, fill="none", stroke=INK, stroke_width=2),
                   circle(x + CARD_W / 2, y + CARD_H / 2, 15, fill="#ffffff", opacity=0.85),
                   label(x + CARD_W / 2, y + CARD_H / 2 + 1, SUFFIX[steps], 20, fill=INK,
                         font_weight="bold")]
    else:
        arrows = "\u2191" * (2 if card == DOUBLE_ARROW else 1)
        shapes += [rect(x, y, CARD_W, CARD_H, rx=5, fill=PAPER, stroke=INK, stroke_width=2),
                   label(x + CARD_W / 2, y + CARD_H / 2 - 4, arrows, 26, fill=INK,
                         font_weight="bold"),
                   label(x + CARD_W / 2, y + CARD_H - 11, "last", 11, fill=INK)]
    return [*shapes, "</g>"]


def _back(x: float, y: float) -> list[str]:
    """A card face down."""
    return [rect(x, y, CARD_W, CARD_H, rx=5, fill="#2e7d32", stroke="#1b5e20", stroke_width=2),
            rect(x + 5, y + 5, CARD_W - 10, CARD_H - 10, rx=3, fill="none", stroke="#a5d6a7",
                 stroke_width=1.5),
            circle(x + CARD_W / 2, y + CARD_H / 2, 9, fill="#a5d6a7")]


def _spoken(card: int, turtle: int) -> str:
    """A card (and the turtle it would move, when it has one turtle) in words."""
    steps = SPOKEN_STEPS[STEPS[card]]
    if card < RAINBOW_PLUS:
        return f"card {card_text(card)}: {COLOUR_NAMES[card_colour(card)]} {steps}"
    if card >= ARROW:
        return f"card {card_text(card)}: a last turtle {steps}"
    return f"card {card_text(card)}: any turtle {steps}"


def move_words(game: Turtles, text: str) -> str:
    """A play of the notation in words: ``^^B`` "^^B: the blue turtle (a last one) two
    squares forward", ``xR-`` "discarded R-, moving no turtle", ``pass``."""
    card, turtle = parse_play(text)
    if card == NONE:
        return "pass: no card to play"
    if turtle == NONE:
        return f"{text}: discarded {card_text(card)}, moving no turtle"
    last = " (a last one)" if card >= ARROW else ""
    return f"{text}: the {COLOUR_NAMES[turtle]} turtle{last} {SPOKEN_STEPS[STEPS[card]]}"


def _track(picture: Picture, state: TurtleState, view: View, owners: dict[int, int],
           clickable: set[str], layout: Layout) -> None:
    """The squares, the turtles (targets when a chosen card may move them), owners' letters
    on the turtles whose owner the view may show, the last move's turtles marked."""
    moved = set()
    if view.before is not None:
        then = squares(view.before.board)
        moved = {t for t, square in enumerate(squares(state.board)) if then[t] != square}
    for square in range(SQUARES):
        x, dy = layout.square(square)
        w = START_W if square == 0 else SQUARE_W
        fill = "#aed581" if square == FINISH else "#e0d6c2" if square else "#cfd8dc"
        picture.add(rect(x + 2, TOP + dy, w - 4, GROUND - TOP, rx=8, fill=fill,
                         stroke="#8d6e63", stroke_width=1.5),
                    label(x + w / 2, GROUND + dy + 14, LABELS[square], layout.font(13), fill=INK))
        if square == 0:  # the ground of each row of turtles side by side
            picture.add(*(line(x + 8, GROUND - 3 - row * START_ROW, x + w - 8,
                               GROUND - 3 - row * START_ROW, stroke="#90a4ae", stroke_width=2)
                          for row in range((len(state.board[0]) + 2) // 3)))
        if square == FINISH:
            picture.add(*(circle(x + w / 2 + ax, TOP + dy + 16 + ay, 7, fill="#7cb342",
                                 stroke="#558b2f") for ax, ay in ((-7, 2), (7, 2), (0, -4))))
    for square, stack in enumerate(state.board):
        for level, turtle in enumerate(stack):
            left, dy = layout.square(square)
            if square == 0:
                x = left + 34 + (level % 3) * 52
                y = GROUND + dy - 4 - (level // 3) * START_ROW
            else:
                x = left + SQUARE_W / 2 - 3
                y = GROUND + dy - 4 - level * LEVEL
            shapes = [rect(x - 30, y - LEVEL, 62, LEVEL, rx=6, class_="hl", fill_opacity=0)]
            if turtle in moved:
                shapes.append(rect(x - 30, y - LEVEL, 62, LEVEL, rx=6, class_="last",
                                   fill="#fff59d", opacity=0.8))
            shapes += _turtle(x, y, turtle)
            if turtle in owners:
                shapes += [circle(x - 13, y - 13, 6.5, fill=PAPER, stroke=INK, stroke_width=1),
                           label(x - 13, y - 13, PLAYERS[owners[turtle]], layout.font(9),
                                 fill=INK, font_weight="bold")]
            name = COLOURS[turtle]
            place = LABELS[square] if square in (0, FINISH) else f"square {square}"
            spoken = f"{COLOUR_NAMES[turtle]} turtle on {place}"
            if name in clickable:
                picture.target(name, spoken, (x, y - LEVEL - 6), *shapes)
            else:
                picture.add(*shapes[1:])


def _row(picture: Picture, game: Turtles, state: TurtleState, view: View, player: int,
         playable: dict[int, str], layout: Layout) -> None:
    """Player ``player``'s row: their letter, their colour and hand when the view may show
    them (else a hidden turtle and card backs), the playable cards as targets."""
    y = layout.rows + player * ROW_H
    shown = view.seat is None or view.seat == player
    mover = state.phase == PLAY and state.mover == player
    if mover:
        picture.add(rect(MARGIN - 4, y - 4, HAND_X + 5 * (CARD_W + CARD_GAP) - MARGIN + 8,
                         ROW_H - 4, rx=8, fill="#fff8e1", stroke="#ffca28"))
    who = PLAYERS[player] + (" (you)" if view.seat == player else "")
    picture.add(_text(MARGIN + 4, y + 24, who, layout.font(15), font_weight="bold", fill=INK))
    if mover:
        picture.add(_text(MARGIN + 4, y + 42, "to play", layout.font(12), fill="#e65100"))
    if shown and state.colours:
        colour = state.colours[player]
        picture.add(f"<g>{''.join(_turtle(MARGIN + 98, y + 44, colour))}</g>",
                    label(MARGIN + 98, y + 60, COLOUR_NAMES[colour], layout.font(11), fill=INK))
    elif state.colours:
        picture.add(circle(MARGIN + 98, y + 32, 13, fill="#eceff1", stroke=HIDDEN,
                           stroke_width=2),
                    label(MARGIN + 98, y + 33, "?", 15, fill=HIDDEN, font_weight="bold"),
                    label(MARGIN + 98, y + 60, "colour hidden", layout.font(10), fill=HIDDEN))
    hand = state.hands[player] if state.hands else ()
    groups: list[list[int]] = []
    for card in hand:
        if groups and groups[-1][0] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    x = HAND_X
    for group in groups:
        width = len(group) * (CARD_W + CARD_GAP) - CARD_GAP
        shapes = []
        for i, card in enumerate(group):
            left = x + i * (CARD_W + CARD_GAP)
            shapes += _face(left, y + 4, card) if shown else _back(left, y + 4)
        card = group[0]
        if shown and card in playable:
            box = rect(x - 3, y + 1, width + 6, CARD_H + 6, rx=7, class_="hl", fill_opacity=0)
            picture.target(card_text(card), playable[card], (x + width / 2, y + CARD_H + 14),
                           box, *shapes)
        else:
            picture.add(*shapes)
        x += width + CARD_GAP


def _piles(picture: Picture, state: TurtleState, players: int, layout: Layout) -> None:
    """The draw pile face down and the discard pile with the last card played on top, each
    with its size, and the last plays (beside the players' rows, or under them)."""
    x, y = HAND_X + 5 * (CARD_W + CARD_GAP) + 40, ROW_TOP + 4
    if layout.narrow:
        x, y = MARGIN + CARD_W + 30, layout.rows + players * ROW_H + 4
    picture.add(*_back(x, y), label(x + CARD_W / 2, y + CARD_H + 12,
                                    f"draw {sum(state.pile)}", layout.font(12), fill=INK))
    last = next((card for card, _ in reversed(state.played) if card != NONE), None)
    x += CARD_W + 30
    if last is None:
        picture.add(rect(x, y, CARD_W, CARD_H, rx=5, fill="none", stroke=HIDDEN,
                         stroke_dasharray="4 3"))
    else:
        picture.add(*_face(x, y, last))
    picture.add(label(x + CARD_W / 2, y + CARD_H + 12, f"discard {sum(state.discard)}",
                      layout.font(12), fill=INK))
    if state.played:
        recent = " ".join(play_text(p) for p in state.played[-players:])
        picture.add(_text(x - CARD_W - 30, y + CARD_H + 44, f"last plays: {recent}",
                          layout.font(12), fill=INK))


def board_picture(game: Turtles, state: TurtleState, view: View) -> Picture:
    """The race for ``view.seat`` (None: everything, as for a position given whole): the
    track, the players' rows and the piles. The player to move, when the picture may show
    their hand, plays a card by clicking it, then the turtle it moves if it has a choice;
    a pass is the button beside the board."""
    players = game.players
    layout = Layout(view.narrow)
    height = layout.rows + players * ROW_H + 8 + (CARD_H + 60 if layout.narrow else 0)
    seat = view.seat
    over = state.phase == OVER
    status = ("the race is over" if over and seat is not None else status_line(game, state))
    picture = Picture(layout.width, height, f"The Great Turtle Race, {status}", LEVEL)
    picture.add(rect(0, 0, layout.width, height, fill="#f1f8e9"),
                _text(MARGIN, TOP - 12, status, layout.font(15), fill=INK))
    owners = {c: p for p, c in enumerate(state.colours) if seat is None or p == seat}
    playable: dict[int, str] = {}
    clickable: set[str] = set()
    if state.phase == PLAY and seat in (None, state.mover):
        for move in game.legal_moves(state):
            assert isinstance(move, tuple)
            card, turtle = move
            path: tuple[str, ...] = ()
            if card != NONE:
                path = (card_text(card),)
                if turtle == NONE:
                    playable[card] = f"discard card {card_text(card)}"
                else:
                    playable.setdefault(card, _spoken(card, turtle))
                    if card >= RAINBOW_PLUS:
                        path += (COLOURS[turtle],)
                        clickable.add(COLOURS[turtle])
            picture.move(move_text(move), path)
    _track(picture, state, view, owners, clickable, layout)
    for player in range(players):
        _row(picture, game, state, view, player, playable, layout)
    _piles(picture, state, players, layout)
    return picture
