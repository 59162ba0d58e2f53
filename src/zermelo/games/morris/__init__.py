"""The Morris family (Nine, Six and Three Men's Morris, and a 23-point board published in an
article on Morris programs): boards as data, one set of rules for all, notation, symmetry and
drawing."""

from zermelo.games.morris.boards import BOARDS, Board
from zermelo.games.morris.rules import PLAYERS, Morris, Move, Position

__all__ = ["BOARDS", "PLAYERS", "Board", "Morris", "Move", "Position"]
