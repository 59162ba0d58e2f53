"""The Morris family (Nine, Six and Three Men's Morris, seed 004's 23-point board): boards as
data, one set of rules for all, notation, symmetry and drawing."""

from zermelo.games.morris.boards import BOARDS, Board
from zermelo.games.morris.rules import PLAYERS, Morris, Move, Position

__all__ = ["BOARDS", "PLAYERS", "Board", "Morris", "Move", "Position"]
