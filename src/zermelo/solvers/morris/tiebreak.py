"""A tie-break among the Morris moves of equal value: what ``perfect`` plays when the tables
call several moves equally good.

Against a perfect opponent every such move is as good as another; against a fallible one they
are not. This is a play-time heuristic: it models the opponent (our alpha-beta at shallow
depths, a uniformly random player) and keeps the moves they most often answer wrongly. It is not
the ultra-strong solution of Gévay and Danner ("Calculating ultrastrong and extended solutions
for Nine Men's Morris, Morabaraba, and Lasker Morris", IEEE TCIAIG, 2016), which tells draws
apart inside the tables by a multi-valued retrograde analysis (a value finer than win, draw or
loss) and so needs no model of the opponent. Each choice here is a
*filter*: it keeps the candidates it likes best, and the filters run in turn, the player
choosing at random (seeded) among what is left. The candidates are the moves of the best value
(the shortest win, any draw, the longest loss), or with ``widen`` every losing move when all
lose.

A reply *errs* when it changes the outcome (win, draw or loss, distance aside) in the mover's
favour: a losing reply to a draw, a drawing or losing reply to a win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from zermelo.core.value import Analysis, Value
from zermelo.games.morris.rules import PLAYERS, Morris, Move, Position
from zermelo.solvers.morris.engine import search

Lookup = Callable[[Position], Value]
"""A position's value with perfect play (the tables')."""
CLAIM = {-1: 1, 0: -1, 1: -2}
"""How a draw by the game's rules suits a mover who loses, draws or wins with perfect play."""
Filter = Callable[[Morris, Lookup, Position, list[Move]], list[Move]]
"""Keeps the candidate moves of ``state`` it likes best (never none)."""


def outcome(value: Value, player: str) -> int:
    """1 if ``value`` is a win for ``player``, 0 a draw, -1 a loss."""
    return int(value.for_player(player)[0])


def candidates(analysis: Analysis, mover: str, widen: bool = False) -> list[Move]:
    """The moves of the best value; with ``widen``, every move when every move loses."""
    if widen and analysis.moves and all(outcome(v, mover) < 0 for _, v in analysis.moves):
        return [m for m, _ in analysis.moves]
    return list(analysis.best)


def erring_share(game: Morris, lookup: Lookup, after: Position, mover: str) -> float:
    """The share of the opponent's replies in ``after`` that err (see the module docstring)
    for ``mover``, who just moved; 0 when the game is over."""
    replies = game.legal_moves(after)
    if not replies:
        return 0.0
    now = outcome(lookup(after), mover)
    errs = sum(outcome(lookup(game.apply(after, r)), mover) > now for r in replies)
    return errs / len(replies)


def keep_max(moves: list[Move], score: Callable[[Move], float]) -> list[Move]:
    """The moves of the highest ``score``."""
    scores = [score(m) for m in moves]
    top = max(scores)
    return [m for m, s in zip(moves, scores, strict=True) if s == top]


def most_errors(game: Morris, lookup: Lookup, state: Position, moves: list[Move]) -> list[Move]:
    """The moves leaving the opponent the largest share of erring replies (a uniformly random
    opponent's chance to go wrong at once)."""
    mover = PLAYERS[state.side]
    return keep_max(moves, lambda m: erring_share(game, lookup, game.apply(state, m), mover))


def no_draw_claim(game: Morris, lookup: Lookup, state: Position,
                  moves: list[Move]) -> list[Move]:
    """The moves whose draw by the game's rules (move limit, third repetition) suits the mover
    best (taken when losing, avoided when drawing or winning), then those leading to the
    positions met least often so far: a drawn game goes on, on new ground, and the opponent
    keeps its chances to go wrong."""
    expected = outcome(lookup(state), PLAYERS[state.side])

    def fresh(m: Move) -> float:
        after = game.apply(state, m)
        over = game.end(after)
        claims = over is not None and over[0] is None
        return (10.0 * CLAIM[expected] if claims else 0.0) - after.history.count(after.code)
    return keep_max(moves, fresh)


def modelled(depths: Sequence[int]) -> Filter:
    """The moves to which the most of the opponent models (our alpha-beta at each of
    ``depths`` plies) reply with a move that errs."""
    def keep(game: Morris, lookup: Lookup, state: Position, moves: list[Move]) -> list[Move]:
        mover = PLAYERS[state.side]

        def errs(m: Move) -> float:
            after = game.apply(state, m)
            if game.is_terminal(after):
                return 0.0
            now = outcome(lookup(after), mover)
            return float(sum(outcome(lookup(game.apply(after, search(game, after, d, False)
                                                      .move)), mover) > now for d in depths))
        return keep_max(moves, errs)
    return keep


def pressing(depth: int) -> Filter:
    """The move our alpha-beta at ``depth`` plies likes best among the candidates: a position
    our static estimate rates well (stones, mills, mobility) is one the opponent can lose."""
    def keep(game: Morris, lookup: Lookup, state: Position, moves: list[Move]) -> list[Move]:
        if len(moves) == 1:
            return moves
        return [search(game, state, depth, False, moves).move]
    return keep


MODELLED: tuple[Filter, ...] = (no_draw_claim, modelled((1, 2, 3)), most_errors)
"""The ``perfect`` engine's choice, the strongest measured (``benchmarks/morris_tiebreak.py``):
no draw by the rules unless losing, then the moves most opponent models answer wrongly, then
the largest share of erring replies."""


def choose(game: Morris, lookup: Lookup, state: Position, moves: list[Move],
           filters: Sequence[Filter]) -> list[Move]:
    """What is left of ``moves`` after each filter in turn."""
    for keep in filters:
        moves = keep(game, lookup, state, moves)
    return moves


__all__ = ["MODELLED", "Filter", "Lookup", "candidates", "choose", "erring_share", "keep_max",
           "modelled", "most_errors", "no_draw_claim", "outcome", "pressing"]
