"""The cards of The Great Turtle Race: 19 kinds, their notation, and the 52-card deck.

Kinds 0-14 are the coloured cards, three per turtle colour (``R+``, ``R++``, ``R-`` for red);
15 and 16 the rainbow cards (``*+``, ``*-``: the player picks the turtle); 17 and 18 the arrows
(``^``, ``^^``: one of the turtles in last place moves one or two squares).

>>> [card_text(c) for c in (0, 1, 2, 15, 16, 17, 18)]
['R+', 'R++', 'R-', '*+', '*-', '^', '^^']
>>> sum(deck_counts("5+2-"))
52
"""

from __future__ import annotations

COLOURS = "RGBYP"
"""The turtles' letters: red, green, blue, yellow, purple; a turtle is its index here."""
COLOUR_NAMES = ("red", "green", "blue", "yellow", "purple")
TURTLES = len(COLOURS)
KINDS = 19
"""How many kinds of card there are."""
RAINBOW_PLUS, RAINBOW_MINUS, ARROW, DOUBLE_ARROW = 15, 16, 17, 18
_SUFFIX = ("+", "++", "-")
STEPS = tuple([1, 2, -1] * TURTLES + [1, -1, 1, 2])
"""How far each kind moves its turtle (negative: back)."""
NAMES = tuple([f"{c}{s}" for c in COLOURS for s in _SUFFIX] + ["*+", "*-", "^", "^^"])
"""Each kind's notation."""
RAINBOW_SPLITS = ("5+2-", "4+3-")
"""The rainbow ``+``/``-`` split of the two editions; the first is the default."""


def card_text(card: int) -> str:
    """The notation of card kind ``card``."""
    return NAMES[card]


def card_colour(card: int) -> int:
    """The turtle a coloured card moves, or -1 for a rainbow card or an arrow."""
    return card // 3 if card < RAINBOW_PLUS else -1


def is_arrow(card: int) -> bool:
    """Whether the card moves one of the last turtles."""
    return card >= ARROW


def deck_counts(rainbow: str = RAINBOW_SPLITS[0]) -> tuple[int, ...]:
    """How many cards of each kind the deck holds: per colour 5 ``+``, 1 ``++`` and 2 ``-``;
    rainbow ``+``/``-`` as ``rainbow`` says; 3 ``^`` and 2 ``^^``."""
    plus, minus = (5, 2) if rainbow == RAINBOW_SPLITS[0] else (4, 3)
    return tuple([5, 1, 2] * TURTLES + [plus, minus, 3, 2])


def parse_card(text: str) -> int | None:
    """The kind written ``text`` (case-insensitive), or None."""
    word = text.strip().upper()
    return NAMES.index(word) if word in NAMES else None
