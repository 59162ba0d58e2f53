"""The conformance harness every registered game passes, through the game protocol only, in the
spirit of OpenSpiel's random simulation tests: playouts, legality, notation, chance, symmetry,
and for games with hidden information the observation and resampling invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

import numpy as np
import pytest

from tests.hidden_game import DECK, HighCard, LeakyHighCard, Table
from zermelo.core.errors import GameNotSupportedError, IllegalMoveError
from zermelo.core.game import CHANCE, Chance, Information, Utility
from zermelo.core.kernels import mover_of
from zermelo.games.registry import GAMES, AnyGame

VARIANTS: dict[str, list[dict[str, str]]] = {
    "musketeers": [{}, {"board": "4x4"}, {"board": "4x5", "start": "a1,a2,b2"},
                   {"musketeers": "2", "board": "3x4"}],
    "connect4": [{}, {"board": "5x4"}, {"board": "4x4", "k": "3"}, {"board": "9x6", "k": "5"}],
    "nim": [{}, {"piles": "3,4,5", "misere": "yes"}, {"piles": "0,2,7"}],
    "tictactoe": [{}, {"board": "4x4", "k": "3"}, {"board": "4x3", "k": "3"},
                  {"board": "5x5", "k": "4"}],
    "pig": [{"goal": "20"}, {"goal": "1"}],
    "morris": [{}, {"board": "variant23"}, {"board": "six", "flying": "yes"},
               {"board": "three", "move_limit": "0", "repetition": "no"}],
    "turtles": [{}, {"players": "5", "rainbow": "4+3-", "overshoot": "forbid"},
                {"players": "3", "stuck": "pass", "neutral": "continue", "reshuffle": "stop"}],
}


def _games() -> list[Any]:
    params = [pytest.param(HighCard(), id="highcard (test game)")]
    for name, entry in GAMES.items():
        for options in VARIANTS.get(name, [{}]):
            label = name + "".join(f"-{k}={v}" for k, v in options.items())
            params.append(pytest.param(entry.game(options), id=label))
    return params


GAME_PARAMS = _games()


def _playout_states(game: AnyGame, seed: int) -> list[Any]:
    return game.random_playout(game.initial_state(), random.Random(seed))


def _decision_states(game: AnyGame, seeds: range) -> list[Any]:
    """The non-terminal states of seeded playouts where a player (not chance) moves."""
    return [s for seed in seeds for s in _playout_states(game, seed)[:-1]
            if game.to_move(s) is not CHANCE]


def _listed_moves(game: AnyGame, state: Any) -> list[Any]:
    """The legal moves, none at a chance node whose outcomes are drawn rather than listed."""
    if game.to_move(state) is CHANCE and game.info.chance is Chance.SAMPLED:
        return []
    return game.legal_moves(state)


def test_every_registered_game_is_checked() -> None:
    assert set(VARIANTS) == set(GAMES)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_random_playouts_keep_invariants(game: AnyGame) -> None:
    info = game.info
    for seed in range(20):
        states = _playout_states(game, seed)
        assert info.max_game_length is None or len(states) - 1 <= info.max_game_length
        for state in states[:-1]:
            assert not game.is_terminal(state)
            assert game.winner(state) is None
            assert game.returns(state) == (0.0,) * info.num_players
            mover = game.to_move(state)
            assert mover is CHANCE or 0 <= mover < info.num_players
            if mover is not CHANCE:
                assert game.legal_moves(state), "a non-terminal state has moves"
        last = states[-1]
        assert game.is_terminal(last)
        assert game.legal_moves(last) == []
        returns = game.returns(last)
        assert len(returns) == info.num_players
        assert all(info.min_return <= r <= info.max_return for r in returns)
        if info.utility is Utility.ZERO_SUM:
            assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_chance_nodes_list_their_outcomes_with_probabilities_summing_to_one(
        game: AnyGame) -> None:
    chance_nodes = [s for seed in range(10) for s in _playout_states(game, seed)[:-1]
                    if game.to_move(s) is CHANCE]
    if game.info.chance is Chance.DETERMINISTIC:
        assert not chance_nodes
        return
    assert chance_nodes, "a game with chance meets chance nodes in its playouts"
    rng = random.Random(0)
    for state in chance_nodes:
        if game.info.chance is Chance.EXPLICIT:
            outcomes = game.chance_outcomes(state)
            assert all(p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)
            assert game.legal_moves(state) == [o for o, _ in outcomes]
        outcome = game.sample_chance(state, rng)
        assert game.is_legal(state, outcome)
        assert game.play(state, outcome) == game.apply(state, outcome)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_notation_round_trips(game: AnyGame) -> None:
    for seed in range(10):
        for state in _playout_states(game, seed):
            text = game.format_position(state)
            assert game.parse_position(text) == state
            for move in _listed_moves(game, state):
                assert game.parse_move(state, game.format_move(state, move)) == move


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_chance_refuses_outcomes_that_cannot_happen(game: AnyGame) -> None:
    """At a chance node a player's move or an unknown outcome is refused, one line each."""
    decisions = {m for s in _decision_states(game, range(3)) for m in game.legal_moves(s)}
    for seed in range(3):
        for state in _playout_states(game, seed):
            if game.to_move(state) is not CHANCE or game.is_terminal(state):
                continue
            for move in sorted(decisions, key=repr)[:6]:
                if game.is_legal(state, move):
                    continue  # a move that is also an outcome here
                with pytest.raises(IllegalMoveError) as caught:
                    game.play(state, move)
                assert "\n" not in str(caught.value)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_apply_equals_play_on_every_legal_move(game: AnyGame) -> None:
    for state in _decision_states(game, range(3)):
        for move in game.legal_moves(state):
            assert game.play(state, move) == game.apply(state, move)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_play_refuses_moves_that_are_not_legal(game: AnyGame) -> None:
    """Moves legal somewhere in the game but not here are refused in every non-terminal state
    (with a one-line IllegalMoveError), and any move is refused once the game is over."""
    states = _decision_states(game, range(4))
    seen = {m for s in states for m in game.legal_moves(s)}
    refused = 0
    for state in states:
        legal = set(game.legal_moves(state))
        for move in sorted(seen - legal, key=repr)[:8]:
            with pytest.raises(IllegalMoveError) as caught:
                game.play(state, move)
            assert "\n" not in str(caught.value)
            refused += 1
    assert refused or len(seen) == 1, "some move is legal in one state and not in another"
    some_move = next(iter(seen))
    for seed in range(3):
        with pytest.raises(IllegalMoveError):
            game.play(_playout_states(game, seed)[-1], some_move)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_observations_are_hashable_and_follow_the_state(game: AnyGame) -> None:
    """A player's information key decides what that player may do: two states the mover
    cannot tell apart have the same legal moves (a search keyed by information sets relies
    on it); a perfect-information observation is the whole state."""
    moves_by_key: dict[Any, list[Any]] = {}
    for seed in range(5):
        for state in _playout_states(game, seed):
            for player in range(game.info.num_players):
                seen = game.observation(state, player)
                assert seen == game.observation(state, player)
                hash(seen)
                assert isinstance(game.observation_text(state, player), str)
                if game.info.information is Information.PERFECT:
                    assert game.resample(state, player, random.Random(0)) == state
            mover = game.to_move(state)
            if mover is not CHANCE and not game.is_terminal(state):
                key = (mover, game.information_key(state, mover))
                moves = sorted(map(repr, game.legal_moves(state)))
                assert moves_by_key.setdefault(key, moves) == moves
    with pytest.raises(GameNotSupportedError):
        game.observation(game.initial_state(), game.info.num_players)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_symmetries_map_moves_and_keep_values(game: AnyGame) -> None:
    for seed in range(5):
        for state in _playout_states(game, seed):
            key = game.key(state)
            for sym in range(game.num_symmetries):
                image = game.transform(state, sym)
                assert game.key(image) == key
                assert game.is_terminal(image) == game.is_terminal(state)
                assert game.returns(image) == game.returns(state)
                mapped = {game.transform_move(m, sym) for m in _listed_moves(game, state)}
                assert mapped == set(_listed_moves(game, image))


