"""Connect Four: rules on a bitboard, notation, heuristic engines and a strong solver."""

from zermelo.games.connect4.board import Board
from zermelo.games.connect4.rules import PLAYERS, ConnectFour, Position

__all__ = ["PLAYERS", "Board", "ConnectFour", "Position"]
