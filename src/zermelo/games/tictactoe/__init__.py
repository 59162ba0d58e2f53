"""Tic-tac-toe and the m,n,k-games."""

from zermelo.games.tictactoe.rules import SIDES, TicTacToe, TicTacToeState

__all__ = ["SIDES", "TicTacToe", "TicTacToeState"]
