"""The retrograde solver against a plain fixpoint on random game graphs with cycles and exits."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import DataError
from zermelo.tablebase.retrograde import (
    DRAW,
    MAX_PLIES,
    NONE,
    Checkpoint,
    GraphMoves,
    _decided,
    _next_decided,
    describe,
    solve_unit,
)

Graph = tuple[list[list[int]], list[int | None]]


def oracle(children: list[list[int]], exits: list[int | None]) -> list[int]:
    """Codes by horizon: in round k a position is won if a move reaches a position lost within
    k - 1 plies, lost if every move reaches a position won within k - 1 plies, until a round
    decides nothing; an exit is a child whose code is given (None: no exit)."""
    n = len(children)
    dist: list[int | None] = [None] * n
    last_exit = max((e for e in exits if e is not None), default=0)
    k = 0
    while True:
        new = list(dist)
        for u in range(n):
            if dist[u] is not None:
                continue
            exit_ = exits[u]
            out = [] if exit_ is None or exit_ == DRAW else [exit_ - 1]
            seen = [d for d in (dist[c] for c in children[u]) if d is not None]
            seen += [d for d in out if d < k]
            total = len(children[u]) + (exit_ is not None)
            won = any(d % 2 == 0 for d in seen)
            if won or (len(seen) == total and all(d % 2 == 1 for d in seen)):
                new[u] = k
        if new == dist and k > last_exit:  # nothing new, and no exit still to come
            break
        dist = new
        k += 1
    return [0 if d is None else d + 1 for d in dist]


def solve(children: list[list[int]], exits: list[int | None]) -> list[int]:
    """The solver's codes, with the exits turned into the parent's view (one ply further)."""
    exit_code = [NONE if e is None else (DRAW if e == DRAW else e + 1) for e in exits]
    return [int(c) for c in solve_unit(GraphMoves(children, exit_code))]


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    n = draw(st.integers(1, 14))
    children = [draw(st.lists(st.integers(0, n - 1), max_size=4)) for _ in range(n)]
    exits = [draw(st.one_of(st.none(), st.just(DRAW), st.integers(1, 12))) for _ in range(n)]
    return children, exits


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_random_graphs_with_cycles_and_exits_match_the_fixpoint(graph: Graph) -> None:
    children, exits = graph
    assert solve(children, exits) == oracle(children, exits)


def test_a_cycle_with_an_escape_is_won_by_leaving_it_at_the_right_time() -> None:
    # 0 <-> 1 forever, but 1 may also move to 2, which has no move: 1 wins in 1, 0 loses in 2
    assert [describe(c) for c in solve([[1], [0, 2], []], [None] * 3)] == [
        (-1, 2), (1, 1), (-1, 0)]


def test_a_loser_delays_through_its_slowest_exit() -> None:
    # 0 moves to 1, which has no move: 0 wins in 1. 2 moves to 0 (lost in 2) or leaves to a
    # position whose mover wins in 7 plies (code 8): 2 loses either way, and slowest in 8
    codes = solve([[1], [], [0]], [None, None, 8])
    assert [describe(c) for c in codes] == [(1, 1), (-1, 0), (-1, 8)]


def test_a_distance_too_long_for_a_byte_is_refused() -> None:
    n = MAX_PLIES + 3  # a chain 0 -> 1 -> ... -> n-1 with no move at the end
    with pytest.raises(DataError, match="beyond"):
        solve([[u + 1] for u in range(n - 1)] + [[]], [None] * n)


def test_an_inconsistent_graph_is_refused() -> None:
    with pytest.raises(DataError, match="positions"):
        GraphMoves([[3], [], []], [NONE] * 3)


class Killed(Exception):
    """Stands for a build killed between two pieces of its work."""


def test_a_solve_goes_on_from_its_checkpoint_to_the_same_codes(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    # a chain long enough for many levels beside a cycle, saved after every level
    n = 60
    children = [[u + 1] for u in range(n - 3)] + [[], [n - 1], [n - 2]]
    graph = GraphMoves(children, [NONE] * n)
    expected = solve_unit(graph)
    monkeypatch.setattr("zermelo.tablebase.retrograde.CHECKPOINT_SECONDS", -1.0)
    calls = 0

    def dying(targets: np.ndarray, counts: np.ndarray, preds: np.ndarray) -> None:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise Killed
        GraphMoves.backward(graph, targets, counts, preds)

    monkeypatch.setattr(graph, "backward", dying)
    checkpoint = Checkpoint(tmp_path / "work")
    with pytest.raises(Killed):
        solve_unit(graph, checkpoint=checkpoint)
    assert checkpoint.load(n) is not None
    assert np.array_equal(solve_unit(graph, checkpoint=checkpoint), expected)
    assert not (tmp_path / "work").exists()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 0, 1, 2, 255]), max_size=80), st.integers(0, 255),
       st.integers(0, 90), st.integers(1, 20))
def test_the_scan_for_decided_positions_reads_eight_codes_at_once_as_one_by_one(
        codes: list[int], target: int, lo: int, room: int) -> None:
    """The word-at-a-time scan returns the positions and the stop a byte-by-byte scan does."""
    code = np.array(codes, np.uint8)
    out = np.zeros(room, np.int64)
    found = [u for u in range(lo, len(codes)) if codes[u] == target][:room]
    stop = found[-1] + 1 if len(found) == room else max(lo, len(codes))
    k, at = _decided(code, target, lo, out)
    assert (k, at, out[:k].tolist()) == (len(found), stop, found)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 1, 2]), max_size=120), st.integers(1, 4),
       st.integers(1, 8))
def test_the_parts_scan_finds_every_decided_position_once(codes: list[int], parts: int,
                                                          room: int) -> None:
    """Scanning in ``parts`` ranges at once, a share of the buffer each, finds every position
    of the code exactly once, however small the buffer."""
    code = np.array(codes, np.uint8)
    n = code.size
    at = np.array([n * t // parts for t in range(parts)], np.int64)
    ends = np.array([n * (t + 1) // parts for t in range(parts)], np.int64)
    scan, found = np.zeros(room * parts, np.int64), np.zeros(parts, np.int64)
    seen: list[int] = []
    while (at < ends).any():
        seen += _next_decided(code, 1, at, ends, scan, found).tolist()
    assert sorted(seen) == [u for u in range(n) if codes[u] == 1]
