"""What mypy tells a caller of the searches and players: they give back the game's own
moves, and a position of another game is a type error. ``python3 dev.py test`` type-checks this
file with ``src`` (pyproject.toml's mypy ``files``): an ``assert_type`` that no longer holds fails
it, and so does the ``type: ignore`` below if the misuse stops being an error (strict mode reports
an unused ignore). Nothing here runs."""

from __future__ import annotations

from typing import assert_type

from zermelo.games.connect4.rules import ConnectFour
from zermelo.games.tictactoe.rules import TicTacToe, TicTacToeState
from zermelo.search import alphabeta, alphabeta_tt, dfpn, mcts, minimax
from zermelo.search.algorithms import search
from zermelo.search.players import RandomPlayer, SearchPlayer, play_match
from zermelo.solvers.connect4.heuristic import heuristic_player


def callers() -> None:
    """Calls whose types mypy checks."""
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
    minimax(game, four.initial_state())  # type: ignore[misc]  # another game's state
