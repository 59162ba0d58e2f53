"""A reduced Great Turtle Race that keeps the hidden colours and hands, small enough for
counterfactual regret minimisation: two players, all five turtles stacked (red at the
bottom) ``distance`` squares from the lettuce, a small deck (by default five cards: ``R+ G+ B+ ^
^^``), hands of two, no reshuffle. Every other rule is the game's own
(:class:`~zermelo.games.turtles.rules.Turtles`), and so are the views, the determinisations
and the agents that play it.

A ``seer`` (a player's number) may be told every colour and hand: the information sets of
CFR are then whole states for that player.

The deal and the draws are listed with their probabilities (explicit chance), so the race is
a finite two-player zero-sum game of imperfect information with explicit chance, as CFR and
OpenSpiel need.

>>> race = HiddenRace()
>>> deals = race.chance_outcomes(race.initial_state())
>>> len(deals), round(sum(p for _, p in deals), 12)
(600, 1.0)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Iterator
from dataclasses import replace
from math import comb

from zermelo.core.errors import GameNotSupportedError
from zermelo.core.game import Chance
from zermelo.games.turtles.board import FINISH, SQUARES
from zermelo.games.turtles.cards import KINDS, NAMES, TURTLES
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import DEAL, DRAW, Deal, Move, TurtleState, Variant
from zermelo.openspiel.actions import Chance as Dealing
from zermelo.openspiel.actions import Codec, play_action

TINY_DECK = ("R+", "G+", "B+", "^", "^^")
"""The reduced race's cards by default."""


class HiddenRace(Turtles):
    """The reduced race with secret colours and hands; see the module docstring."""

    def __init__(self, deck: tuple[str, ...] = TINY_DECK, hand: int = 2,
                 distance: int = 3, seer: int | None = None) -> None:
        super().__init__(Variant(players=2, reshuffle="stop"))
        if not 1 <= distance < FINISH or hand < 1 or 2 * hand > len(deck):
            raise GameNotSupportedError("the reduced race needs 1 to 8 squares to go and a "
                                        "deck of at least two hands")
        counts = Counter(NAMES.index(card) for card in deck)
        self.deck = tuple(counts.get(kind, 0) for kind in range(KINDS))
        self.cards = deck
        self.hand = hand
        self.start = FINISH - distance
        self.seer = seer
        self.info = replace(self.info, name="hidden-race", title="Reduced turtle race",
                            chance=Chance.EXPLICIT, max_game_length=4 * len(deck) + 4)
        self._deals = list(self._enumerate())
        self._deal_index = {deal: i for i, (deal, _) in enumerate(self._deals)}

    def __repr__(self) -> str:
        return f"HiddenRace(deck={','.join(self.cards)}, hand={self.hand}, start={self.start})"

    def initial_state(self) -> TurtleState:
        board = tuple(tuple(range(TURTLES)) if square == self.start else ()
                      for square in range(SQUARES))
        return TurtleState(DEAL, 0, (), (), board, self.deck, (0,) * KINDS, ())

    def _hands(self, left: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], float]]:
        """Every hand of ``self.hand`` cards from the counts ``left``, with its probability."""
        kinds = [k for k, n in enumerate(left) if n]
        total = comb(sum(left), self.hand)
        for hand in itertools.combinations_with_replacement(kinds, self.hand):
            ways = 1
            for kind, count in Counter(hand).items():
                ways *= comb(left[kind], count)
            if ways:
                yield hand, ways / total

    def _enumerate(self) -> Iterator[tuple[Deal, float]]:
        """Every deal (two colours, two hands) with its probability."""
        colours = list(itertools.permutations(range(TURTLES), 2))
        for first, p1 in self._hands(self.deck):
            left = list(self.deck)
            for card in first:
                left[card] -= 1
            for second, p2 in self._hands(tuple(left)):
                for pair in colours:
                    yield Deal(pair, (first, second)), p1 * p2 / len(colours)

    def information_key(self, state: TurtleState, player: int) -> Hashable:
        """The player's view; the whole state for the ``seer``, who is told every colour and
        hand (the value of information is the equilibrium's change)."""
        return state if player == self.seer else self.view(state, player)

    def chance_outcomes(self, state: TurtleState) -> list[tuple[Move, float]]:
        if state.phase == DEAL:
            return [(deal, p) for deal, p in self._deals]
        if state.phase == DRAW:
            total = sum(state.pile)
            return [(kind, n / total) for kind, n in enumerate(state.pile) if n]
        return super().chance_outcomes(state)

    def legal_moves(self, state: TurtleState) -> list[Move]:
        if state.phase in (DEAL, DRAW):
            return [o for o, _ in self.chance_outcomes(state)]
        return super().legal_moves(state)

    def is_legal(self, state: TurtleState, move: Move) -> bool:
        if state.phase == DEAL:
            return isinstance(move, Deal) and move in self._deal_index
        return super().is_legal(state, move)

    def sample_chance(self, state: TurtleState, rng: object) -> Move:
        outcomes, weights = zip(*self.chance_outcomes(state), strict=True)
        drawn: Move = rng.choices(outcomes, weights)[0]  # type: ignore[attr-defined]
        return drawn

    def outcome_action(self, outcome: Move) -> int:
        """A chance outcome as OpenSpiel's number: a deal's index, a drawn card's kind."""
        if isinstance(outcome, Deal):
            return self._deal_index[outcome]
        assert isinstance(outcome, int)
        return outcome

    def openspiel_codec(self) -> Codec:
        """The plays numbered as the Turtle Race's, the deals by their index."""
        return Codec(120, len(self._deals), play_action, Dealing(self, self.outcome_action))
