"""The perfect engine's choice among moves of equal value: it keeps the value, wins soonest, and
its measures agree with plain computations."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import cast

import pytest

from tests.morris.test_retrograde import brute_force
from zermelo.core.value import Value
from zermelo.games.morris.rules import PLAYERS, Morris, Move, Position
from zermelo.search.players import Player, RandomPlayer, play_match
from zermelo.solvers.morris.database import Database
from zermelo.solvers.morris.engine import search
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.perfect import PerfectPlayer, Tables
from zermelo.solvers.morris.tiebreak import (
    MODELLED,
    candidates,
    erring_share,
    modelled,
    most_errors,
    no_draw_claim,
    outcome,
    pressing,
)

GAME = Morris("three", move_limit=0, repetition=False)
"""Three Men's Morris without the draw rules, as the tables value it."""
CHOICES = {
    "random": ((), False),
    "share": ((no_draw_claim, most_errors), False),
    "press": ((no_draw_claim, pressing(2)), False),
    "model": ((no_draw_claim, modelled((1, 2)), most_errors), False),
    "modelled": (MODELLED, False),
    "wide": ((no_draw_claim, most_errors), True),
}


@cache
def truth() -> dict[Position, Value]:
    """Every reachable Three Men's Morris position valued from the rules alone."""
    return brute_force(GAME)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Tables:
    root: Path = tmp_path_factory.mktemp("three")
    Database.build(Geometry.of("three"), "full", root)
    return Tables(Geometry.of("three"), root)


def positions(count: int, seed: int) -> list[Position]:
    """Positions along random Three Men's Morris games (without draw-rule counters)."""
    rng, found = random.Random(seed), list[Position]()
    while len(found) < count:
        state = GAME.initial_state()
        while not GAME.is_terminal(state) and len(found) < count:
            found.append(Position(*state.plain))
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    return found


@pytest.mark.parametrize("name", list(CHOICES))
def test_the_choice_keeps_the_value_and_wins_soonest(tables: Tables, name: str) -> None:
    filters, widen = CHOICES[name]
    chosen_among = set[int]()  # the outcomes met with several candidates: the filters had work
    for index, state in enumerate(positions(150, seed=7)):
        player = PerfectPlayer(tables, index, filters, widen)
        move = cast(Move, player(GAME, state))
        mover = PLAYERS[state.side]
        value = truth()[state]
        if len(tables.analyze(state).best) > 1:
            chosen_among.add(outcome(value, mover))
        after = truth()[GAME.apply(state, move)]
        if widen and outcome(value, mover) < 0:
            assert outcome(after, mover) < 0  # any loss, never worse than losing
            continue
        assert after.for_player(mover) == max(truth()[GAME.apply(state, m)].for_player(mover)
                                              for m in GAME.legal_moves(state))
        if outcome(value, mover) > 0:
            assert value.plies is not None and after.plies == value.plies - 1  # soonest
    assert chosen_among == {-1, 0, 1}


def test_the_erring_share_counts_the_replies_that_change_the_outcome(tables: Tables) -> None:
    checked = 0
    for state in positions(300, seed=11):
        if GAME.is_terminal(state):
            continue
        mover = PLAYERS[state.side]
        for move in GAME.legal_moves(state):
            after = GAME.apply(state, move)
            replies = [truth()[GAME.apply(after, r)] for r in GAME.legal_moves(after)]
            now = truth()[after]
            better = {1: 0, 0: 1, -1: 2}[outcome(now, mover)]
            plain = sum({1: 0, 0: 1, -1: 2}[outcome(v, mover)] < better for v in replies)
            assert erring_share(GAME, tables.lookup, after, mover) == (
                plain / len(replies) if replies else 0.0)
            checked += bool(plain)
    assert checked > 10  # the sample has moves with erring replies


def stones(*names: str) -> int:
    """The Three Men's Morris bitboard of these points."""
    return sum(1 << GAME.board.names.index(n) for n in names)


def on_b2(p: Position) -> Value:
    """A made-up valuation: White wins once a Black stone stands on b2."""
    return Value.win("W") if p.black & stones("b2") else Value.draw()


def test_a_hand_made_share() -> None:
    # White a3 b3 c2, Black a1 c1 a2, Black to move: a1-b1, a1-b2, c1-b1, c1-b2, a2-b2, three
    # of the five onto b2.
    after = Position(stones("a3", "b3", "c2"), stones("a1", "c1", "a2"), 1, 0, 0)
    assert len(GAME.legal_moves(after)) == 5
    assert erring_share(GAME, on_b2, after, "W") == 3 / 5
    assert erring_share(GAME, on_b2, after, "B") == 0.0  # Black's own errors do not count


def test_the_draw_rules_are_avoided_when_drawing_and_taken_when_losing() -> None:
    game = Morris("three")
    state = Position(stones("a3", "b3", "c2"), stones("a1", "c1", "a2"), 0, 0, 0)
    moves = game.legal_moves(state)
    slide = moves[0]
    child = game.apply(state, slide).code
    met_twice = Position(*state.plain, history=(child, child))  # a third time draws
    assert game.end(game.apply(met_twice, slide)) == (None,
                                                     "draw: the position occurred three times")
    draw, loss = (lambda p: Value.draw()), (lambda p: Value.win("B"))
    assert no_draw_claim(game, draw, met_twice, moves) == moves[1:]
    assert no_draw_claim(game, loss, met_twice, moves) == [slide]
    once = Position(*state.plain, history=(child,))  # a second time: only less fresh
    assert no_draw_claim(game, draw, once, moves) == moves[1:]
    assert no_draw_claim(game, draw, state, moves) == moves


def test_the_models_keep_the_moves_whose_modelled_reply_errs(tables: Tables) -> None:
    kept_some = 0
    for state in positions(200, seed=5):
        mover = PLAYERS[state.side]
        moves = candidates(tables.analyze(state), mover)
        if len(moves) < 2:
            continue
        errs = {}
        for m in moves:  # plainly: each model's reply, valued by the rules alone
            after = GAME.apply(state, m)
            if GAME.is_terminal(after):
                errs[m] = 0
                continue
            now = outcome(truth()[after], mover)
            errs[m] = sum(outcome(truth()[GAME.apply(after, search(GAME, after, d, False).move)],
                                  mover) > now for d in (1, 2))
        top = max(errs.values())
        assert modelled((1, 2))(GAME, tables.lookup, state, moves) == [
            m for m in moves if errs[m] == top]
        kept_some += top > 0
    assert kept_some > 0  # some positions have a modelled error to prefer


def test_a_seed_replays_the_same_game(tables: Tables) -> None:
    game = Morris("three")
    games = []
    for _ in range(2):
        players: list[Player] = [PerfectPlayer(tables, 4), RandomPlayer(9)]
        games.append(play_match(game, players))
    assert games[0] == games[1]