# -- hidden information ------------------------------------------------------------------------

Z_1E4 = 3.719
"""The standard normal value exceeded with probability 1e-4."""


def chi2_exceeds(chi2: float, df: int) -> bool:
    """Whether a chi-square statistic with ``df`` degrees of freedom is improbably large
    (p < 1e-4), by the Wilson-Hilferty normal approximation."""
    if df < 1:
        return False
    z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / (2 / (9 * df)) ** 0.5
    return z > Z_1E4


def resampling_problems(game: AnyGame, pairs: list[tuple[Any, Any, int]],
                        draws: int = 2000) -> list[str]:
    """What is wrong with ``game.resample`` on ``pairs`` of states that ``player`` cannot tell
    apart but whose hidden parts differ: the observation must be kept, and each hidden part
    (:meth:`~zermelo.core.game.Game.hidden_parts`) drawn from the two states must follow one
    distribution (a chi-square test of homogeneity at p = 1e-4 per part)."""
    parts_of = game.hidden_parts
    problems = []
    rng = random.Random(1)
    for first, second, player in pairs:
        assert game.observation(first, player) == game.observation(second, player)
        assert parts_of(first, player) != parts_of(second, player)
        counts: list[list[Counter[Hashable]]] = []
        for state in (first, second):
            drawn = [game.resample(state, player, rng) for _ in range(draws)]
            if any(game.observation(d, player) != game.observation(state, player)
                   for d in drawn):
                problems.append("a resampled state changes the observation")
            counts.append([Counter(parts) for parts in
                           zip(*(parts_of(d, player) for d in drawn), strict=True)])
        for part, (one, two) in enumerate(zip(*counts, strict=True)):
            values = set(one) | set(two)
            chi2 = sum((count[v] - (one[v] + two[v]) / 2) ** 2 / ((one[v] + two[v]) / 2)
                       for v in values for count in (one, two))
            if chi2_exceeds(chi2, len(values) - 1):
                problems.append(f"the resampled hidden part {part} depends on the true one "
                                f"(chi-square {chi2:.1f} over {len(values)} values)")
    return problems


