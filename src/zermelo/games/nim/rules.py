"""Nim: piles of objects; a move takes one or more objects from one pile.

Normal play: the player who takes the last object wins, i.e. a player with no move (every pile
empty) loses. Misère play (``misere=True``): the player who takes the last object loses.
The value is known in closed form (Bouton 1901), which makes Nim the test bed of every search:
in normal play the side to move loses iff the nim-sum (XOR of the piles) is 0; in misère play
the same holds unless every pile has at most one object, where the side to move loses iff the
number of non-empty piles is odd.

Notation:

* a position is the side to move (``A`` or ``B``, optional, default ``A``) and the pile sizes:
  ``"1 3 5 7"``, ``"B 0 2 2"`` (commas also separate piles: ``"1,3,5,7"``);
* a move is ``PILE:TAKE`` with piles numbered from 1: ``"4:5"`` takes 5 objects from pile 4.

>>> game = Nim()
>>> state = game.parse_position("1 3 5 7")
>>> game.format_position(game.play(state, game.parse_move(state, "4:1")))
'B 1 3 5 6'
>>> nim_value(state.piles)
-1
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import NamedTuple

from zermelo.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
)
from zermelo.core.game import Game, GameInfo

SIDES = ("A", "B")
"""Player 0 (``A``) moves first from the initial position."""

DEFAULT_PILES = (1, 3, 5, 7)
MAX_PILES = 16
"""At most this many piles (the searches' positions grow as the product of the pile sizes)."""
MAX_PILE = 64
"""At most this many objects in a pile."""

_MOVE = re.compile(r"\s*([0-9]{1,4})\s*:\s*([0-9]{1,4})\s*")


@dataclass(frozen=True, slots=True)
class NimState:
    """Pile sizes and the side to move."""

    piles: tuple[int, ...]
    to_move: int


class NimMove(NamedTuple):
    """Take ``take`` objects from pile number ``pile`` (0-based inside, 1-based in text)."""

    pile: int
    take: int


def nim_value(piles: Sequence[int], misere: bool = False) -> int:
    """The value for the side to move by Bouton's rule: 1 win, -1 loss."""
    if misere and all(p <= 1 for p in piles):
        return 1 if sum(piles) % 2 == 0 else -1
    return 1 if reduce(xor, piles, 0) else -1


class Nim(Game[NimState, NimMove]):
    """Nim with the given starting piles; ``misere`` flips who wins at the end."""

    def __init__(self, piles: Sequence[int] = DEFAULT_PILES, misere: bool = False) -> None:
        piles = tuple(piles)
        if not piles:
            raise OptionError("Nim needs at least one pile")
        if len(piles) > MAX_PILES or any(not 0 <= p <= MAX_PILE for p in piles):
            raise OptionError(f"piles: at most {MAX_PILES} piles of 0 to {MAX_PILE} objects")
        self.piles = piles
        self.misere = misere
        self.info = GameInfo(
            name="nim",
            title="Nim (misère)" if misere else "Nim",
            players=SIDES,
            max_game_length=sum(piles),
        )

    def __repr__(self) -> str:
        return f"Nim(piles={self.piles}, misere={self.misere})"

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> NimState:
        return NimState(self.piles, 0)

    def to_move(self, state: NimState) -> int:
        return state.to_move

    def legal_moves(self, state: NimState) -> list[NimMove]:
        return [NimMove(i, take) for i, size in enumerate(state.piles)
                for take in range(1, size + 1)]

    def apply(self, state: NimState, move: NimMove) -> NimState:
        piles = list(state.piles)
        piles[move.pile] -= move.take
        return NimState(tuple(piles), 1 - state.to_move)

    def is_terminal(self, state: NimState) -> bool:
        return not any(state.piles)

    def returns(self, state: NimState) -> tuple[float, ...]:
        if any(state.piles):
            return (0.0, 0.0)
        # the side to move faces empty piles: the other side took the last object
        mover_wins = self.misere
        own = 1.0 if mover_wins else -1.0
        return (own, -own) if state.to_move == 0 else (-own, own)

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> NimState:
        tokens = text.replace(",", " ").split()
        if not tokens:
            raise InvalidPositionError("empty text, expected pile sizes like '1 3 5 7'")
        side = 0
        if tokens[0].upper() in SIDES:
            side = SIDES.index(tokens[0].upper())
            tokens = tokens[1:]
        if not tokens:
            raise InvalidPositionError("no piles after the side to move")
        if len(tokens) > MAX_PILES:
            raise InvalidPositionError(f"{len(tokens)} piles, at most {MAX_PILES}")
        piles = []
        for i, token in enumerate(tokens):
            if not (token.isascii() and token.isdigit() and len(token) <= 4
                    and int(token) <= MAX_PILE):
                shown = token if len(token) <= 20 else token[:20] + "..."
                raise InvalidPositionError(
                    f"pile {i + 1}: {shown!r} is not a pile size (a whole number from 0 to "
                    f"{MAX_PILE})")
            piles.append(int(token))
        return NimState(tuple(piles), side)

    def format_position(self, state: NimState) -> str:
        return " ".join([SIDES[state.to_move], *map(str, state.piles)])

    def parse_move(self, state: NimState, text: str) -> NimMove:
        match = _MOVE.fullmatch(text)
        if not match:
            raise InvalidMoveError(f"{text!r} is not a move like 4:5 (pile 4, take 5)")
        pile, take = int(match.group(1)), int(match.group(2))
        if not 1 <= pile <= len(state.piles):
            raise IllegalMoveError(f"{text}: there is no pile {pile} (piles 1-{len(state.piles)})")
        if not 1 <= take <= state.piles[pile - 1]:
            raise IllegalMoveError(
                f"{text}: pile {pile} has {state.piles[pile - 1]}, take 1 to that many"
            )
        return NimMove(pile - 1, take)

    def format_move(self, state: NimState, move: NimMove) -> str:
        return f"{move.pile + 1}:{move.take}"

    # -- keys ----------------------------------------------------------------------------

    def key(self, state: NimState) -> Hashable:
        """Piles are interchangeable and empty piles irrelevant: the sorted non-empty piles
        (with the side to move, which decides who gets the returns)."""
        return (state.to_move, *sorted(p for p in state.piles if p))
