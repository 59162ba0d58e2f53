"""Connect Four's analysis from the engine's book: every score it reads agrees with plain
minimax, a person playing the engine gets every column at once, the empty 7x6 board is answered
without a search, and a column the solver cannot prove in time is left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.connect4.test_solver import minimax_scorer
from zermelo.games.connect4 import ConnectFour, Position
from zermelo.search.base import Budget, budget
from zermelo.solvers.connect4 import engine_book
from zermelo.solvers.connect4.book_analysis import book_scores
from zermelo.solvers.connect4.engine import analysis
from zermelo.solvers.connect4.engine_book import EngineBook
from zermelo.web.service import analyze

GAME = ConnectFour(5, 4, 3)
DEPTH = 6


@pytest.fixture(scope="module")
def book() -> EngineBook:
    return engine_book.build(GAME, DEPTH, jobs=2)


def positions(game: ConnectFour, stones: int) -> dict[Position, None]:
    """Every position of up to ``stones`` stones that is not over."""
    found: dict[Position, None] = {}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in found or game.is_terminal(state) or state.count > stones:
            continue
        found[state] = None
        frontier.extend(game.apply(state, m) for m in game.legal_moves(state))
    return found


def test_every_score_read_from_the_book_is_minimax(book: EngineBook) -> None:
    score = minimax_scorer(GAME)
    answered = 0
    for state in positions(GAME, DEPTH):
        own, columns = book_scores(GAME, book, state)
        if own is not None:
            assert own == score(state), state.moves
            answered += 1
        for column, value in columns.items():
            assert value == -score(GAME.apply(state, column)), (state.moves, column)
    assert answered > 100


def test_a_person_playing_the_engine_gets_every_column(book: EngineBook) -> None:
    checked = 0
    for engine in (0, 1):
        for state in positions(GAME, DEPTH - 1):
            if GAME.to_move(state) == engine:
                continue
            line = GAME.initial_state()  # the engine played its book's move at each turn?
            for column in (int(c) - 1 for c in state.moves):
                if GAME.to_move(line) == engine:
                    found = book.entry(line)
                    if found is None or found[0] != column:
                        break
                line = GAME.apply(line, column)
            else:
                own, columns = book_scores(GAME, book, state)
                assert own is not None and len(columns) == len(GAME.legal_moves(state))
                checked += 1
    assert checked >= 20


def test_the_empty_board_is_answered_from_the_book_without_a_search() -> None:
    game = ConnectFour()
    with budget(Budget(nodes=1)):  # any solve would run out at once
        found = analysis(game, game.initial_state(), None)
    scores = [v.amount for _, v in found.moves]
    assert len(scores) == 7 and [m for m, _ in found.moves] == list(range(7))
    # Allis (1988) and Tromp: the first player wins in the centre column only, draws next to
    # it, and loses elsewhere
    assert [(s > 0) - (s < 0) for s in scores] == [-1, -1, 0, 1, 0, -1, -1]  # type: ignore[operator]
    assert found.best == (3,) and found.value.amount == scores[3]


def test_a_column_off_the_book_that_runs_out_of_time_is_left_out(tmp_path: Path) -> None:
    game = ConnectFour()
    state = game.parse_position("1")  # in the book (the engine as O), its other replies not
    answer = analyze(game, state, tmp_path, move_time=0.1)
    book = EngineBook.load(engine_book.shipped_path(game.board), game.board)
    column, score = book.entry(state)  # type: ignore[misc]
    assert [m["move"] for m in answer["moves"]] == [str(column + 1)]
    assert answer["value"]["score"] == score
    assert sorted(answer["unproven"]) == [str(c + 1) for c in range(7) if c != column]
