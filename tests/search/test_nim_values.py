"""Every search reproduces Bouton's nim-sum rule (the test game of the capstone report on Three
Musketeers).

The table-based exact searches (alpha-beta + TT, df-pn) run on every position with up to 4 piles
of up to 7. Plain minimax and alpha-beta have no memory: the tree below 7 7 7 7 has more than
10^14 nodes, so they run on every such position with at most 8 (minimax) or 10 (alpha-beta)
objects. Both sides to move are tried where it is cheap (the value does not depend on it, the
returns' indexing does). MCTS runs on a sample, with enough simulations to prove the value.
"""

from __future__ import annotations

import itertools
import random

import pytest

from zermelo.games.nim import Nim, NimState, nim_value
from zermelo.search import alphabeta, alphabeta_tt, dfpn, mcts, minimax
from zermelo.search.table import TranspositionTable

NORMAL, MISERE = Nim(), Nim(misere=True)

SORTED = [p for n in range(1, 5) for p in itertools.combinations_with_replacement(range(8), n)]
"""Every position with 1-4 piles of 0-7, piles in increasing order (494 positions)."""
ORDERED = [p for n in range(1, 5) for p in itertools.product(range(8), repeat=n)]
"""The same with the piles in every order (4,680 positions)."""


def check(search: object, game: Nim, positions: list[tuple[int, ...]],
          sides: tuple[int, ...] = (0, 1), **options: object) -> None:
    for piles in positions:
        for side in sides:
            state = NimState(piles, side)
            result = search(game, state, **options)  # type: ignore[operator]
            assert result.value == nim_value(piles, game.misere), (piles, side)
            assert result.exact
            if any(piles):
                # the best move keeps the value: the opponent is then lost, or we were lost anyway
                child = game.apply(state, result.best_move)
                if result.value > 0:
                    assert nim_value(child.piles, game.misere) == -1, piles


@pytest.mark.parametrize("game", [NORMAL, MISERE], ids=["normal", "misere"])
def test_alphabeta_tt_on_every_position_up_to_four_piles_of_seven(game: Nim) -> None:
    check(alphabeta_tt, game, SORTED)


def test_alphabeta_tt_with_a_shared_table_on_every_ordering_of_the_piles() -> None:
    table = TranspositionTable()
    for piles in ORDERED:
        result = alphabeta_tt(NORMAL, NimState(piles, 0), table=table)
        assert result.value == nim_value(piles), piles


def test_dfpn_on_every_position_up_to_four_piles_of_seven() -> None:
    check(dfpn, NORMAL, SORTED, sides=(0,))


def test_dfpn_misere() -> None:
    check(dfpn, MISERE, [p for p in SORTED if sum(p) <= 12])


@pytest.mark.parametrize("game", [NORMAL, MISERE], ids=["normal", "misere"])
def test_minimax_on_every_small_position(game: Nim) -> None:
    check(minimax, game, [p for p in SORTED if sum(p) <= 8])


@pytest.mark.parametrize("game", [NORMAL, MISERE], ids=["normal", "misere"])
def test_alphabeta_on_every_small_position(game: Nim) -> None:
    check(alphabeta, game, [p for p in SORTED if sum(p) <= 10], sides=(0,))


def test_minimax_and_alphabeta_on_piles_in_every_order() -> None:
    small = [p for p in ORDERED if sum(p) <= 6]
    check(minimax, NORMAL, small)
    check(alphabeta, NORMAL, small)


def test_mcts_proves_a_sample() -> None:
    rng = random.Random(4)
    sample = rng.sample([p for p in SORTED if 0 < sum(p) <= 9], 25)
    for piles in sample:
        state = NimState(piles, 0)
        result = mcts(NORMAL, state, iterations=20_000, seed=1)
        assert result.exact, piles
        assert result.value == nim_value(piles), piles


def test_depth_limited_search_uses_the_evaluation_at_the_horizon() -> None:
    state = NimState((1, 3, 5, 7), 0)

    def nim_sum_evaluation(game: object, s: NimState) -> float:
        return 0.5 * nim_value(s.piles)

    for search in (minimax, alphabeta, alphabeta_tt):
        result = search(NORMAL, state, depth=1, evaluate=nim_sum_evaluation)
        assert result.value == -0.5  # every move leaves a non-zero nim-sum to the opponent
        assert not result.exact
        assert result.stats.evaluations > 0
        assert result.stats.max_depth == 1
        winning = search(NORMAL, NimState((1, 3, 5), 0), depth=1, evaluate=nim_sum_evaluation)
        assert winning.value == 0.5
        assert nim_value(NORMAL.apply(NimState((1, 3, 5), 0), winning.best_move).piles) == -1
