"""Games with chance: expectimax against a hand-computed value and a brute-force expectation,
MCTS with listed and sampled dice, matches that roll the dice themselves."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from zermelo.core.game import CHANCE, Game
from zermelo.search import Player, RandomPlayer, SearchPlayer, expectimax, mcts, play_match
from zermelo.search.base import Evaluator

from .small_games import HighRoll, RollState, SampledHighRoll

GAME = HighRoll()


def brute_force(game: Game[Any, Any], state: Any, me: int, left: int, evaluate: Evaluator
                ) -> float:
    """The expectimax value for player ``me``, every node recomputed: ``left`` counts the
    players' moves still to search; at the limit ``evaluate`` scores from the mover's view."""
    if game.is_terminal(state):
        return float(game.returns(state)[me])
    mover = game.to_move(state)
    if mover is CHANCE:
        return sum(p * brute_force(game, game.apply(state, o), me, left, evaluate)
                   for o, p in game.chance_outcomes(state))
    if left == 0:
        value = evaluate(game, state)
        return value if mover == me else -value
    values = [brute_force(game, game.apply(state, m), me, left - 1, evaluate)
              for m in game.legal_moves(state)]
    return max(values) if mover == me else min(values)


def all_states(game: HighRoll) -> list[RollState]:
    """Every state of the game."""
    out, stack = [], [game.initial_state()]
    while stack:
        state = stack.pop()
        out.append(state)
        stack.extend(game.apply(state, m) for m in game.legal_moves(state))
    return out


def guess(game: Game[Any, Any], state: RollState) -> float:
    """An arbitrary evaluation (from the mover's view) that depends on the state."""
    return ((len(state.die or "") + 3 * (state.a or 0) + len(state.choice or "")) % 7 - 3) / 10


def test_expectimax_finds_the_hand_computed_value() -> None:
    result = expectimax(GAME, GAME.initial_state())
    assert result.value == pytest.approx(HighRoll.VALUE)
    assert result.best_move == "wild" and result.pv == ("wild",)  # the line stops at the dice
    assert result.exact and result.stats.evaluations == 0
    steady = GAME.apply(GAME.initial_state(), "steady")
    assert expectimax(GAME, steady).value == pytest.approx(-1 / 6)  # A's view at a chance node
    b_sees_two = RollState("wild", 2)
    assert expectimax(GAME, b_sees_two).value == pytest.approx(1 / 2)
    assert expectimax(GAME, b_sees_two).best_move == "roll"
    assert expectimax(GAME, RollState("wild", 6)).best_move == "fold"


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_expectimax_equals_a_brute_force_expectation(depth: int) -> None:
    for state in all_states(GAME):
        mover = GAME.to_move(state)
        me = 0 if mover is CHANCE else mover
        for evaluate in (guess, None):
            result = expectimax(GAME, state, depth=depth, evaluate=evaluate)
            expected = brute_force(GAME, state, me, depth, evaluate or (lambda g, s: 0.0))
            assert result.value == pytest.approx(expected), (state, depth)


def test_chance_nodes_use_no_depth() -> None:
    result = expectimax(GAME, GAME.initial_state(), depth=2)
    assert result.exact and result.value == pytest.approx(HighRoll.VALUE)
    assert result.stats.max_depth == 4  # two moves and two rolls
    shallow = expectimax(GAME, GAME.initial_state(), depth=1, evaluate=guess)
    assert not shallow.exact and shallow.stats.evaluations > 0


@pytest.mark.parametrize("game", [GAME, SampledHighRoll()], ids=["listed", "sampled"])
def test_mcts_rolls_the_dice(game: HighRoll) -> None:
    for seed in range(3):
        result = mcts(game, game.initial_state(), iterations=3_000, seed=seed)
        assert result.best_move == "wild"
        assert result.value == pytest.approx(HighRoll.VALUE, abs=0.1)
        assert not result.exact  # proofs are off with chance
    a, b = (mcts(game, game.initial_state(), iterations=300, seed=7) for _ in range(2))
    assert (a.best_move, a.value, a.stats.nodes) == (b.best_move, b.value, b.stats.nodes)


def test_mcts_at_a_chance_node_chooses_nothing() -> None:
    result = mcts(GAME, RollState("wild"), iterations=2_000, seed=0)
    assert result.best_move is None and result.pv == ()
    assert result.value == pytest.approx(HighRoll.VALUE, abs=0.1)  # A's view


class Recorder:
    """A random player that notes the states it is asked to move in."""

    def __init__(self, seed: int) -> None:
        self.player = RandomPlayer(seed)
        self.asked: list[Any] = []

    def __call__(self, game: Game[Any, Any], state: Any) -> Any:
        self.asked.append(state)
        return self.player(game, state)


@pytest.mark.parametrize("game", [GAME, SampledHighRoll()], ids=["listed", "sampled"])
def test_matches_roll_the_dice_without_asking_the_players(game: HighRoll) -> None:
    rolls: Counter[int] = Counter()
    for seed in range(300):
        players = [Recorder(seed), Recorder(seed + 1)]
        states = play_match(game, players, rng=random.Random(seed + 10_000))
        assert game.is_terminal(states[-1])
        assert all(game.to_move(s) is not CHANCE for p in players for s in p.asked)
        final = states[-1]
        if final.die == "wild":
            rolls[final.a] += 1
    assert set(rolls) == set(range(1, 7)) and min(rolls.values()) > 10
    first = play_match(game, [Recorder(1), Recorder(2)])
    assert first == play_match(game, [Recorder(1), Recorder(2)])  # the dice are seeded


def test_search_players_play_dice() -> None:
    total = 0.0
    for seed in range(100):
        players: list[Player] = [RandomPlayer(seed), SearchPlayer("expectimax")]
        total += GAME.returns(play_match(GAME, players, rng=random.Random(seed + 10_000))[-1])[1]
    assert total > 0  # B expects +1/9 against a random A
