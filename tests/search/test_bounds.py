"""Every search bounded: the deepest Nim without recursion errors, transposition tables within
their capacity, options a search does not take refused, a default budget and a progress line
in ``zermelo solve``."""

from __future__ import annotations

import io
import sys

import pytest

import zermelo.cli.solve as solve_cli
from tests.conftest import CliRunner
from zermelo.games.nim import Nim
from zermelo.games.nim.rules import MAX_PILE, MAX_PILES
from zermelo.search.algorithms import search
from zermelo.search.base import Budget, BudgetExhausted, budget, with_room
from zermelo.search.table import check_room

DEEPEST = Nim((MAX_PILE,) * MAX_PILES)
"""The longest game any variant allows: 1,024 plies."""


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "alphabeta-tt", "paranoid", "maxn",
                                  "expectimax"])
def test_the_deepest_nim_reaches_its_budget_not_a_recursion_error(name: str) -> None:
    seen: list[int] = []
    with budget(Budget(nodes=4_000, progress=seen.append)), pytest.raises(BudgetExhausted):
        search(name, DEEPEST, DEEPEST.initial_state())
    assert seen and seen[-1] > 4_000  # the progress was told of the nodes


def test_a_deep_call_runs_with_room_and_hands_back_errors_and_budget() -> None:
    def down(n: int) -> int:
        return 0 if n == 0 else 1 + down(n - 1)

    plies = 30_000  # thrice the interpreter's usual limit; a fixed depth, since with_room
    # raises the limit for good and a test before this one in the process may have raised it
    assert with_room(plies, lambda: down(plies)) == plies
    with budget(Budget(nodes=7)):
        from zermelo.search.base import remaining_budget
        assert with_room(plies, remaining_budget)[0] == 7  # the budget went with the call
    with pytest.raises(KeyError):
        with_room(plies, lambda: {}[1])


def test_a_table_that_cannot_thin_out_stops_the_search_when_full(monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    import zermelo.search.table as table

    monkeypatch.setattr(table, "CAPACITY", 100)
    with pytest.raises(BudgetExhausted, match="dfpn's table is full"):
        search("dfpn", Nim((5, 6, 7, 8)), Nim((5, 6, 7, 8)).initial_state())
    check_room(100, "x")


@pytest.mark.parametrize(("args", "message"), [
    (["--algorithm", "alphabeta", "--iterations", "5"],
     "alphabeta takes no iterations (use mcts, ismcts, mo-ismcts, pimc)"),
    (["--algorithm", "dfpn", "--seed", "3"], "dfpn takes no seed"),
    (["--iterations", "0"], "Invalid value for '--iterations'"),
])
def test_options_a_search_does_not_take_are_refused(cli: CliRunner, args: list[str],
                                                    message: str) -> None:
    done = cli("solve", "nim", "-o", "piles=2,3", *args)
    assert done.code == 2 and message in done.err and len(done.err.splitlines()) == 1


def test_a_game_algorithm_refuses_iterations(cli: CliRunner) -> None:
    done = cli("solve", "pig", "-o", "goal=10", "--iterations", "5")
    assert (done.code, done.err.strip()) == (
        2, "zermelo: invalid option: value-iteration takes no iterations")


def test_a_generic_search_stops_at_the_default_budget(cli: CliRunner,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_cli, "DEFAULT_SECONDS", 0.2)
    stopped = cli("solve", "connect4", "4453")
    assert stopped.code == 2
    assert stopped.err.startswith("zermelo: budget exhausted: the search used up its budget")
    assert stopped.err.rstrip().endswith("(0.2 s (default; --seconds 0: none)); give more with "
                                          "--seconds N (0: no limit) or --nodes N")
    deepening = cli("solve", "connect4", "4453", "--depth", "30")
    assert deepening.code == 0
    assert "budget      0.2 s (default; --seconds 0: none); stopped there" in deepening.out
    exact = cli("solve", "nim", "-o", "piles=2,3", "--seconds", "0", "--json")
    assert exact.code == 0 and '"budget": {"seconds": null, "nodes": null}' in exact.out


def test_the_progress_line_shows_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        line = solve_cli.ProgressLine(" of 10 s")
        line.start -= 2
        line.shown -= 1
        line(12_345)
        line.close()
        text = stream.getvalue()
        assert ("searching: 12,345 nodes, 2 s of 10 s" in text) is shown
        assert text.endswith("\r\x1b[K") is shown
