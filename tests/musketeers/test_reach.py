"""Reachable-position counts against a plain breadth-first search over raw positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from zermelo.games.musketeers import Position, ThreeMusketeers
from zermelo.solvers.musketeers.indexing import Indexing, Variant
from zermelo.solvers.musketeers.reach import count_reachable


def breadth_first(game: ThreeMusketeers, start: Position) -> Counter[tuple[int, str]]:
    """Every position reachable from ``start``, counted per (enemies, side)."""
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for state in frontier:
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        frontier = following
    return Counter((s.enemy_count, "ME"[s.to_move]) for s in seen)


def counted(ix: Indexing, start: Position) -> Counter[tuple[int, str]]:
    return Counter({(r.enemies, r.side): r.positions for r in count_reachable(ix, start)
                    if r.positions})


@pytest.mark.parametrize(("width", "height", "musketeers", "start"),
                         [(3, 4, 3, None), (3, 4, 2, None), (3, 4, 3, ["a1", "a2", "b2"])])
def test_counts_from_the_start_equal_breadth_first_search(
        width: int, height: int, musketeers: int, start: list[str] | None) -> None:
    game = ThreeMusketeers(width, height, musketeers, start)
    ix = Indexing(Variant(width, height, musketeers))
    assert counted(ix, game.initial_state()) == breadth_first(game, game.initial_state())


@pytest.mark.parametrize(("width", "height", "enemies"), [(4, 4, 7), (5, 5, 5), (4, 5, 6)])
def test_counts_from_random_positions_equal_breadth_first_search(
        width: int, height: int, enemies: int) -> None:
    game = ThreeMusketeers(width, height)
    ix = Indexing(Variant(width, height, 3))
    rng = random.Random(width * 100 + enemies)
    for _ in range(6):
        squares = rng.sample(range(width * height), 3 + enemies)
        start = Position(sum(1 << s for s in squares[:3]), sum(1 << s for s in squares[3:]),
                         rng.randint(0, 1))
        assert counted(ix, start) == breadth_first(game, start), game.format_position(start)
