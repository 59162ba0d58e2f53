"""A small hidden-information game for the conformance harness: each of two players holds one
secret card from a deck of five; A bets or checks, B calls or folds a bet; at a showdown the
higher card wins (the pot is 2 after a bet and a call, else 1).

The deal is an explicit chance node (20 ordered pairs). A player sees their own card and the
actions, and the other card only at a showdown. :class:`LeakyHighCard` resamples by keeping the
true hidden card, the mistake the harness's statistical test must catch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.core.game import CHANCE, Chance, Game, GameInfo, Information, Mover

DECK = (1, 2, 3, 4, 5)
ACTIONS = ("bet", "check", "call", "fold")


@dataclass(frozen=True)
class Table:
    """The cards dealt (None before the deal) and the actions so far."""

    cards: tuple[int, int] | None
    actions: tuple[str, ...] = ()


class HighCard(Game[Table, object]):
    """The game; moves are a pair of cards at the deal, else an action word."""

    def __init__(self) -> None:
        self.info = GameInfo("highcard", "High card", ("A", "B"), chance=Chance.EXPLICIT,
                             information=Information.IMPERFECT, min_return=-2, max_return=2,
                             max_game_length=3)

    def initial_state(self) -> Table:
        return Table(None)

    def to_move(self, state: Table) -> Mover:
        if state.cards is None:
            return CHANCE
        return 0 if not state.actions or len(state.actions) == 2 else 1

    def is_terminal(self, state: Table) -> bool:
        return state.actions in (("check",), ("bet", "call"), ("bet", "fold"))

    def legal_moves(self, state: Table) -> list[object]:
        if state.cards is None:
            return [m for m, _ in self.chance_outcomes(state)]
        if self.is_terminal(state):
            return []
        return ["bet", "check"] if not state.actions else ["call", "fold"]

    def chance_outcomes(self, state: Table) -> list[tuple[object, float]]:
        pairs = [(a, b) for a in DECK for b in DECK if a != b]
        return [(pair, 1 / len(pairs)) for pair in pairs]

    def apply(self, state: Table, move: object) -> Table:
        if state.cards is None:
            assert isinstance(move, tuple)
            return Table((move[0], move[1]))
        assert isinstance(move, str)
        return Table(state.cards, (*state.actions, move))

    def returns(self, state: Table) -> tuple[float, ...]:
        if not self.is_terminal(state) or state.cards is None:
            return (0.0, 0.0)
        if state.actions == ("bet", "fold"):
            return (1.0, -1.0)
        pot = 2.0 if state.actions == ("bet", "call") else 1.0
        return (pot, -pot) if state.cards[0] > state.cards[1] else (-pot, pot)

    def observation(self, state: Table, player: int) -> tuple[object, ...]:
        self.check_player(player)
        if state.cards is None:
            return (None, state.actions)
        shown = state.cards if state.actions in (("check",), ("bet", "call")) else None
        return (state.cards[player], state.actions, shown)

    def observation_text(self, state: Table, player: int) -> str:
        own, actions, *rest = self.observation(state, player)
        return f"card {own}, actions {' '.join(actions) or '-'}" + (
            f", shown {rest[0]}" if rest and rest[0] else "")

    def resample(self, state: Table, player: int, rng: random.Random) -> Table:
        self.check_player(player)
        if state.cards is None or self.observation(state, player)[2] is not None:
            return state
        own = state.cards[player]
        other = rng.choice([c for c in DECK if c != own])
        cards = (own, other) if player == 0 else (other, own)
        return Table(cards, state.actions)

    def parse_position(self, text: str) -> Table:
        words = text.split()
        if not words or words[0] == "-":
            return Table(None)
        try:
            cards = (int(words[0][0]), int(words[0][1]))
        except (ValueError, IndexError):
            raise InvalidPositionError(f"{text!r}: expected two cards like 25") from None
        return Table(cards, tuple(words[1:]))

    def format_position(self, state: Table) -> str:
        if state.cards is None:
            return "-"
        return " ".join([f"{state.cards[0]}{state.cards[1]}", *state.actions])

    def parse_move(self, state: Table, text: str) -> object:
        word = text.strip()
        move: object = word
        if len(word) == 2 and word.isdigit():
            move = (int(word[0]), int(word[1]))
        elif word not in ACTIONS:
            raise InvalidMoveError(f"{word!r} is not a move")
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{word} is not legal here")
        return move

    def format_move(self, state: Table, move: object) -> str:
        return f"{move[0]}{move[1]}" if isinstance(move, tuple) else str(move)


class LeakyHighCard(HighCard):
    """The same game with a resampler that keeps the true hidden card: it keeps the observation
    but depends on the hidden part."""

    def resample(self, state: Table, player: int, rng: random.Random) -> Table:
        return state
