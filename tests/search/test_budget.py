"""Search budgets: a search stops at its budget; iterative deepening and MCTS give their best
move so far, the others a one-line error; the server bounds every engine move."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np
import pytest
from fastapi.testclient import TestClient

from tests.conftest import CliRunner
from zermelo.games.nim import Nim, NimState
from zermelo.search import alphabeta, alphabeta_tt, dfpn, mcts, minimax
from zermelo.search.base import STOP, Budget, BudgetExhausted, budget, watched
from zermelo.web import create_app

BIG = NimState((30, 30, 30, 30, 30, 30), 0)
"""A Nim position far too big to search to the end."""


@pytest.mark.parametrize("search", [minimax, alphabeta, alphabeta_tt, dfpn])
def test_a_search_that_cannot_stop_early_raises_at_its_budget(search: object) -> None:
    with budget(Budget(nodes=5_000)), pytest.raises(BudgetExhausted, match="after 5,"):
        search(Nim(BIG.piles), BIG)  # type: ignore[operator]


def test_iterative_deepening_gives_its_last_completed_round() -> None:
    game = Nim(BIG.piles)
    with budget(Budget(nodes=20_000)):
        result = alphabeta_tt(game, BIG, depth=40)
    assert not result.exact and result.best_move in game.legal_moves(BIG)
    assert result.stats.nodes <= 20_000 + 1_024


def test_mcts_gives_its_best_move_so_far() -> None:
    game = Nim(BIG.piles)
    with budget(Budget(nodes=2_000)):
        result = mcts(game, BIG, iterations=10_000_000, seed=1)
    assert result.best_move in game.legal_moves(BIG)
    assert result.stats.iterations < 10_000


def test_outside_a_budget_block_nothing_is_bounded() -> None:
    assert alphabeta_tt(Nim((3, 4, 5)), NimState((3, 4, 5), 0)).exact


def test_the_command_line_budget(cli: CliRunner) -> None:
    result = cli("solve", "nim", "A 30 30 30 30 30 30", "--nodes", "5000")
    assert result.code == 2
    assert result.err.startswith("zermelo: budget exhausted: the search used up its budget "
                                 "(time or nodes) after 5,")
    assert cli("solve", "nim", "1", "--seconds", "-1").code == 2  # below the range
    assert cli("solve", "nim", "1", "--seconds", "0").code == 0  # no limit


def test_the_server_bounds_every_engine_move() -> None:
    client = TestClient(create_app(move_time=0.3))
    start = time.perf_counter()
    answer = client.post("/api/connect4/engine", json={"engine": "alphabeta:64"})
    assert answer.status_code == 200 and answer.json()["proven"] is False
    assert time.perf_counter() - start < 3
    answer = client.post("/api/nim/engine", json={"engine": "alphabeta:8",
                                                  "position": "A 1 2"})
    assert answer.json()["proven"] is True


@pytest.mark.parametrize("name", ["ismcts", "pimc", "mcts"])
def test_sampling_searches_keep_to_a_time_budget(name: str) -> None:
    from zermelo.games.tictactoe import TicTacToe
    from zermelo.search.algorithms import search

    game = TicTacToe()
    start = time.perf_counter()
    with budget(Budget(seconds=0.2)):
        result = search(name, game, game.initial_state(), iterations=10_000_000)
    assert result.best_move in game.legal_moves(game.initial_state())
    assert time.perf_counter() - start < 10  # ten million iterations would take minutes


def test_the_watcher_stops_a_search_at_its_seconds_or_cancellation_and_reports_progress() -> None:
    def run(seconds: float | None, cancelled: Callable[[], bool] | None,
            told: list[int]) -> tuple[np.ndarray, float]:
        counter = np.zeros(3, np.int64)
        start = time.perf_counter()
        with watched(counter, seconds, cancelled, told.append):
            while not counter[STOP] and time.perf_counter() - start < 5:  # a search's loop
                counter[0] += 1
        return counter, time.perf_counter() - start

    told: list[int] = []
    counter, spent = run(0.2, None, told)
    assert counter[STOP] == 1 and 0.2 <= spent < 2
    assert told == sorted(told) and told[-1] == counter[0] and len(told) >= 2
    flag = threading.Event()
    threading.Timer(0.1, flag.set).start()
    counter, spent = run(None, flag.is_set, [])
    assert counter[STOP] == 1 and spent < 2
    quiet = np.zeros(3, np.int64)
    with watched(quiet, None):  # nothing to watch: no thread, the flag never set
        time.sleep(0.1)
    assert quiet[STOP] == 0
