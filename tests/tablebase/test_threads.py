"""Kernels shared among threads: every piece runs once, on a thread of its own number, errors
come back, and a build on one thread writes the bytes of a build on two."""

from __future__ import annotations

import threading
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zermelo.solvers.morris.database import Database as MorrisDatabase
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.tablebase.threads import cuts, spread, threads_for


def test_every_piece_runs_once_with_its_arguments_on_a_numbered_thread() -> None:
    seen: list[tuple[int, int, str]] = []
    names: dict[int, set[str]] = {}
    lock = threading.Lock()

    def work(thread: int, piece: int, tag: str) -> None:
        with lock:
            seen.append((thread, piece, tag))
            names.setdefault(thread, set()).add(threading.current_thread().name)

    spread(work, 50, "x")
    assert sorted(p for _, p, _ in seen) == list(range(50))
    assert {tag for _, _, tag in seen} == {"x"}
    assert set(names) <= set(range(threads_for(50)))
    assert all(len(n) == 1 for n in names.values())  # a number is one thread


def test_most_caps_the_threads_and_nothing_runs_for_no_piece() -> None:
    threads: set[int] = set()
    spread(lambda thread, piece: threads.add(thread), 20, most=1)
    assert threads == {0}
    spread(lambda thread, piece: threads.add(99), 0)
    assert threads == {0}
    assert threads_for(0) == 1 and threads_for(1) == 1


def test_an_error_in_a_piece_is_raised_and_the_other_pieces_stop() -> None:
    done: list[int] = []

    def work(thread: int, piece: int) -> None:
        if piece == 3:
            raise ValueError("piece 3")
        done.append(piece)

    with pytest.raises(ValueError, match="piece 3"):
        spread(work, 10_000)
    assert len(done) < 9_999
    spread(lambda thread, piece: done.append(-1), 4)  # the threads are still there
    assert done.count(-1) == 4


@given(st.lists(st.integers(0, 1000), max_size=60), st.integers(1, 40))
def test_cuts_cover_every_item_in_order_in_at_most_the_pieces_asked(
        sizes: list[int], pieces: int) -> None:
    cut = cuts(np.array(sizes, np.int64), pieces)
    assert cut[0] == 0 and cut[-1] == len(sizes)
    assert (np.diff(cut) > 0).all()
    assert len(cut) - 1 <= max(pieces, 1)


def test_cuts_balance_the_sizes() -> None:
    cut = cuts(np.ones(1000, np.int64), 8)
    assert list(np.diff(cut)) == [125] * 8


def test_one_thread_builds_the_bytes_of_two(tmp_path: Path) -> None:
    """The Three Musketeers and the Morris tables, whichever thread takes which piece."""
    two = numba.get_num_threads()
    built = {}
    for threads in sorted({1, two}):
        numba.set_num_threads(threads)
        try:
            root = tmp_path / str(threads)
            Database.build(Variant(3, 4, 3), root)
            MorrisDatabase.build(Geometry.of("three"), "full", root)
            built[threads] = {p.name: p.read_bytes() for p in sorted(root.rglob("*.bin"))}
        finally:
            numba.set_num_threads(two)
    assert len(built[1]) > 10
    assert built[1] == built[two]
