"""The compiled searches against their readable references: the same arrays for a state and
a view, determinisations drawn from the view alone, minimax and alpha-beta making the
reference's play on the same determinisations, MCTS finding the reference's play, whole
compiled games that replay through the rules."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tests.test_conformance import resampling_problems
from zermelo.agents.turtles import arena
from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.compiled import agents as c
from zermelo.agents.turtles.compiled.arena import (
    arena_loop,
    more_chance,
    play_compiled,
    seeded_deal,
)
from zermelo.agents.turtles.compiled.ismcts import policy_params
from zermelo.agents.turtles.compiled.tree import tree_best
from zermelo.agents.turtles.playouts import strategy_policy
from zermelo.agents.turtles.registry import make_agent
from zermelo.agents.turtles.search import TreeSearch, sample_positions
from zermelo.agents.turtles.strategies import Settings, Strategy
from zermelo.core.errors import OptionError
from zermelo.games.turtles import Deal, Turtles, Variant
from zermelo.games.turtles import kernels as k
from zermelo.games.turtles.board import FINISH, squares
from zermelo.games.turtles.state import DRAW, TurtleState
from zermelo.search.ismcts_kernel import Hook, ismcts_compiled


def positions(game: Turtles, count: int, seed: int) -> list[TurtleState]:
    """``count`` states where a player is to play, from random games."""
    return sample_positions(game, count, random.Random(seed))


@pytest.mark.parametrize("players", [2, 4])
def test_a_view_s_array_is_the_observation_of_the_state_s_array(players: int) -> None:
    game = Turtles(Variant(players=players))
    for state in positions(game, 200, seed=players):
        for p in range(players):
            assert (k.observe(k.pack(state), p) == k.pack_view(game.view(state, p))).all()


def test_determinisations_keep_the_view_and_draw_the_rest_uniformly() -> None:
    game = Turtles(Variant(players=3))
    state = positions(game, 30, seed=5)[-1]
    me = state.mover
    o = k.pack_view(game.view(state, me))
    rules = k.rules_of(game.variant)
    c.reseed(3)
    colours: Counter[int] = Counter()
    for _ in range(4000):
        s = k.determinise(o, me, rules)
        assert (k.observe(s, me) == o).all()
        hands = s[k.HND:k.HND + 3 * 19].reshape(3, 19)
        assert (hands.sum(axis=0) + s[k.PIL:k.PIL + 19] + s[k.DIS:k.DIS + 19]
                == game.deck).all()
        assert len(set(s[k.COL:k.COL + 3])) == 3
        colours[int(s[k.COL + (me + 1) % 3])] += 1
    assert set(colours) == set(range(5)) - {state.colours[me]}
    assert all(850 < n < 1150 for n in colours.values())


@pytest.mark.parametrize(("kind", "budget"), [(c.MINIMAX, 2), (c.ALPHABETA, 3)])
def test_the_kernels_decide_from_the_observation_alone(kind: int, budget: int) -> None:
    """States that differ in the other colours and hands, with one observation, get one play
    from one seed (the compiled arena hands its agents :func:`observe` only)."""
    game = Turtles(Variant(players=3))
    rules = k.rules_of(game.variant)
    rng = random.Random(2)
    for i, state in enumerate(positions(game, 60, seed=4)[::6]):
        other = game.resample(state, state.mover, rng)
        a, b = k.pack(state), k.pack(other)
        assert not (a == b).all()
        o = k.observe(a, state.mover)
        assert (o == k.observe(b, state.mover)).all()
        assert c.seeded_decide(o, rules, kind, 3, budget, 2, i) == c.seeded_decide(
            k.observe(b, state.mover), rules, kind, 3, budget, 2, i)


def test_the_mcts_decides_from_the_view_alone() -> None:
    """The compiled MCTS is handed the packed view only: states with one view get one play
    from one seed."""
    game = Turtles(Variant(players=3))
    agent = c.mcts(game, ("H", "60"))
    rng = random.Random(2)
    for i, state in enumerate(positions(game, 60, seed=4)[::6]):
        other = game.resample(state, state.mover, rng)
        assert other != state
        assert agent.choose(game.view(state, state.mover), random.Random(i)) == agent.choose(
            game.view(other, state.mover), random.Random(i))


@pytest.mark.parametrize("players", [2, 3])
def test_minimax_and_alphabeta_make_the_reference_s_play_on_the_same_determinisation(
        players: int) -> None:
    """At depth 2 the one draw in the tree (the agent's) cannot change a value, so the
    compiled and the readable trees must choose the same play in every state."""
    game = Turtles(Variant(players=players))
    rules = k.rules_of(game.variant)
    draws = np.zeros(4)
    references = {letter: TreeSearch(game, "minimax", None if letter == "D" else
                                      Strategy(game, letter, Settings()))
                  for letter in ("F", "E", "H", "D")}
    for i, state in enumerate(positions(game, 1500, seed=10 + players)):
        letter = "FEHD"[i % 4]
        plays = game.legal_plays(game.view(state, state.mover))
        expected = plays.index(references[letter].best(state, i))
        s = k.pack(state)
        for prune in (False, True):
            assert tree_best(s, 2, c.LETTERS[letter], prune, rules, draws) == expected


def test_alphabeta_plays_minimax_s_play_deeper() -> None:
    game = Turtles(Variant(players=2))
    rules = k.rules_of(game.variant)
    rng = np.random.default_rng(1)
    for i, state in enumerate(positions(game, 400, seed=7)):
        s, draws = k.pack(state), rng.random(5)
        letter = c.LETTERS["FEHD"[i % 4]]
        assert tree_best(s, 3, letter, False, rules, draws) == tree_best(
            s, 3, letter, True, rules, draws)


def test_mcts_finds_the_reference_s_play_near_the_finish() -> None:
    """Where a turtle is two squares from the lettuce, with enough iterations both searches
    settle on the same play nearly everywhere."""
    game = Turtles(Variant(players=2))
    compiled, reference = make_agent("mcts:H:1500", game), make_agent("mcts-ref:H:1500", game)
    near = [s for s in positions(game, 3000, seed=8) if max(squares(s.board)) >= FINISH - 2
            and len(game.legal_moves(s)) > 1][:24]
    same = sum(decide(game, compiled, s, random.Random(i)) == decide(
        game, reference, s, random.Random(i)) for i, s in enumerate(near))
    assert len(near) == 24 and same >= 20


@pytest.mark.parametrize("players", [2, 5])
def test_a_compiled_game_replays_through_the_rules(players: int) -> None:
    game = Turtles(Variant(players=players))
    agents = [c.mcts(game, ("F", "20")), c.alphabeta(game, ("H",)), c.minimax(game, ("D", "3"))]
    rules = k.rules_of(game.variant)
    for g in range(6):
        record = np.full((400, 4), -2, np.int64)
        seats = [agents[(g + p) % 3] for p in range(players)]
        won = play_compiled(game, seats, f"7:{g}", record)
        dealt = seeded_deal(players, rules, random.Random(f"7:{g}").getrandbits(31))
        hands = dealt[k.HND:k.HND + players * 19].reshape(players, 19)
        colours = tuple(int(t) for t in dealt[k.COL:k.COL + players])
        held = tuple(tuple(k for k in range(19) for _ in range(hands[p, k]))
                     for p in range(players))
        state = game.apply(game.initial_state(), Deal(colours, held))
        for mover, card, turtle, drawn in record[record[:, 0] >= 0]:
            assert state.mover == mover
            assert (card, turtle) in game.legal_plays(game.view(state, int(mover)))
            state = game.play(state, (int(card), int(turtle)))
            if state.phase == DRAW:
                state = game.apply(state, int(drawn))
        assert game.is_terminal(state) and game.winners(state) == won


def test_the_compiled_agents_refuse_bad_parameters() -> None:
    game = Turtles()
    with pytest.raises(Exception, match="agent mcts: iterations 0: must be 1 to 100000"):
        c.mcts(game, ("H", "0"))
    with pytest.raises(Exception, match="agent alphabeta: depth 7: must be 1 to 6"):
        c.alphabeta(game, ("H", "7"))


def test_the_compiled_arena_plays_each_seat_s_epsilon() -> None:
    """With epsilon 1 every rollout play is random, so the rollouts' strategy cannot change a
    game; with epsilon 0 it does."""
    game = Turtles(Variant(players=2))

    def record(seed: str, strategy: str, *extra: str) -> list[list[int]]:
        rows = np.full((400, 4), -2, np.int64)
        agents = [c.mcts(game, (strategy, "30", *extra)), c.minimax(game, ("H",))]
        play_compiled(game, agents, seed, rows)
        return rows.tolist()

    seeds = [f"3:{g}" for g in range(3)]
    assert all(record(s, "H", "epsilon=1") == record(s, "F", "epsilon=1") for s in seeds)
    assert any(record(s, "H") != record(s, "F") for s in seeds)


def test_the_loop_s_mcts_plays_as_the_agent_s_search_from_the_same_generator() -> None:
    """The loop's MCTS is the agent's search: from the same deal and generator seed, the loop's
    first play is the compiled ISMCTS's choice from the first mover's observation."""
    game = Turtles(Variant(players=2))
    agent = c.mcts(game, ("H", "40"))
    rules = k.rules_of(game.variant)
    specs = np.array([agent.spec()] * 2, np.int64)
    for g in range(4):
        seed = random.Random(f"5:{g}").getrandbits(31)
        rows = np.full((1, 4), -2, np.int64)
        arena_loop(game)(2, rules, specs[:, 0].copy(), specs[:, 1].copy(), specs[:, 2].copy(),
                         specs[:, 3].copy(), np.zeros(2), -1.0, 0.5, seed,
                         random.Random(g).getrandbits(31), rows)
        o = k.observe(seeded_deal(2, rules, seed), 0)
        result = ismcts_compiled(game, k.game_kernels(game), o, 0, decode=c.play_decoded,
                                 iterations=40, seed=g,
                                 policy=Hook(strategy_policy, policy_params(2, 3, 0.0)))
        assert (int(rows[0, 1]), int(rows[0, 2])) == result.best_move


def test_agents_with_a_seconds_budget_play_outside_the_compiled_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled loop has no clock: it refuses a seconds budget, and the arena plays such
    an agent one decision at a time (the compiled loop still plays agents without one)."""
    game = Turtles(Variant(players=2))
    timed = [c.mcts(game, ("H", "20000", "seconds=0.001")), c.minimax(game, ("H",))]
    with pytest.raises(OptionError, match="seconds budget"):
        play_compiled(game, timed, "1")
    calls: list[str] = []
    loop = play_compiled

    def counted(*args: object, **kwargs: object) -> list[int]:
        calls.append("loop")
        return loop(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("zermelo.agents.turtles.arena.play_compiled", counted)
    assert arena.play_games(game, "mcts:H:20000:seconds=0.001", "minimax:H", range(2), 1)
    assert calls == []
    arena.play_games(game, "mcts:H:20", "minimax:H", range(2), 1)
    assert calls == ["loop", "loop"]


def test_chance_beyond_a_block_comes_from_the_seed_and_block_alone() -> None:
    """A game drawing more than :data:`DRAWS` cards gets fresh numbers, not the first ones
    again, whatever the agents' generator holds."""
    c.reseed(1)
    first = more_chance(5, 1)
    c.reseed(2)
    assert (more_chance(5, 1) == first).all()
    assert not (more_chance(5, 2) == first).any()
    assert not (more_chance(6, 1) == first).any()


class KernelResampled(Turtles):
    """The rules with the kernels' determinisation as their resampler (a state turned into its
    array, observed, determinised from the observation, and read back)."""

    def resample(self, state: TurtleState, player: int, rng: random.Random) -> TurtleState:
        c.reseed(rng.getrandbits(31))
        s = k.determinise(k.observe(k.pack(state), player), player, k.rules_of(self.variant))
        n = self.players
        stacks = [sorted((int(s[k.HT + t]), t) for t in range(5) if s[k.SQ + t] == square)
                  for square in range(10)]
        hands = s[k.HND:k.HND + n * 19].reshape(n, 19)
        return TurtleState(state.phase, int(s[k.MOV]), tuple(int(t) for t in s[k.COL:k.COL + n]),
                           tuple(tuple(card for card in range(19) for _ in range(hands[p, card]))
                                 for p in range(n)),
                           tuple(tuple(t for _, t in stack) for stack in stacks),
                           tuple(int(x) for x in s[k.PIL:k.PIL + 19]),
                           tuple(int(x) for x in s[k.DIS:k.DIS + 19]), state.played,
                           int(s[k.PAS]))


@pytest.mark.parametrize("players", [2, 4])
def test_kernel_determinisations_depend_on_the_observation_alone(players: int) -> None:
    """The conformance suite's resampling test on the kernels' determinisation: it keeps the
    observation, and each hidden part (an opponent's colour, an opponent's hand, the draw
    pile) follows one distribution whichever of two states with one observation it came from."""
    game = KernelResampled(Variant(players=players))
    rng = random.Random(players)
    pairs = []
    for state in positions(game, 40, seed=20 + players)[5::7]:
        other = Turtles.resample(game, state, state.mover, rng)
        if game.hidden_parts(other, state.mover) != game.hidden_parts(state, state.mover):
            pairs.append((state, other, state.mover))
    assert len(pairs) >= 4
    assert resampling_problems(game, pairs[:4], draws=500) == []
