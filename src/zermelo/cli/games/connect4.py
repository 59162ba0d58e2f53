"""``zermelo connect4 ...``: Connect Four positions, the strong solver, engines and the book."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

from zermelo.cli.common import console, input_file
from zermelo.core.errors import (
    IllegalMoveError,
    InvalidPositionError,
    UnknownNameError,
    ZermeloError,
)
from zermelo.core.machine import check_processes, cores
from zermelo.games.connect4 import ConnectFour, Position
from zermelo.games.connect4.entry import ENTRY
from zermelo.games.connect4.kernels import geometry
from zermelo.games.connect4.kernels import perft as perft_kernel
from zermelo.games.connect4.render import board_text, status_line
from zermelo.solvers.connect4 import engine_book
from zermelo.solvers.connect4.book import OpeningBook, default_path
from zermelo.solvers.connect4.book_analysis import book_scores
from zermelo.solvers.connect4.builder import build_book, positions_up_to
from zermelo.solvers.connect4.engine import engine_book_for, usable_book
from zermelo.solvers.connect4.engine_book import EngineBook
from zermelo.solvers.connect4.heuristic import EVALUATIONS, heuristic_player
from zermelo.solvers.connect4.solver import Solver
from zermelo.solvers.connect4.table import DEEP_SIZE
from zermelo.tablebase.store import make_directory

app = typer.Typer(help="Connect Four: positions, the strong solver, heuristic engines, the "
                       "opening book.", no_args_is_help=True)

MovesArg = Annotated[str, typer.Argument(
    help="The moves played, as column digits (e.g. 4453; '' is the empty board).")]
OptionalMovesArg = Annotated[str | None, typer.Argument(
    help="The moves played, as column digits; omit with --batch.")]
BoardOpt = Annotated[str, typer.Option("--board", help="Board size WIDTHxHEIGHT.")]
KOpt = Annotated[int, typer.Option("--k", help="Stones in a row needed to win.")]
BatchOpt = Annotated[bool, typer.Option(
    "--batch", help="Read positions from standard input, one per line (a second column, "
                    "such as an expected score, is ignored).")]
WeakOpt = Annotated[bool, typer.Option("--weak", help="Only win (1), draw (0) or loss (-1).")]
BookOpt = Annotated[Path | None, typer.Option(
    "--book", help="An opening book file (default: the one 'zermelo connect4 book' wrote to "
                   "the data directory, if there is one).")]


def _game(board: str, k: int) -> ConnectFour:
    game = ENTRY.game({"board": board, "k": str(k)})
    return game


def _solver(game: ConnectFour, book: Path | None) -> Solver:
    """A solver with the book asked for (refused when broken), else the default one if it is
    there and sound (a broken default book is reported and left out)."""
    if book is not None:
        return Solver(game, book=OpeningBook.load(input_file(book), game.board))
    default = OpeningBook.locate(game.board)
    return Solver(game, book=None if default is None else usable_book(default, game))


def _batch(game: ConnectFour, answer: Callable[[Position], str]) -> int:
    """Answer every line of standard input as ``MOVES ANSWER``; a bad line gets a message on
    standard error and the batch goes on. Returns 2 if any line was bad, else 0."""
    status = 0
    for number, line in enumerate(sys.stdin, 1):
        fields = line.split()
        if not fields:
            continue
        try:
            if len(fields) > 2 or (len(fields) == 2 and not (fields[1].isascii()
                                                         and fields[1].lstrip("-").isdigit())):
                raise InvalidPositionError(f"{line.strip()!r}: expected MOVES [SCORE]")
            print(f"{fields[0]} {answer(game.parse_position(fields[0]))}", flush=True)
        except ZermeloError as error:
            print(f"zermelo: line {number}: {error}", file=sys.stderr)
            status = 2
    return status


def _progress(what: str) -> Progress:
    """A transient progress bar on standard error."""
    return Progress(TextColumn(what), BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)


def _scores_text(scores: list[int | None]) -> str:
    return " ".join("full" if s is None else str(s) for s in scores)


@app.command()
def show(moves: MovesArg, board: BoardOpt = "7x6", k: KOpt = 4) -> None:
    """Draw a position and say whose turn it is or how the game ended."""
    game = _game(board, k)
    state = game.parse_position(moves)
    console.print(board_text(game, state), end="")
    console.print(status_line(game, state))


@app.command()
def solve(moves: OptionalMovesArg = None, batch: BatchOpt = False, weak: WeakOpt = False,
          board: BoardOpt = "7x6", k: KOpt = 4, book: BookOpt = None) -> int:
    """The score of a position for the side to move: positive wins, 0 draws, negative loses
    (on 7x6, 22 minus the winner's stone count)."""
    game = _game(board, k)
    solver = _solver(game, book)
    if batch:
        return _batch(game, lambda state: str(solver.solve(state, weak)))
    if moves is None:
        raise InvalidPositionError("give the moves played, or --batch to read them from stdin")
    state = game.parse_position(moves)
    with Console(stderr=True).status("solving") as status:

        def show(low: int, high: int) -> None:
            status.update(f"solving: the score is between {low} and {high} "
                          f"({solver.nodes:,} positions searched)")

        score = solver.solve(state, weak, show)
    print(score)
    return 0


@app.command()
def analyze(moves: OptionalMovesArg = None, batch: BatchOpt = False, weak: WeakOpt = False,
            board: BoardOpt = "7x6", k: KOpt = 4, book: BookOpt = None) -> int:
    """The score of every column's move for the side to move (``full`` for a full column):
    from the engine's book where it knows it, else solved."""
    game = _game(board, k)
    solver = _solver(game, book)
    if batch:
        return _batch(game, lambda state: _scores_text(solver.analyze(state, weak)))
    if moves is None:
        raise InvalidPositionError("give the moves played, or --batch to read them from stdin")
    state = game.parse_position(moves)
    engine_book = engine_book_for(game, None)
    known = {} if engine_book is None else book_scores(game, engine_book, state)[1]
    with _progress("solving columns") as bar:
        task = bar.add_task("analyze", total=game.board.width)
        scores = solver.analyze(state, weak, lambda n: bar.advance(task, n), known)
    if not scores:
        console.print(status_line(game, state))
        return 0
    cells = ["full" if s is None else str(s) for s in scores]
    width = max(len(c) for c in cells)
    print("column " + " ".join(f"{c + 1:>{width}}" for c in range(len(cells))))
    print("score  " + " ".join(f"{c:>{width}}" for c in cells))
    return 0


@app.command()
def move(moves: MovesArg, engine: Annotated[str, typer.Option(
            help=f"solver, or a heuristic evaluation: {', '.join(EVALUATIONS)}.")] = "threats",
         depth: Annotated[int, typer.Option(help="Search depth of a heuristic engine.",
                                            min=1, max=12)] = 6,
         board: BoardOpt = "7x6", k: KOpt = 4, book: BookOpt = None) -> None:
    """The column an engine plays in a position."""
    game = _game(board, k)
    state = game.parse_position(moves)
    if engine == "solver":
        column = _solver(game, book).best_move(state)[0]
    elif engine in EVALUATIONS:
        if game.is_terminal(state):
            raise IllegalMoveError(f"{moves}: the game is over ({game.end_reason(state)})")
        column = heuristic_player(engine, depth)(game, state)
    else:
        raise UnknownNameError(f"no engine {engine!r} (known: solver, {', '.join(EVALUATIONS)})")
    print(column + 1)


@app.command()
def perft(depth: Annotated[int, typer.Argument(help="How many moves ahead (0 to 10; 7x6 "
                                                   "depth 10 takes a few minutes).",
                                              min=0, max=10)],
          moves: Annotated[str, typer.Argument(help="The moves played (default: none).")] = "",
          board: BoardOpt = "7x6", k: KOpt = 4) -> None:
    """Count the move sequences of a given length from a position (games stop at a win)."""
    game = _game(board, k)
    state = game.parse_position(moves)
    count = 0 if state.won and depth > 0 else perft_kernel(state.current, state.mask, depth,
                                                           geometry(game.board))
    print(count)


TableOpt = Annotated[int | None, typer.Option(  # books solve early positions: a large table
    help="Transposition table slots per solver (default 16,777,234, about 134 MB; best twice "
         "a prime; at most 2**27, about 1.1 GB).", min=2, max=2**27)]
JobsOpt = Annotated[int, typer.Option(help="Solvers running at once (default: one per core; at "
                                      "most one per core, each table in memory).", min=1,
                                      max=256)]
JOBS = min(16, cores())
SLOT_BYTES = 8
"""Memory of one transposition table slot (16,777,234 slots: 134 MB)."""


def check_jobs(jobs: int, table: int | None) -> None:
    """Refuse more solvers than cores, or than the memory holds with their tables."""
    check_processes(jobs, "jobs", (table or DEEP_SIZE) * SLOT_BYTES)


@app.command(name="book")
def make_book(depth: Annotated[int, typer.Option(help="Book positions of up to this many "
                                                 "moves (0 to 4: depth 2 of 7x6 takes 25 "
                                                 "minutes on 2 cores).", min=0, max=4)],
              out: Annotated[Path | None, typer.Option(
                  help="The file to write (.npz; default: the data directory, where the "
                       "solver and the perfect engine look for it).")] = None,
              board: BoardOpt = "7x6", k: KOpt = 4,
              table: TableOpt = None, jobs: JobsOpt = JOBS) -> None:
    """Build an opening book: the exact score of every position of up to DEPTH moves."""
    check_jobs(jobs, table)
    game = _game(board, k)
    out = out or default_path(game.board)
    make_directory(out.parent)
    total = sum(len(layer) for layer in positions_up_to(game, depth))
    start = time.perf_counter()
    with _progress("solving positions") as bar:
        task = bar.add_task("book", total=total)
        result = build_book(game, depth, jobs, table or DEEP_SIZE,
                            lambda n: bar.advance(task, n))
    result.save(out)
    console.print(f"{len(result)} positions of up to {depth} moves in "
                  f"{time.perf_counter() - start:.1f} s with {jobs} solvers: {out}")


@app.command(name="engine-book")
def make_engine_book(
        depth: Annotated[int, typer.Option(help="Positions of up to this many stones (0 to 12; "
                                           "see docs/connect4.md for times).", min=0, max=12)],
        out: Annotated[Path | None, typer.Option(
            help="The file to write (.npz; default: the data directory, where the perfect "
                 "engine looks for it before the book shipped with zermelo).")] = None,
        fresh: Annotated[bool, typer.Option(
            help="Start again instead of resuming from the book already at --out.")] = False,
        board: BoardOpt = "7x6", k: KOpt = 4, table: TableOpt = None, jobs: JobsOpt = JOBS
        ) -> None:
    """Build the perfect engine's book: its move in every position of up to DEPTH stones it
    can meet at its turn in a game from the empty board, as either side, against any
    opponent. Saved after each level and every minute, and resumed from what is saved."""
    check_jobs(jobs, table)
    game = _game(board, k)
    out = out or engine_book.default_path(game.board)
    make_directory(out.parent)
    resume = (None if fresh or not out.exists()
              else EngineBook.load(input_file(out), game.board))
    start = time.perf_counter()
    with _progress("solving positions") as bar:
        task = bar.add_task("book", total=None)

        def show(stones: int, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total,
                       description=f"{stones} stones: {done:,} of {total:,} positions")

        result = engine_book.build(game, depth, jobs, table or DEEP_SIZE, resume,
                                   lambda b: b.save(out), show)
    console.print(f"{len(result):,} positions of up to {depth} stones in "
                  f"{time.perf_counter() - start:.1f} s with {jobs} solvers: {out}")
