"""``zermelo connect4 ...``: output formats, batches that survive bad lines, one-line errors."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.conftest import CliRunner
from zermelo.games.connect4 import ConnectFour
from zermelo.solvers.connect4.book import OpeningBook
from zermelo.solvers.connect4.solver import Solver

SMALL = ("--board", "5x4")


def test_solve_prints_the_score(cli: CliRunner) -> None:
    result = cli("connect4", "solve", "121212")
    assert (result.code, result.out) == (0, "18\n")


def test_batch_answers_each_line_and_reports_bad_ones(cli: CliRunner) -> None:
    lines = "2535 5\n44x\n\n12121\n1212121\n"
    result = cli("connect4", "solve", "--batch", *SMALL, stdin=lines)
    solver, game = Solver(ConnectFour(5, 4)), ConnectFour(5, 4)
    expected = [f"{m} {solver.solve(game.parse_position(m))}" for m in ("2535", "12121",
                                                                         "1212121")]
    assert result.out.splitlines() == expected
    assert result.err.splitlines() == [
        "zermelo: line 2: invalid position: move 3 of '44x': 'x' is not a column digit 1-9"]
    assert result.code == 2


def test_weak_gives_the_sign(cli: CliRunner) -> None:
    result = cli("connect4", "solve", "--weak", "--batch", stdin="121212\n27374\n2737415\n")
    assert result.out.splitlines() == ["121212 1", "27374 -1", "2737415 -1"]


def test_analyze_shows_a_score_per_column_and_full_columns(cli: CliRunner) -> None:
    game = ConnectFour(5, 4)
    state = game.parse_position("3333")
    scores = Solver(game).analyze(state)
    result = cli("connect4", "analyze", "3333", *SMALL)
    assert result.code == 0
    assert result.out.splitlines()[1].split()[1:] == [
        "full" if s is None else str(s) for s in scores]
    batch = cli("connect4", "analyze", "--batch", *SMALL, stdin="3333\n")
    assert batch.out.split()[3] == "full"


def test_engines_pick_the_winning_column(cli: CliRunner) -> None:
    for engine in ("two-three-count", "threats", "solver"):
        result = cli("connect4", "move", "121212", "--engine", engine, "--depth", "2", *SMALL)
        assert (result.code, result.out) == (0, "1\n"), engine


def test_show_and_perft(cli: CliRunner) -> None:
    shown = cli("connect4", "show", "1212121")
    assert "X wins with 4 in a row" in shown.out
    assert cli("connect4", "perft", "4").out == "2401\n"


def test_book_is_written_and_used(cli: CliRunner, tmp_path: pytest.TempPathFactory) -> None:
    path = f"{tmp_path}/book.npz"
    built = cli("connect4", "book", "--depth", "3", "--out", path, *SMALL)
    assert built.code == 0 and "positions of up to 3 moves" in built.out
    with_book = cli("connect4", "solve", "--batch", "--book", path, *SMALL, stdin="3\n33\n")
    without = cli("connect4", "solve", "--batch", *SMALL, stdin="3\n33\n")
    assert with_book.out == without.out and with_book.code == 0
    other = cli("connect4", "solve", "3", "--book", path)
    assert other.code == 2 and "a book for 5x4 k=4, not 7x6 k=4" in other.err


def test_the_default_book_is_found_and_a_broken_one_refused(
        cli: CliRunner, data_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    built = cli("connect4", "book", "--depth", "2", "--jobs", "2", *SMALL)
    path = data_dir / "connect4-5x4-k4.book.npz"
    assert built.code == 0 and path.exists()
    book = OpeningBook.find(ConnectFour(5, 4, 4).board)
    assert book is not None and book.depth == 2
    assert cli("connect4", "solve", "3", *SMALL).out == cli(
        "connect4", "solve", "3", "--book", str(path), *SMALL).out
    good = cli("connect4", "solve", "3", *SMALL).out
    path.write_bytes(path.read_bytes()[:40])
    asked = cli("connect4", "solve", "3", "--book", str(path), *SMALL)
    assert asked.code == 2 and asked.err.startswith("zermelo: bad data: ")
    assert "not a Connect Four book" in asked.err and "Traceback" not in asked.err
    with caplog.at_level(logging.WARNING, logger="zermelo"):
        unasked = cli("connect4", "solve", "3", *SMALL)  # the default book: reported, left out
    assert unasked.code == 0 and unasked.out == good
    assert "not a Connect Four book" in caplog.text and "solving without it" in caplog.text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["connect4", "solve", "448"],
         "zermelo: invalid position: move 3 of '448': column 8 is off the 7-column board"),
        (["connect4", "solve"],
         "zermelo: invalid position: give the moves played, or --batch to read them from stdin"),
        (["connect4", "analyze", "4444444"],
         "zermelo: invalid position: move 7 of '4444444': column 4 is full"),
        (["connect4", "move", "44", "--engine", "deep"],
         "zermelo: unknown name: no engine 'deep' (known: solver, two-three-count, threats)"),
        (["connect4", "move", "44", "--depth", "0"],
         "zermelo: error: Invalid value for '--depth': 0 is not from 1 to 12"),
        (["connect4", "move", "1212121"],
         "zermelo: illegal move: 1212121: the game is over (X wins with 4 in a row)"),
        (["connect4", "perft", "--", "-1"],
         "zermelo: error: Invalid value for 'depth': -1 is not from 0 to 10"),
        (["connect4", "perft", "11"],
         "zermelo: error: Invalid value for 'depth': 11 is not from 0 to 10"),
        (["connect4", "book", "--depth", "1", "--table", "1000000000"],
         "zermelo: error: Invalid value for '--table': 1000000000 is not from 2 to "
         "134,217,728"),
        (["connect4", "solve", "1", "--board", "9x7"],
         "zermelo: invalid option: board 9x7: width at most 9 and width x (height + 1) at most 63"),
        (["connect4", "book", "--depth", "-1", "--out", "x.npz"],
         "zermelo: error: Invalid value for '--depth': -1 is not from 0 to 4"),
    ],
)
def test_bad_input_gets_one_line_and_status_2(cli: CliRunner, args: list[str],
                                              message: str) -> None:
    result = cli(*args)
    assert result.code == 2
    assert result.err.strip() == message
