"""The Morris family's side of the kernel contract (:class:`zermelo.core.kernels.GameKernels`),
on the one compiled move generator of :mod:`zermelo.games.morris.kernels`.

A *state* is one int64 array: White's and Black's bitboards, the side to move, the stones in
hand, the plies played (0 without a move limit), then the length and the entries of the
history the repetition rule compares (each plain position as :func:`history_code`). The
*rules* array holds the board's tables (:func:`rules_of`) and the variant's draw rules. A move's
code is :func:`zermelo.games.morris.kernels.encode` of it, the same move in every state.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from zermelo.core import kernel_signatures as sig
from zermelo.core.errors import GameNotSupportedError, InvalidPositionError
from zermelo.core.kernels import GameKernels
from zermelo.games.morris import kernels as k
from zermelo.games.morris.rules import Morris, Move, Position

WHITE, BLACK, SIDE, HAND_WHITE, HAND_BLACK, PLY, SEEN = range(7)
HISTORY = 7
"""The cells of a state: the plain position, the plies, the history's length, its entries."""
SIZE, MILLS, FULL, REMOVE_ALL, MILL_WINS, MIN_STONES, FLYING, LIMIT, REPEAT, ROOM = range(10)
TABLES = 10
"""The cells of the rules array: the board's size and mills, its flags, the variant's rules
(flying, move limit, repetition), the history's room; then the neighbours, the mills through
each point (:data:`~zermelo.games.morris.kernels.MAX_MILLS_PER_POINT` a point) and the mills."""
ROOM_WITHOUT_LIMIT = 1000
"""Positions of history a game without a move limit keeps (playing past them is an error)."""


def history_code(code: int) -> int:
    """A plain position's code as the state array keeps it: the rules' ``Position.code``
    (side at bit 64) with the side at bit 62, so that it fits an int64."""
    mask = (1 << 64) - 1
    return (code & mask) | (code >> 64) << 62


def rules_of(game: Morris) -> np.ndarray:
    """The kernels' rules array of a Morris variant (see :data:`TABLES`)."""
    neighbours, point_mills, mills, full, remove_all, mill_wins, min_stones = k.tables(
        game.board)
    room = game.move_limit or ROOM_WITHOUT_LIMIT
    head = [len(neighbours), len(mills), full, remove_all, mill_wins, min_stones, game.flying,
            game.move_limit, game.repetition, room]
    return np.concatenate([np.array(head, dtype=np.int64), neighbours, point_mills.ravel(),
                           mills]).astype(np.int64)


@njit(cache=True)
def _tables(rules):  # type: ignore[no-untyped-def]
    """The board's tables as :func:`zermelo.games.morris.kernels.generate` takes them."""
    size, mills = rules[SIZE], rules[MILLS]
    at = TABLES + size
    point_mills = rules[at:at + size * k.MAX_MILLS_PER_POINT].reshape(
        (size, k.MAX_MILLS_PER_POINT))
    at += size * k.MAX_MILLS_PER_POINT
    return (rules[TABLES:TABLES + size], point_mills, rules[at:at + mills], rules[FULL],
            rules[REMOVE_ALL] != 0, rules[MILL_WINS] != 0, rules[MIN_STONES])


@njit(cache=True)
def _moves(s, rules, out):  # type: ignore[no-untyped-def]
    """The moves of the side to move by the stones alone (no end checked); how many."""
    side = s[SIDE]
    own, opp = s[BLACK if side else WHITE], s[WHITE if side else BLACK]
    hand = s[HAND_BLACK if side else HAND_WHITE]
    return k.generate(own, opp, hand, rules[FLYING] != 0, _tables(rules), out)


