"""Typed errors shared by every game: all are :class:`ValueError` so callers may catch broadly.

Each error renders as one line that says what is wrong, prefixed by its kind, e.g.
``invalid position: 24 squares, expected 25``. Front ends print ``str(error)`` and exit 2.
"""


class ZermeloError(ValueError):
    """Base of every error zermelo raises for bad input."""

    kind = "error"

    def __str__(self) -> str:
        return f"{self.kind}: {super().__str__()}"


class InvalidPositionError(ZermeloError):
    """A position text (or state) that does not describe a legal position of the game."""

    kind = "invalid position"


class InvalidMoveError(ZermeloError):
    """A move text that cannot be parsed at all (bad syntax, square off the board)."""

    kind = "invalid move"


class IllegalMoveError(ZermeloError):
    """A well-formed move that is not legal in the given position."""

    kind = "illegal move"


class GameNotSupportedError(ZermeloError):
    """An algorithm was asked to handle a game whose declared properties it cannot handle."""

    kind = "unsupported game"


class UnknownNameError(ZermeloError):
    """An unknown game, engine or algorithm name."""

    kind = "unknown name"