def _card_pairs() -> list[tuple[Table, Table, int]]:
    """For each player and card, two deals that differ only in the other player's card."""
    pairs = []
    for player in (0, 1):
        for own in DECK:
            a, b = [c for c in DECK if c != own][:2]
            for actions in ((), ("bet",)):
                deals = [(own, o) if player == 0 else (o, own) for o in (a, b)]
                pairs.append((Table(deals[0], actions), Table(deals[1], actions), player))
    return pairs


def test_resampling_keeps_the_observation_and_forgets_the_hidden_cards() -> None:
    assert resampling_problems(HighCard(), _card_pairs()) == []


def test_a_resampler_that_keeps_the_true_hidden_card_is_caught() -> None:
    problems = resampling_problems(LeakyHighCard(), _card_pairs())
    assert len(problems) == len(_card_pairs())
    assert all("depends on the true one" in p for p in problems)


def test_the_chi_square_threshold() -> None:
    assert not chi2_exceeds(3.0, 3) and chi2_exceeds(25.0, 3)  # 21.1 is p = 1e-4 at 3 df
    assert not chi2_exceeds(60.0, 30) and chi2_exceeds(80.0, 30)  # 66.6 at 30 df


KERNELS = [p for p in GAME_PARAMS if p.values[0].info.name in GAMES
           and GAMES[p.values[0].info.name].kernels is not None]


@pytest.mark.parametrize("game", KERNELS)
def test_compiled_kernels_agree_with_the_rules(game: AnyGame) -> None:
    """Random games of the rules replayed through the kernels the game declares
    (docs/protocol.md, section 12): the same player to move, legal moves in the same order, the
    same state array after every move and outcome, the same returns; a kernel's chance outcome
    is legal; the observation array is the rules' observation packed, so a determinisation
    drawn from it depends on the observation alone, and it keeps the observation."""
    k = GAMES[game.info.name].compiled(game)
    assert k is not None
    n, rules, rng = game.info.num_players, k.rules, random.Random(4)
    out, returns = np.empty(k.max_moves, np.int64), np.empty(n)
    for _ in range(12):
        state = game.initial_state()
        while True:
            s = k.pack(state)
            mover = game.to_move(state)
            assert mover_of(k.to_move(s, rules)) == mover
            assert k.returns(s, rules, returns) == game.is_terminal(state)
            if game.is_terminal(state):
                assert tuple(returns) == pytest.approx(game.returns(state))
                break
            if mover is CHANCE:
                drawn = s.copy()
                code = k.chance(drawn, rules)
                if code >= 0:
                    assert game.is_legal(state, k.decode(state, code))
                    assert (drawn == k.pack(game.apply(state, k.decode(state, code)))).all()
                move = game.sample_chance(state, rng)
            else:
                count = k.legal(s, rules, out)
                assert [k.decode(state, int(c)) for c in out[:count]] == game.legal_moves(state)
                for p in range(n) if k.observe is not None else ():
                    seen = k.observe(s, p)
                    assert (seen == k.pack_observation(game.observation(state, p))).all()
                    assert (k.observe(k.determinise(seen, rules), p) == seen).all()
                move = rng.choice(game.legal_moves(state))
            code = k.encode(state, move)
            state = game.apply(state, move)
            if code is not None:
                k.play(s, rules, code)
                assert (s == k.pack(state)).all()


def _resampled_pairs(game: AnyGame, draws: int = 50) -> list[tuple[Any, Any, int]]:
    """Pairs of states a player cannot tell apart, found by resampling states of playouts."""
    rng = random.Random(2)
    pairs = []
    for state in _decision_states(game, range(3))[:20]:
        for player in range(game.info.num_players):
            other = next((r for r in (game.resample(state, player, rng) for _ in range(draws))
                          if r != state), None)
            if other is not None:
                pairs.append((state, other, player))
    return pairs


HIDDEN = [p for p in GAME_PARAMS if p.values[0].info.information is Information.IMPERFECT]


@pytest.mark.parametrize("game", HIDDEN)
def test_games_with_hidden_information_resample_soundly(game: AnyGame) -> None:
    """Every game that declares hidden information (the test game and any registered one):
    states it resamples to are told apart from the originals by no observation, and the
    resampled states do not depend on which of two indistinguishable states they came from."""
    pairs = _resampled_pairs(game)
    assert pairs, "resampling draws other states consistent with the observation"
    assert resampling_problems(game, pairs[:10], draws=500) == []
