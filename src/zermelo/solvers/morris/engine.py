"""The Morris engines: seed 004's alpha-beta with its static estimates, and ours.

Both search the plain position (stones, side to move, stones in hand) to a depth limit with the
compiled searches of :mod:`zermelo.solvers.morris.search`; the draw rules (move limit,
repetition) are the game's and are not searched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zermelo.core.errors import IllegalMoveError
from zermelo.core.game import Game
from zermelo.games.morris.kernels import decode, tables
from zermelo.games.morris.rules import Morris, Move, Position
from zermelo.solvers.morris.search import best_move


@dataclass(frozen=True)
class Found:
    """A search's move, its value (seed's: for White; ours: for the side to move) and the
    positions it evaluated."""

    move: Move
    value: int
    evaluated: int


def search(game: Morris, state: Position, depth: int, seed_rules: bool) -> Found:
    """The first best move of seed 004's search (``seed_rules``) or ours, ``depth`` plies
    deep, in a position where the game goes on."""
    if game.is_terminal(state):
        raise IllegalMoveError("the game is over: there is no move to search")
    move, value, evaluated = best_move(state.white, state.black, state.side, state.hand_white,
                                       state.hand_black, depth, game.flying,
                                       tables(game.board), seed_rules)
    return Found(Move(*(int(x) for x in decode(move))), int(value), int(evaluated))


@dataclass
class DepthPlayer:
    """Plays the move of :func:`search` at a fixed depth; the last search is kept in ``last``."""

    depth: int
    seed_rules: bool
    last: Found | None = field(default=None, compare=False)

    def __call__(self, game: Game[Any, Any], state: Any) -> Move:
        assert isinstance(game, Morris)
        self.last = search(game, state, self.depth, self.seed_rules)
        return self.last.move


def heuristic(game: Morris, level: int | None, seed: int | None,
              data: Path | None) -> DepthPlayer:
    """Our alpha-beta to ``level`` plies with our static estimate."""
    return DepthPlayer(level or 1, seed_rules=False)


def seed(game: Morris, level: int | None, seed: int | None, data: Path | None) -> DepthPlayer:
    """Seed 004's alpha-beta to ``level`` plies with its static estimates."""
    return DepthPlayer(level or 1, seed_rules=True)
