"""Typed errors: every error a user can cause is a :class:`ZermeloError` (still a ValueError).

Each renders as one line that says what is wrong, prefixed by its kind, e.g.
``invalid position: 24 squares, expected 25``. Front ends catch :class:`ZermeloError` only:
the CLI prints ``str(error)`` and exits 2, the server answers 4xx ``{"error": ...}``. Any other
exception is a bug and is reported as an internal error.
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


class OptionError(ZermeloError):
    """A variant option or command argument that is unknown, malformed or out of its range."""

    kind = "invalid option"


class DataError(ZermeloError):
    """A database, book or other data file that is missing, corrupt or for another variant."""

    kind = "bad data"


class InvariantError(RuntimeError):
    """A broken invariant of zermelo's own code: a bug, never bad input, so no
    :class:`ZermeloError` (the CLI exits 1, the server answers 500)."""
