"""The opening book: its scores agree with minimax and with each other, and the solver using
it gives the same answers."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from tests.connect4.test_solver import minimax_scorer
from zermelo.games.connect4 import Board, ConnectFour
from zermelo.solvers.connect4.book import OpeningBook
from zermelo.solvers.connect4.builder import build_book, positions_up_to
from zermelo.solvers.connect4.solver import Solver, win_score


@pytest.fixture(scope="module")
def small() -> tuple[ConnectFour, OpeningBook]:
    game = ConnectFour(4, 4, 3)
    return game, build_book(game, 5)


def test_book_scores_are_minimax_scores(small: tuple[ConnectFour, OpeningBook]) -> None:
    game, book = small
    oracle = minimax_scorer(game)
    layers = positions_up_to(game, book.depth)
    assert len(book) == sum(len(layer) for layer in layers)
    for layer in layers:
        for state in layer:
            assert book.score(state) == oracle(state), state.moves


def test_book_is_consistent_with_its_own_children(small: tuple[ConnectFour,
                                                               OpeningBook]) -> None:
    game, book = small
    for layer in positions_up_to(game, book.depth - 1):
        for state in layer:
            values = []
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                child_score = book.score(child)
                if child.won:
                    values.append(win_score(game.board.cells, state.count))
                else:
                    assert child_score is not None
                    values.append(-child_score)
            assert book.score(state) == max(values), state.moves


def test_solver_with_the_book_agrees_without_it(small: tuple[ConnectFour, OpeningBook],
                                                tmp_path: Path) -> None:
    game, book = small
    path = tmp_path / "book.npz"
    book.save(path)
    loaded = OpeningBook.load(path, game.board)
    with_book, without = Solver(game, book=loaded), Solver(game)
    assert with_book.solve(game.initial_state()) == without.solve(game.initial_state())
    assert with_book.nodes <= 2
    rng = random.Random(2)
    for _ in range(20):
        for state in game.random_playout(game.initial_state(), rng)[:8]:
            assert with_book.analyze(state) == without.analyze(state)
    with pytest.raises(ValueError, match="a book for 4x4 k=3, not 5x4 k=3"):
        OpeningBook.load(path, Board(5, 4, 3))


def test_solvers_in_threads_build_the_same_book(small: tuple[ConnectFour, OpeningBook]) -> None:
    game, book = small
    again = build_book(game, book.depth, jobs=3, table_size=2 * 1009)
    assert np.array_equal(again.keys, book.keys)
    assert np.array_equal(again.scores, book.scores)
