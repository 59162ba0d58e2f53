"""Compiled bitboard primitives of Connect Four: lines, playable cells, threats, perft.

Bitboards are int64 in the layout of :mod:`zermelo.games.connect4.board`. ``geo`` is the tuple
``(width, height, k, stride, bottom, full)`` that :func:`geometry` builds. The pure-Python
rules (``Board.line_through``, ``ConnectFour.legal_moves``) are the readable reference these
kernels are tested against.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from zermelo.games.connect4.board import Board

Geometry = tuple[int, int, int, int, int, int]


def geometry(board: Board) -> Geometry:
    """The tuple of board constants every kernel takes."""
    return (board.width, board.height, board.k, board.stride, board.bottom, board.full)


@njit(cache=True, inline="always")
def up(x: int, s: int) -> int:
    """``x << s``, and 0 once every bit would be shifted out."""
    return x << s if s < 63 else 0


@njit(cache=True, inline="always")
def down(x: int, s: int) -> int:
    """``x >> s`` for a non-negative ``x``, and 0 once every bit would be shifted out."""
    return x >> s if s < 63 else 0


@njit(cache=True)
def canonical_key(current: int, mask: int, width: int, stride: int) -> int:
    """The one key of a position and its mirror image: ``current + mask`` of the smaller of
    the two. Rules, book and solver all index by it."""
    bits = (1 << stride) - 1
    key = current + mask
    out = 0
    for c in range(width):
        out |= ((key >> (c * stride)) & bits) << ((width - 1 - c) * stride)
    return min(key, out)


def _ctpop_typing(typingctx: Any, x: Any) -> Any:
    """LLVM's population count of an int64: one instruction where the processor has one."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        function = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(function, args)
    return types.int64(types.int64), codegen


_ctpop: Any = intrinsic(_ctpop_typing)


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    """The number of set bits of an int64."""
    return int(_ctpop(x))


@njit(cache=True)
def has_line(stones: int, geo: Geometry) -> bool:
    """Whether ``stones`` hold ``k`` in a row in any direction."""
    k, s = geo[2], geo[3]
    for d in (1, s, s - 1, s + 1):
        t = stones
        for i in range(1, k):
            t &= down(stones, i * d)
        if t:
            return True
    return False


@njit(cache=True)
def winning_cells(stones: int, mask: int, geo: Geometry) -> int:
    """The empty cells (playable now or not) where one more stone gives ``stones`` a line.

    A cell wins when, along some direction, ``a`` own stones lie behind it and ``k - 1 - a``
    ahead of it.
    """
    k, s, full = geo[2], geo[3], geo[5]
    if k == 4 and 3 * (s + 1) < 63:  # every shift of the unrolled version stays in range
        return _winning_cells_4(stones, mask, s, full)
    cells = 0
    for d in (1, s, s - 1, s + 1):
        for a in range(k):
            t = full
            for i in range(1, a + 1):
                t &= up(stones, i * d)
            for i in range(1, k - a):
                t &= down(stones, i * d)
            cells |= t
    return cells & (full ^ mask)


@njit(cache=True)
def _winning_cells_4(stones: int, mask: int, s: int, full: int) -> int:
    """:func:`winning_cells` unrolled for ``k = 4``: three own stones behind the cell, two
    behind and one ahead, one behind and two ahead, or three ahead."""
    cells = (stones << 1) & (stones << 2) & (stones << 3)  # vertical: only from below
    for d in (s, s - 1, s + 1):
        behind2 = (stones << d) & (stones << (2 * d))
        ahead2 = (stones >> d) & (stones >> (2 * d))
        cells |= behind2 & ((stones << (3 * d)) | (stones >> d))
        cells |= ahead2 & ((stones >> (3 * d)) | (stones << d))
    return cells & (full ^ mask)


@njit(cache=True, inline="always")
def playable(mask: int, geo: Geometry) -> int:
    """The cells where a stone can be dropped now: the lowest empty cell of each column."""
    return (mask + geo[4]) & geo[5]


@njit(cache=True)
def non_losing_moves(current: int, mask: int, geo: Geometry) -> int:
    """The playable cells that do not hand the opponent an immediate win.

    If the opponent threatens a playable cell, only blocking it is allowed (two such cells:
    none); never play directly below a cell where the opponent would complete a line. The side
    to move is assumed unable to win at once.
    """
    return safe_moves(mask, winning_cells(current ^ mask, mask, geo), geo)


@njit(cache=True)
def safe_moves(mask: int, threats: int, geo: Geometry) -> int:
    """:func:`non_losing_moves` given ``threats``, the cells where the opponent would complete
    a line (a search that has them from the parent's move ordering saves computing them)."""
    moves = playable(mask, geo)
    forced = moves & threats
    if forced:
        if forced & (forced - 1):
            return 0
        moves = forced
    return moves & ~(threats >> 1)


@njit(cache=True)
def perft(current: int, mask: int, depth: int, geo: Geometry) -> int:
    """The number of move sequences of length ``depth`` from a position that is not won
    (a won position has no moves)."""
    if depth == 0:
        return 1
    total = 0
    moves = playable(mask, geo)
    while moves:
        m = moves & -moves
        moves ^= m
        if depth == 1:
            total += 1
        elif not has_line(current | m, geo):
            total += perft(current ^ mask, mask | m, depth - 1, geo)
    return total
