"""The game protocol, typed errors and grid geometry shared by all games."""

from zermelo.core.errors import (
    GameNotSupportedError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    UnknownNameError,
    ZermeloError,
)
from zermelo.core.game import (
    CHANCE,
    Chance,
    Game,
    GameInfo,
    Information,
    Mover,
    Nature,
    Utility,
)

__all__ = [
    "CHANCE",
    "Chance",
    "Game",
    "GameInfo",
    "GameNotSupportedError",
    "IllegalMoveError",
    "Information",
    "InvalidMoveError",
    "InvalidPositionError",
    "Mover",
    "Nature",
    "UnknownNameError",
    "Utility",
    "ZermeloError",
]