@njit(cache=True)
def _end(s, rules, moves):  # type: ignore[no-untyped-def]
    """The side to move's return if the game is over (-1: it has lost; 0: a draw), else
    infinity, ``moves`` being its number of moves by the stones: too few stones or the
    opponent's three in a row, no move, the move limit, a position seen twice before."""
    side = s[SIDE]
    own, opp = s[BLACK if side else WHITE], s[WHITE if side else BLACK]
    hand = s[HAND_BLACK if side else HAND_WHITE]
    if k.lost(own, opp, hand, _tables(rules)) or moves == 0:
        return -1.0
    if rules[LIMIT] and s[PLY] >= rules[LIMIT]:
        return 0.0
    if rules[REPEAT]:
        now = s[WHITE] | s[BLACK] << 32 | side << 62
        seen = 0
        for i in range(s[SEEN]):
            seen += s[HISTORY + i] == now
        if seen >= 2:
            return 0.0
    return math.inf


@sig.contract(sig.OUTCOME)
def outcome(s, rules):  # type: ignore[no-untyped-def]
    """The side to move's return once the game is over, else infinity (the compiled MCTS's
    ``outcome``)."""
    return _end(s, rules, _moves(s, rules, np.empty(k.MAX_MOVES, np.int64)))


@sig.contract(sig.LEGAL)
def legal(s, rules, out):  # type: ignore[no-untyped-def]
    """The codes of the legal moves into ``out`` in the rules' order; how many (0 at the
    end)."""
    n = _moves(s, rules, out)
    return n if _end(s, rules, n) == math.inf else 0


@sig.contract(sig.PLAY)
def play(s, rules, code):  # type: ignore[no-untyped-def]
    """The move of ``code`` played, with the plies and the history the draw rules keep."""
    frm, _, take = k.decode(code)
    if rules[REPEAT] and frm >= 0 and take < 0:
        if s[SEEN] == rules[ROOM]:
            raise GameNotSupportedError("the kernels' history is full: a game without a "
                                        "move limit went on too long")
        s[HISTORY + s[SEEN]] = s[WHITE] | s[BLACK] << 32 | s[SIDE] << 62
        s[SEEN] += 1
    else:
        s[HISTORY:HISTORY + s[SEEN]] = 0
        s[SEEN] = 0
    s[WHITE], s[BLACK], s[SIDE], s[HAND_WHITE], s[HAND_BLACK] = k.play(
        s[WHITE], s[BLACK], s[SIDE], s[HAND_WHITE], s[HAND_BLACK], code)
    if rules[LIMIT]:
        s[PLY] += 1


@sig.contract(sig.TO_MOVE)
def to_move(s, rules):  # type: ignore[no-untyped-def]
    """The side to move: 0 White, 1 Black."""
    return s[SIDE]


@sig.contract(sig.RETURNS)
def returns(s, rules, out):  # type: ignore[no-untyped-def]
    """Whether the game is over; if so both returns into ``out``."""
    value = outcome(s, rules)
    if value == math.inf:
        return False
    out[s[SIDE]], out[1 - s[SIDE]] = value, -value
    return True


def encode(state: Position, move: Move) -> int:
    """A move's code."""
    return int(k.encode(move.frm, move.to, move.take))


def decode(state: Position, code: int) -> Move:
    """The move of a code."""
    return Move(*(int(x) for x in k.decode(code)))


def game_kernels(game: Morris) -> GameKernels[Position, Move]:
    """Morris' side of the kernel contract for the variant ``game``."""
    rules = rules_of(game)

    def pack(state: Position) -> np.ndarray:
        history = [history_code(c) for c in state.history]
        if len(history) > rules[ROOM]:
            raise InvalidPositionError(f"{len(history)} positions of history: the kernels "
                                       f"keep {rules[ROOM]}")
        s = np.zeros(HISTORY + int(rules[ROOM]), dtype=np.int64)
        s[:HISTORY] = (state.white, state.black, state.side, state.hand_white,
                       state.hand_black, state.ply, len(history))
        s[HISTORY:HISTORY + len(history)] = history
        return s

    return GameKernels(pack, rules, encode, decode, k.MAX_MOVES, legal, play, to_move, returns,
                       outcome=outcome)
