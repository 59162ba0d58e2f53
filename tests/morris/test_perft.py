"""The compiled move generation and perft against the Python rules (move for move on random
games of every board), and perft from the start against OpenSpiel's counts."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from zermelo.games.morris import BOARDS, Morris, Move, Position
from zermelo.games.morris.kernels import MAX_MOVES, decode, generate, perft_of, tables
from zermelo.games.morris.rules import perft

VARIANTS = [Morris(b, move_limit=0, repetition=False) for b in BOARDS] + [
    Morris("six", flying=True, move_limit=0, repetition=False),
    Morris("standard", flying=False, move_limit=0, repetition=False)]
IDS = [f"{g.board.name}-{'flying' if g.flying else 'grounded'}" for g in VARIANTS]


def kernel_moves(game: Morris, state: Position) -> list[Move]:
    out = np.zeros(MAX_MOVES, dtype=np.int64)
    own, opp = state.stones(state.side), state.stones(1 - state.side)
    n = generate(np.int64(own), np.int64(opp), state.hand(state.side), game.flying,
                 tables(game.board), out)
    return [Move(*(int(x) for x in decode(m))) for m in out[:n]]


def random_states(game: Morris, games: int) -> list[Position]:
    return [s for seed in range(games)
            for s in game.random_playout(game.initial_state(), random.Random(seed))]


@pytest.mark.parametrize("game", VARIANTS, ids=IDS)
def test_compiled_moves_equal_the_rules_move_for_move(game: Morris) -> None:
    for state in random_states(game, 6):
        assert kernel_moves(game, state) == game.moves_of(state)


@pytest.mark.parametrize("game", VARIANTS, ids=IDS)
@pytest.mark.parametrize("split", [False, True])
def test_compiled_perft_equals_the_rules(game: Morris, split: bool) -> None:
    states = random_states(game, 2)
    for state in random.Random(1).sample(states, 6):
        for depth in (1, 2, 3):
            assert perft_of(game.board, state.plain, depth, split, game.flying) == perft(
                game, state, depth, split)


def openspiel_layers(start: Any, depth: int) -> list[int]:
    """How many action sequences of each length up to ``depth`` OpenSpiel plays from
    ``start``, counted by expanding every state of one length into the next."""
    layer, sizes = [start], [1]
    for _ in range(depth):
        nxt = []
        for state in layer:
            for action in [] if state.is_terminal() else state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                nxt.append(child)
        layer = nxt
        sizes.append(len(layer))
    return sizes


def test_split_perft_from_the_start_equals_openspiel() -> None:
    """Depths 1-3 counted by OpenSpiel here; 4-5 as OpenSpiel's nine_mens_morris counts them
    (24, 552, 12144, 255024, 5100480), too slow to count here every run."""
    pyspiel = pytest.importorskip("pyspiel")
    start = pyspiel.load_game("nine_mens_morris").new_initial_state()
    game = Morris(move_limit=0, repetition=False)
    ours = [perft_of(game.board, game.initial_state().plain, d, True, True) for d in range(6)]
    assert ours[:4] == openspiel_layers(start, 3)
    assert ours[4:] == [255024, 5100480]


def test_without_split_a_mill_and_its_removal_are_one_ply() -> None:
    game = Morris(move_limit=0, repetition=False)
    start = game.initial_state().plain
    split = [perft_of(game.board, start, d, True, True) for d in range(1, 6)]
    whole = [perft_of(game.board, start, d, False, True) for d in range(1, 6)]
    assert whole[:4] == split[:4]  # no mill before White's third stone (ply 5)
    assert whole[4] > split[4]  # a ply-5 mill counts once per stone it may remove
