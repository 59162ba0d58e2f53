"""``perfect`` and ``swindle`` on the 4x4 Three Musketeers database."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from zermelo.core.value import Value
from zermelo.engines import create_engine
from zermelo.games.musketeers.rules import SIDES, Position
from zermelo.search.players import RandomPlayer, play_match
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.engine import PerfectPlayer, SwindlePlayer


def sample_positions(db: Database, count: int, seed: int) -> list[Position]:
    """Unfinished positions met along random games from the start."""
    rng, game = random.Random(seed), db.game
    found: list[Position] = []
    while len(found) < count:
        states = game.random_playout(game.initial_state(), rng)
        found.extend(s for s in states[:-1] if not game.is_terminal(s))
    return found[:count]


def test_perfect_keeps_the_database_result_one_ply_closer(database: Database) -> None:
    engine = PerfectPlayer(database, seed=5)
    game = database.game
    for state in sample_positions(database, 300, seed=1):
        before = database.lookup(state)
        after = database.lookup(game.play(state, engine(game, state)))
        assert after == Value.win(before.player, before.plies - 1)


def test_perfect_against_itself_ends_exactly_as_the_database_says(database: Database) -> None:
    game = database.game
    for state in sample_positions(database, 40, seed=2):
        result = database.lookup(state)
        states = play_match(game, [PerfectPlayer(database, 1), PerfectPlayer(database, 2)],
                            state)
        assert len(states) - 1 == result.plies
        assert SIDES[game.winner(states[-1])] == result.player  # type: ignore[index]


def test_perfect_choices_are_seedable_and_vary(database: Database) -> None:
    game = database.game
    state = game.initial_state()
    picks = {seed: PerfectPlayer(database, seed)(game, state) for seed in range(12)}
    assert picks == {seed: PerfectPlayer(database, seed)(game, state) for seed in range(12)}
    assert len(set(picks.values())) > 1
    assert set(picks.values()) <= set(database.best_moves(state))


def test_swindle_plays_perfectly_when_winning(database: Database) -> None:
    game = database.game
    engine = SwindlePlayer(database, seed=3)
    for state in sample_positions(database, 300, seed=3):
        if database.lookup(state).player == SIDES[state.to_move]:
            assert engine(game, state) in database.best_moves(state)


def handed_back(database: Database, state: Position, side: int) -> float:
    """The share of the replies in ``state`` after which ``side`` wins, by analysis."""
    replies = database.analyze(state)
    return sum(r.player == SIDES[side] for _, r in replies) / len(replies) if replies else 0.0


def test_swindle_loses_slowest_and_maximises_the_opponents_mistakes(database: Database
                                                                     ) -> None:
    game = database.game
    engine = SwindlePlayer(database, seed=4)
    checked = 0
    for state in sample_positions(database, 300, seed=4):
        side = state.to_move
        if database.lookup(state).player == SIDES[side]:
            continue
        move = engine(game, state)
        assert move in database.best_moves(state)
        shares = {m: handed_back(database, game.apply(state, m), side)
                  for m in database.best_moves(state)}
        assert shares[move] == max(shares.values())
        checked += 1
    assert checked > 20


def lost_starts(database: Database, count: int) -> list[Position]:
    """Positions whose side to move loses with perfect play, from random games."""
    return [s for s in sample_positions(database, 4 * count, seed=6)
            if database.lookup(s).player != SIDES[s.to_move]][:count]


def wins_from_lost_starts(database: Database, engine: PerfectPlayer,
                          starts: list[Position]) -> int:
    """How many of ``starts`` ``engine`` (the side to move) wins against a random mover."""
    game, wins = database.game, 0
    for seed, state in enumerate(starts):
        players: list[Any] = [engine, engine]
        players[1 - state.to_move] = RandomPlayer(seed)
        final = play_match(game, players, state)[-1]
        wins += game.winner(final) == state.to_move
    return wins


def test_swindle_turns_lost_starts_into_wins_at_least_as_often_as_perfect(database: Database
                                                                          ) -> None:
    starts = lost_starts(database, 200)
    assert len(starts) == 200
    perfect = wins_from_lost_starts(database, PerfectPlayer(database, 0), starts)
    swindle = wins_from_lost_starts(database, SwindlePlayer(database, 0), starts)
    assert swindle >= perfect


@pytest.mark.parametrize("spec", ["perfect", "swindle", "swindle:2"])
def test_database_engines_by_name(db_root: Path, database: Database, spec: str) -> None:
    game = database.game
    engine = create_engine(spec, game, seed=0, data=db_root)
    assert engine(game, game.initial_state()) in game.legal_moves(game.initial_state())


def test_a_missing_database_is_a_one_line_error(tmp_path: Path, database: Database) -> None:
    with pytest.raises(ValueError, match=r"^database: no 4x4 database") as caught:
        create_engine("perfect", database.game, data=tmp_path)
    assert "\n" not in str(caught.value)
