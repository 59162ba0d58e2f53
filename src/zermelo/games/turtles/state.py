"""The data of The Great Turtle Race: the variant (the open points of the rules), the state, a
player's view, the deal, and which plays are legal. :mod:`zermelo.games.turtles.rules` holds
the game itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from zermelo.games.turtles.board import FINISH, START, Board, last_turtles
from zermelo.games.turtles.cards import (
    KINDS,
    RAINBOW_PLUS,
    RAINBOW_SPLITS,
    STEPS,
    TURTLES,
    card_colour,
    is_arrow,
)

PLAYERS = "ABCDE"
HAND = 5
"""Cards in a full hand."""
DEAL, PLAY, DRAW, OVER = "deal", "play", "draw", "over"
NONE = -1
"""The turtle of a card discarded without moving one; the card of a pass."""

Play = tuple[int, int]
"""A player's move: (card kind, turtle moved); (card, NONE) discards, (NONE, NONE) passes."""
PASS: Play = (NONE, NONE)
Counts = tuple[int, ...]
"""How many cards of each of the 19 kinds."""


@dataclass(frozen=True)
class Deal:
    """The deal's outcome: each player's colour and hand (sorted card kinds)."""

    colours: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]


Move = Play | Deal | int
"""A play, the deal, or at a draw the card kind drawn."""

OVERSHOOT = ("stop", "forbid")
STUCK = ("discard", "pass")
NEUTRAL = ("rank", "continue")
RESHUFFLE = ("shuffle", "stop")


@dataclass(frozen=True)
class Variant:
    """The number of players and the open points of the rules (first value: the default).

    ``overshoot``: a turtle moved past the lettuce stops on it, or such a move is forbidden.
    ``stuck``: a player with no legal card discards one card of their choice (and draws), or
    passes. ``neutral``: a turtle nobody owns reaching the lettuce ends the game (the owned
    turtles are ranked), or the game continues until an owned turtle gets there (turtles on
    the lettuce then cannot move on). ``reshuffle``: an empty draw pile is refilled from the
    shuffled discard pile, or nobody draws any more (players with no card pass). A round of
    passes by every player ends the game where the turtles stand. The values are checked
    once, by the options of :mod:`zermelo.games.turtles.entry` that every front end reads them
    through.
    """

    players: int = 2
    rainbow: str = RAINBOW_SPLITS[0]
    overshoot: str = OVERSHOOT[0]
    stuck: str = STUCK[0]
    neutral: str = NEUTRAL[0]
    reshuffle: str = RESHUFFLE[0]


@dataclass(frozen=True)
class TurtleState:
    """A position; see the module docstring. ``mover`` is the player to play or to draw."""

    phase: str
    mover: int
    colours: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    board: Board
    pile: Counts
    discard: Counts
    played: tuple[Play, ...]
    passes: int = 0


@dataclass(frozen=True)
class View:
    """What one player sees: own colour and hand, the track, the sizes of every hand and of the
    draw pile, the discard pile, every card played, whose turn it is. ``colours`` holds the
    player's own colour and None for the others (all of them only in a view that cheats)."""

    player: int
    phase: str
    mover: int
    colours: tuple[int | None, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    board: Board
    pile_size: int
    discard: Counts
    played: tuple[Play, ...]
    passes: int

    @property
    def colour(self) -> int | None:
        """The player's own turtle (None before the deal)."""
        return self.colours[self.player] if self.colours else None


def before_deal(deck: Counts) -> TurtleState:
    """The state before the deal: every turtle on the start, the whole ``deck`` in the pile."""
    return TurtleState(DEAL, 0, (), (), START, deck, (0,) * KINDS, ())


def legal_plays(variant: Variant, hand: Sequence[int], board: Board) -> list[Play]:
    """The plays a player holding ``hand`` may make on ``board``, by card kind then turtle:
    every card on every turtle it may move; if there is none, a discard of each kind held (or
    a pass, as ``variant.stuck`` says); a pass with an empty hand."""
    positions = [0] * TURTLES
    for square, stack in enumerate(board):
        for turtle in stack:
            positions[turtle] = square
    plays = []
    for card in sorted(set(hand)):
        if card < RAINBOW_PLUS:
            targets: Sequence[int] = (card_colour(card),)
        elif is_arrow(card):
            targets = last_turtles(board)
        else:
            targets = range(TURTLES)
        steps = STEPS[card]
        for turtle in targets:
            square = positions[turtle]
            if steps < 0:
                allowed = square > 0
            else:
                allowed = not (variant.neutral == "continue" and square == FINISH) and not (
                    variant.overshoot == "forbid" and square + steps > FINISH)
            if allowed:
                plays.append((card, turtle))
    if not plays:
        if hand and variant.stuck == "discard":
            return [(card, NONE) for card in sorted(set(hand))]
        return [PASS]
    return plays


def counts_of(cards: Sequence[int]) -> list[int]:
    """How many of each card kind ``cards`` holds."""
    counts = [0] * KINDS
    for card in cards:
        counts[card] += 1
    return counts
