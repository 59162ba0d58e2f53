"""A small Great Turtle Race solved exactly: the ground truth the searches are measured against.

The small race (:class:`SmallRace`) keeps every rule of :class:`Turtles` but races three
turtles (red, green, blue), starting stacked (red at the bottom) ``distance`` squares from the
lettuce (3 by default), with a small deck (by default ``R+ R+ G+ B+ R- G- ^ ^^``), hands of two
and, by default, no reshuffle: when the
pile is empty the hands are played out and a round of passes ends the race where the turtles
stand. Two players; the colours and hands are open (everything is seen but the order of the
draw pile, whose draws stay chance), so the race is a two-player win-or-lose game with chance
and perfect information, which the value iteration of :mod:`zermelo.tablebase.value_iteration`
solves: the exact probability that the player to move wins under best play by both.

With hidden hands and colours the race is a game of imperfect information, whose value is an
equilibrium of strategies over information sets, not a fixed point over states: value
iteration does not apply, and it is not solved here.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, replace

import numpy as np

from zermelo.core.errors import GameNotSupportedError
from zermelo.core.game import Information
from zermelo.games.turtles.board import FINISH, SQUARES
from zermelo.games.turtles.cards import KINDS, NAMES
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import DEAL, DRAW, OVER, Deal, Move, TurtleState, Variant
from zermelo.tablebase.value_iteration import NO_STATE, Solution, Space, iterate

SMALL_DECK = ("R+", "R+", "G+", "B+", "R-", "G-", "^", "^^")
"""The small race's cards by default (eight: 1,620 deals, 112,206 decision states)."""
TINY_DECK = ("R+", "G+", "B+", "R-", "^", "^^")
"""A smaller deck (six: 540 deals, 9,618 decision states)."""
RACERS = (0, 1, 2)
"""Red, green and blue."""


class SmallRace(Turtles):
    """The Great Turtle Race of three turtles, a small deck, small hands, open to both players."""

    def __init__(self, deck: tuple[str, ...] = SMALL_DECK, hand: int = 2, distance: int = 3,
                 variant: Variant | None = None) -> None:
        super().__init__(variant if variant is not None else Variant(reshuffle="stop"))
        if self.players != 2:
            raise GameNotSupportedError("the small race has two players")
        counts = Counter(NAMES.index(card) for card in deck)
        self.deck = tuple(counts.get(kind, 0) for kind in range(KINDS))
        self.hand = hand
        self.start = FINISH - distance
        self.info = replace(self.info, name="small-race", title="Small turtle race",
                            information=Information.PERFECT)

    def initial_state(self) -> TurtleState:
        board = tuple(RACERS if square == self.start else () for square in range(SQUARES))
        return TurtleState(DEAL, 0, (), (), board, self.deck, (0,) * KINDS, ())

    def deals(self) -> list[tuple[Deal, float]]:
        """Every deal (the colours of the two players, their hands) with its probability."""
        cards = [kind for kind, count in enumerate(self.deck) for _ in range(count)]
        hands: Counter[tuple[tuple[int, ...], ...]] = Counter()
        for picked in itertools.permutations(range(len(cards)), 2 * self.hand):
            hands[tuple(tuple(sorted(cards[i] for i in picked[p * self.hand:(p + 1) * self.hand]))
                        for p in range(2))] += 1
        total = sum(hands.values())
        colours = list(itertools.permutations(RACERS, 2))
        return [(Deal(c, h), n / total / len(colours)) for c in colours for h, n in hands.items()]

    def sample_chance(self, state: TurtleState, rng: random.Random) -> Move:
        if state.phase != DEAL:
            return super().sample_chance(state, rng)
        deals = self.deals()
        return rng.choices([d for d, _ in deals], [p for _, p in deals])[0]

    def observation(self, state: TurtleState, player: int) -> Hashable:  # type: ignore[override]
        """Everything: the small race is open."""
        self.check_player(player)
        return state

    def resample(self, state: TurtleState, player: int, rng: random.Random) -> TurtleState:
        self.check_player(player)
        return state


@dataclass(frozen=True)
class Solved:
    """The small race solved: every decision state's index and the solution."""

    game: SmallRace
    index: dict[TurtleState, int]
    states: list[TurtleState]
    solution: Solution

    def win_probability(self, state: TurtleState) -> float:
        """The probability that the player to move at ``state`` (a decision state) wins."""
        return float(self.solution.values[self.index[bare(state)]])

    def start(self) -> float:
        """The probability that the first player wins the race from the deal."""
        return sum(p * self.win_probability(self.game.apply(self.game.initial_state(), deal))
                   for deal, p in self.game.deals())

    def move_values(self, state: TurtleState) -> dict[Move, float]:
        """Each legal move's win probability for the player to move."""
        mover = state.mover
        values = {}
        for move in self.game.legal_moves(state):
            values[move] = sum(p * (v if s is None or s.mover == mover else 1 - v)
                               for p, s, v in self._outcomes(state, move))
        return values

    def _outcomes(self, state: TurtleState, move: Move
                  ) -> list[tuple[float, TurtleState | None, float]]:
        """The move's outcomes: probability, decision state (None: the end) and its value."""
        result: list[tuple[float, TurtleState | None, float]] = []
        for p, after in outcomes(self.game, state, move):
            if after.phase == OVER:
                result.append((p, None, win_value(self.game, after, state.mover)))
            else:
                result.append((p, after, self.win_probability(after)))
        return result


def outcomes(game: SmallRace, state: TurtleState, move: Move
             ) -> list[tuple[float, TurtleState]]:
    """The states a play leads to, with their probabilities: the next decision state, after
    the draw if one is due, or the end."""
    after = game.apply(state, move)
    if after.phase != DRAW:
        return [(1.0, bare(after))]
    total = sum(after.pile)
    return [(count / total, bare(game.apply(after, kind)))
            for kind, count in enumerate(after.pile) if count]


def bare(state: TurtleState) -> TurtleState:
    """``state`` without the record of the plays, which changes nothing ahead when every card
    is open: the solver's states are positions, not histories."""
    return replace(state, played=())


def win_value(game: SmallRace, end: TurtleState, player: int) -> float:
    """``player``'s win probability in a finished race: 1, 0, or 1/2 when shared."""
    return (game.returns(end)[player] + 1) / 2


def solve(game: SmallRace | None = None) -> Solved:
    """Every decision state reachable from every deal, and their exact values."""
    game = game if game is not None else SmallRace()
    start = game.initial_state()
    states = [bare(game.apply(start, deal)) for deal, _ in game.deals()]
    index = {s: i for i, s in enumerate(dict.fromkeys(states))}
    states = list(index)
    move_start, outcome_start, target, probability, flip, constant = [0], [0], [], [], [], []
    i = 0
    while i < len(states):
        state = states[i]
        for move in game.legal_moves(state):
            for p, after in outcomes(game, state, move):
                probability.append(p)
                if after.phase == OVER:
                    target.append(NO_STATE)
                    constant.append(win_value(game, after, state.mover))
                    flip.append(0)
                    continue
                if after not in index:
                    index[after] = len(states)
                    states.append(after)
                target.append(index[after])
                constant.append(0.0)
                flip.append(int(after.mover != state.mover))
            outcome_start.append(len(target))
        move_start.append(len(outcome_start) - 1)
        i += 1
    space = Space(np.array(move_start, np.int64), np.array(outcome_start, np.int64),
                  np.array(target, np.int64), np.array(probability), np.array(flip, np.int64),
                  np.array(constant))
    return Solved(game, index, states, iterate(space))
