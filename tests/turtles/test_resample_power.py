"""The conformance suite's resampling check has power on the Turtle Race: it compares each hidden
part (an opponent's colour, hand, the draw pile) on its own, so a resampler that leaks the true
colours or hands fails it, while the game's own resampler passes on the same pairs."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.test_conformance import resampling_problems
from zermelo.core.game import CHANCE
from zermelo.games.turtles import Turtles, TurtleState, Variant


class KeepsColours(Turtles):
    """Resamples the hands but keeps every player's true colour: a leak."""

    def resample(self, state: TurtleState, player: int, rng: random.Random) -> TurtleState:
        return replace(super().resample(state, player, rng), colours=state.colours)


class KeepsHands(Turtles):
    """Resamples the colours but keeps every hand and the draw pile: a leak."""

    def resample(self, state: TurtleState, player: int, rng: random.Random) -> TurtleState:
        drawn = super().resample(state, player, rng)
        return replace(drawn, hands=state.hands, pile=state.pile)


def _pairs(game: Turtles, differ: int) -> list[tuple[TurtleState, TurtleState, int]]:
    """Pairs of states the mover cannot tell apart, drawn by the honest resampler, whose hidden
    part number ``differ`` (0: the first opponent's colour; players - 1: their hand) differs."""
    rng = random.Random(3)
    pairs = []
    for seed in range(4):
        for state in game.random_playout(game.initial_state(), random.Random(seed))[1:-1:7]:
            player = game.to_move(state)
            if player is CHANCE:
                continue
            other = game.resample(state, player, rng)
            if (game.hidden_parts(other, player)[differ]
                    != game.hidden_parts(state, player)[differ]):
                pairs.append((state, other, player))
    return pairs[:4]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(("leaky", "part"), [(KeepsColours, "colour"), (KeepsHands, "hand")])
def test_a_leaky_resampler_fails_the_conformance_check(players: int, leaky: type[Turtles],
                                                       part: str) -> None:
    variant = Variant(players=players)
    differ = 0 if part == "colour" else players - 1
    pairs = _pairs(Turtles(variant), differ)
    assert len(pairs) == 4
    assert resampling_problems(Turtles(variant), pairs, draws=300) == []
    problems = resampling_problems(leaky(variant), pairs, draws=300)
    caught = [p for p in problems if f"hidden part {differ} depends on the true one" in p]
    assert len(caught) == len(pairs), problems


def test_the_hidden_parts_are_the_opponents_colours_and_hands_and_the_pile() -> None:
    game = Turtles(Variant(players=3))
    state = game.random_playout(game.initial_state(), random.Random(1))[5]
    parts = game.hidden_parts(state, 1)
    assert parts == (state.colours[0], state.colours[2], tuple(sorted(state.hands[0])),
                     tuple(sorted(state.hands[2])), state.pile)
    assert state.colours[1] not in parts[:2] and state.hands[1] not in parts[2:4]
