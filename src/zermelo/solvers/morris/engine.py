"""The Morris engines: the alpha-beta of an article on the 23-point board with its static
estimates (see :mod:`zermelo.solvers.morris.search`), and ours.

Both search the plain position (stones, side to move, stones in hand) to a depth limit with the
compiled searches of :mod:`zermelo.solvers.morris.search`; the draw rules (move limit,
repetition) are the game's and are not searched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from zermelo.core.errors import IllegalMoveError
from zermelo.games.morris.kernels import decode, encode, tables
from zermelo.games.morris.rules import Morris, Move, Position
from zermelo.solvers.morris.search import best_move


@dataclass(frozen=True)
class Found:
    """A search's move, its value (the article's: for White; ours: for the side to move) and the
    positions it evaluated."""

    move: Move
    value: int
    evaluated: int


def search(game: Morris, state: Position, depth: int, article_rules: bool,
           roots: list[Move] | None = None) -> Found:
    """The first best move of the article's search (``article_rules``) or ours, ``depth`` plies
    deep, among ``roots`` (None: every legal move), in a position where the game goes on."""
    if game.is_terminal(state):
        raise IllegalMoveError("the game is over: there is no move to search")
    move, value, evaluated = best_move(
        state.white, state.black, state.side, state.hand_white, state.hand_black, depth,
        game.flying, tables(game.board), article_rules,
        None if roots is None else [int(encode(*m)) for m in roots])
    return Found(Move(*(int(x) for x in decode(move))), int(value), int(evaluated))


def draws(game: Morris, state: Position, move: Move) -> bool:
    """Whether ``move`` ends the game in a draw (the move limit, or a third repetition)."""
    over = game.end(game.apply(state, move))
    return over is not None and over[0] is None


@dataclass
class DepthPlayer:
    """Plays the move of :func:`search` at a fixed depth; the last search is kept in ``last``.

    The searches do not see the draw rules; with ``avoid_draws`` a side that its search finds
    ahead passes over moves that end the game in a draw when it has another move."""

    depth: int
    article_rules: bool
    avoid_draws: bool = False
    last: Found | None = field(default=None, compare=False)

    def __call__(self, game: Morris, state: Position) -> Move:
        found = search(game, state, self.depth, self.article_rules)
        if self.avoid_draws and found.value > 0 and draws(game, state, found.move):
            others = [m for m in game.legal_moves(state) if not draws(game, state, m)]
            if others:
                found = search(game, state, self.depth, self.article_rules, others)
        self.last = found
        return found.move


def heuristic(game: Morris, level: int | None, seed: int | None,
              data: Path | None) -> DepthPlayer:
    """Our alpha-beta to ``level`` plies with our static estimate, avoiding draws when ahead."""
    return DepthPlayer(level or 1, article_rules=False, avoid_draws=True)


def article_estimate(game: Morris, level: int | None, seed: int | None,
                     data: Path | None) -> DepthPlayer:
    """The article's alpha-beta to ``level`` plies with its static estimates."""
    return DepthPlayer(level or 1, article_rules=True)
