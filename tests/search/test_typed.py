"""The searches and players are generic over a game's state and move types: mypy, run on a
caller, gives it the game's own moves back and refuses a state of another game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

ROOT = Path(__file__).resolve().parents[2]

CALLER = """\
from typing import assert_type

from zermelo.games.connect4.rules import ConnectFour
from zermelo.games.tictactoe.rules import TicTacToe, TicTacToeState
from zermelo.search import alphabeta, alphabeta_tt, dfpn, minimax, mcts
from zermelo.search.algorithms import search
from zermelo.search.players import RandomPlayer, SearchPlayer, play_match
from zermelo.solvers.connect4.heuristic import heuristic_player

game = TicTacToe()
start = game.initial_state()
assert_type(minimax(game, start).best_move, int | None)
assert_type(alphabeta(game, start, depth=2).pv, tuple[int, ...])
assert_type(alphabeta_tt(game, start).best_move, int | None)
assert_type(dfpn(game, start).pv, tuple[int, ...])
assert_type(mcts(game, start, iterations=10).best_move, int | None)
assert_type(search("maxn", game, start).best_move, int | None)
assert_type(RandomPlayer()(game, start), int)
searcher: SearchPlayer[TicTacToeState, int] = SearchPlayer("alphabeta", depth=2)
assert_type(searcher(game, start), int)
play_match(game, [searcher, RandomPlayer()])
four = ConnectFour()
assert_type(heuristic_player()(four, four.initial_state()), int)
minimax(game, four.initial_state())  # a Connect Four position in a tic-tac-toe search
"""


def test_a_caller_gets_the_games_own_moves_back(tmp_path: Path) -> None:
    caller = tmp_path / "caller.py"
    caller.write_text(CALLER)
    # a cache of its own: dev.py test runs mypy src beside the tests, on the shared one
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(ROOT / ".mypy_cache" / "typed-caller"), str(caller)],
        capture_output=True, text=True, cwd=ROOT, check=False)
    errors = [line for line in run.stdout.splitlines() if ": error: " in line]
    last = len(CALLER.splitlines())
    assert len(errors) == 1 and f"caller.py:{last}: " in errors[0], run.stdout
    assert "minimax" in errors[0], run.stdout
