"""The engine's book: every position the engine can meet is in it, its moves keep the minimax
score, a build resumes without solving again, a broken file is refused, and the perfect engine
plays from it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from tests.connect4.test_solver import minimax_scorer
from zermelo.core.errors import DataError, OptionError
from zermelo.games.connect4 import ConnectFour, Position
from zermelo.solvers.connect4 import engine_book
from zermelo.solvers.connect4.engine import SolverPlayer
from zermelo.solvers.connect4.engine_book import EngineBook
from zermelo.solvers.connect4.solver import Solver, win_score

GAME = ConnectFour(5, 4, 3)
DEPTH = 6


@pytest.fixture(scope="module")
def book() -> EngineBook:
    return engine_book.build(GAME, DEPTH, jobs=2)


def met(game: ConnectFour, book: EngineBook, state: Position, engine: int) -> list[Position]:
    """Every position of up to the book's depth where ``engine`` (0 or 1) is to move, when it
    plays the book's moves and the opponent plays anything, from ``state`` on."""
    if game.is_terminal(state) or state.count > book.depth:
        return []
    if game.to_move(state) != engine:
        return [p for m in game.legal_moves(state) for p in met(game, book, game.apply(state, m),
                                                                  engine)]
    found = book.entry(state)
    assert found is not None, f"{state.moves or 'the empty board'} is not in the book"
    return [state, *met(game, book, game.apply(state, found[0]), engine)]


def test_every_position_the_engine_meets_is_there_with_a_best_move(book: EngineBook) -> None:
    oracle = minimax_scorer(GAME)
    positions = [p for engine in (0, 1) for p in met(GAME, book, GAME.initial_state(), engine)]
    keys = {engine_book.game_key(GAME.board, p) for p in positions}
    assert len(keys) == len(book) > 50
    for state in positions:
        column, score = book.entry(state)  # type: ignore[misc]
        assert score == oracle(state), state.moves
        after = GAME.apply(state, column)
        kept = win_score(GAME.board.cells, state.count) if after.won else -oracle(after)
        assert kept == score, (state.moves, column)


def test_the_move_follows_the_mirror_image(book: EngineBook) -> None:
    state = GAME.parse_position("1")
    mirror = GAME.parse_position("5")
    column, score = book.entry(state)  # type: ignore[misc]
    assert book.entry(mirror) == (GAME.board.width - 1 - column, score)


def test_a_build_resumes_without_solving_again(book: EngineBook, tmp_path: Path) -> None:
    path = tmp_path / "engine.npz"
    solved: list[int] = []
    engine_book.build(GAME, 3, save=lambda b: b.save(path),
                      progress=lambda stones, done, total: solved.append(stones))
    first = len(solved)
    resumed = engine_book.build(GAME, DEPTH, resume=EngineBook.load(path, GAME.board),
                                progress=lambda stones, done, total: solved.append(stones))
    assert min(solved[first:]) == 4  # levels 0-3 came from the file
    assert np.array_equal(resumed.keys, book.keys) and np.array_equal(resumed.moves, book.moves)
    assert np.array_equal(resumed.scores, book.scores) and resumed.depth == book.depth


@pytest.mark.parametrize("damage", ["flip", "truncate", "board", "strings"])
def test_a_broken_book_is_refused_naming_the_file(book: EngineBook, tmp_path: Path,
                                                   damage: str) -> None:
    path = tmp_path / "engine.npz"
    book.save(path)
    if damage == "board":
        with pytest.raises(DataError, match="a book for 5x4 k=3"):
            EngineBook.load(path, ConnectFour().board)
        return
    if damage == "strings":  # well-formed archive, arrays of text
        np.savez(path, board=np.array([5, 4, 3, 2]), checksum=np.array([0]),
                 keys=np.array(["x"]), moves=np.array(["y"]), scores=np.array(["z"]))
        with pytest.raises(DataError, match="not integers"):
            EngineBook.load(path, GAME.board)
        return
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0xFF
    else:
        del data[len(data) // 2:]
    path.write_bytes(bytes(data))
    with pytest.raises(DataError, match=str(path)):
        EngineBook.load(path, GAME.board)


def test_the_engine_plays_the_book_then_solves(book: EngineBook) -> None:
    player = SolverPlayer(Solver(GAME), seed=1, book=book)
    state = GAME.initial_state()
    assert player(GAME, state) == book.entry(state)[0]  # type: ignore[index]
    assert player.last is not None and player.last.algorithm == "book"
    deep = GAME.parse_position("1234512")
    assert deep.count > book.depth
    player(GAME, deep)
    assert player.last is not None and player.last.algorithm == "strong" and player.last.exact


def test_options_out_of_range_are_refused() -> None:
    with pytest.raises(OptionError):
        engine_book.build(GAME, -1)
    with pytest.raises(OptionError):
        engine_book.build(GAME, 2, jobs=0)


def test_the_shipped_book_covers_the_engine_and_its_deepest_moves_keep_the_score() -> None:
    game = ConnectFour()
    book = EngineBook.load(engine_book.shipped_path(game.board), game.board)
    assert book.depth >= 8
    solver, rng = Solver(game), random.Random(5)
    for engine in (0, 1):  # one random line of play to the book's end for each side
        state = game.initial_state()
        while state.count <= book.depth and not game.is_terminal(state):
            if game.to_move(state) != engine:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                continue
            found = book.entry(state)
            assert found is not None, state.moves
            last = state
            state = game.apply(state, found[0])
        column, score = book.entry(last)  # type: ignore[misc]
        assert solver.solve(last) == score, last.moves
        assert solver.at_most(game.apply(last, column), -score), last.moves


def test_a_broken_book_in_the_data_directory_is_passed_over_for_the_shipped_one(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from zermelo.solvers.connect4.engine import engine_book_for

    game = ConnectFour()
    engine_book.default_path(game.board, tmp_path).write_bytes(b"junk")
    book = engine_book_for(game, tmp_path)
    assert book is not None and book.depth >= 8  # the shipped one
    assert "not a Connect Four book" in caplog.text and "passed over" in caplog.text


def test_a_shipped_book_is_read_only_with_the_sha256_the_package_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
        ) -> None:
    """A forged book, its own checksum recomputed, at the shipped book's place is refused."""
    from zermelo.solvers.connect4.engine import engine_book_for

    game = ConnectFour()
    shipped = engine_book.shipped_path(game.board)
    engine_book.check_shipped(shipped)  # the real one passes
    real = EngineBook.load(shipped, game.board)
    forged = tmp_path / shipped.name
    EngineBook(real.board, real.depth, real.keys, real.moves, -real.scores).save(forged)
    assert EngineBook.load(forged, game.board).depth == real.depth  # its checksum agrees
    with pytest.raises(DataError, match="not the book this package shipped"):
        engine_book.check_shipped(forged)
    monkeypatch.setattr(engine_book, "shipped_path", lambda board: forged)
    assert engine_book_for(game, tmp_path / "empty") is None
    assert "not the book this package shipped" in caplog.text
