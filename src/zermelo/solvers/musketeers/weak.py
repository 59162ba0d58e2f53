"""A compiled weak solver for Three Musketeers: who wins from one position, without a database.

The question has two answers only (the enemies win or the musketeers win; there are no draws),
so the search is a boolean AND/OR search: at the enemies' nodes one winning move suffices (OR),
at the musketeers' nodes every move must lose for them (AND). With two values every result is
exact, and the transposition table stores exact results only; this is the alpha-beta search with
the null window ``(0, 1)``, where the defects of the capstone report on weakly
solving Three Musketeers (bounds stored as exact values, the ``v == 1`` cut at minimising
nodes) cannot arise. The table is an open-addressing hash table keyed
by the position's canonical code over the board's symmetries (8 on a square board).

Move ordering (the solver's speed, not its correctness): at the musketeers' nodes, moves that do
not line up the musketeers come first, fewest replies for the enemies first; at the enemies'
nodes, moves that leave the musketeers fewest captures come first.

:func:`weak_solve` also reads the **proof** off the table: the positions of a strategy that wins
for the winner (one move at the winner's nodes, every move at the loser's), counted by canonical
key, and optionally the exact game length with perfect play (``E33`` from the start) by a second,
depth-bounded search.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from zermelo.core.errors import InvalidPositionError, OptionError
from zermelo.games.musketeers.rules import MUSKETEERS, Position, ThreeMusketeers
from zermelo.games.musketeers.symmetry import canonical_code

EMPTY, E_WINS, M_WINS = 0, 1, 2

# statistics slots
NODES, HITS, STORES, PROBES, MAX_PLY, FULL = range(6)


@dataclass(frozen=True)
class Board:
    """The fixed-shape arrays the kernels need for one board size."""

    size: int
    neighbours: np.ndarray  # (size, 4) int64, -1 padded
    lines: np.ndarray  # rows then columns, int64 bitboards
    perm: np.ndarray  # the symmetries' byte tables (zermelo.games.musketeers.symmetry)

    @classmethod
    def of(cls, game: ThreeMusketeers) -> Board:
        grid = game.grid
        if grid.size > 30:
            raise OptionError(f"weak solver: at most 30 squares, the board has {grid.size}")
        neighbours = np.full((grid.size, 4), -1, dtype=np.int64)
        for i, near in enumerate(grid.neighbours):
            neighbours[i, : len(near)] = near
        lines = np.array(grid.rows + grid.columns, dtype=np.int64)
        return cls(grid.size, neighbours, lines, game.symmetry_tables)


ENTRY_BYTES = 11
"""Bytes an entry of :class:`Table` takes: its key, value and two depth bounds."""


class Table:
    """The open-addressing transposition table: canonical codes and their results."""

    def __init__(self, bits: int) -> None:
        self.keys = np.zeros(1 << bits, dtype=np.int64)
        self.values = np.zeros(1 << bits, dtype=np.int8)
        self.low = np.zeros(1 << bits, dtype=np.int8)  # depth-bounded search: disproven up to
        self.high = np.full(1 << bits, 127, dtype=np.int8)  # proven within


# -- the kernels -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _aligned(m, lines):  # type: ignore[no-untyped-def]
    for line in lines:  # noqa: SIM110 (a loop compiles; a generator in any() does not)
        if m & line == m:
            return True
    return False


@njit(cache=True, inline="always")
def _slot(code, mask):  # type: ignore[no-untyped-def]
    h = (code * 0x5851F42D4C957F2D) & 0x7FFFFFFFFFFFFFFF
    return (h >> 17) & mask


@njit(cache=True)
def _find(keys, code, stats):  # type: ignore[no-untyped-def]
    """The slot holding ``code`` or the empty slot where it would go; -1 if the table is full."""
    mask = keys.shape[0] - 1
    i = _slot(code, mask)
    for _ in range(64):
        k = keys[i]
        if k == code or k == 0:
            return i
        i = (i + 1) & mask
    stats[FULL] += 1
    return -1


@njit(cache=True)
def _moves(m, e, side, neighbours, out):  # type: ignore[no-untyped-def]
    """Fill ``out`` with (from, to) pairs; return how many."""
    n = 0
    if side == 0:
        pieces, targets = m, e
    else:
        pieces, targets = e, ~(m | e)
    b = pieces
    while b:
        src = 0
        low = b & -b
        while (low >> src) != 1:
            src += 1
        b ^= low
        for k in range(4):
            dst = neighbours[src, k]
            if dst >= 0 and (targets >> dst) & 1:
                out[n, 0] = src
                out[n, 1] = dst
                n += 1
    return n


@njit(cache=True)
def _count_moves(m, e, side, neighbours):  # type: ignore[no-untyped-def]
    """How many legal moves ``side`` has (ignoring the alignment rule)."""
    if side == 0:
        pieces, targets = m, e
    else:
        pieces, targets = e, ~(m | e)
    n = 0
    b = pieces
    while b:
        low = b & -b
        src = 0
        while (low >> src) != 1:
            src += 1
        b ^= low
        for k in range(4):
            dst = neighbours[src, k]
            if dst >= 0 and (targets >> dst) & 1:
                n += 1
    return n


@njit(cache=True)
def _child(m, e, side, src, dst):  # type: ignore[no-untyped-def]
    step = (1 << src) | (1 << dst)
    if side == 0:
        return m ^ step, e & ~(1 << dst)
    return m, e ^ step


@njit(cache=True)
def _ordered(m, e, side, neighbours, lines, size):  # type: ignore[no-untyped-def]
    """The legal moves, the likeliest refutation first (see the module docstring)."""
    moves = np.empty((100, 2), dtype=np.int64)
    n = _moves(m, e, side, neighbours, moves)
    score = np.empty(n, dtype=np.int64)
    for i in range(n):
        cm, ce = _child(m, e, side, moves[i, 0], moves[i, 1])
        if side == 0:
            # musketeers: avoid lining up, then leave the enemies few moves
            if _aligned(cm, lines):
                score[i] = 1 << 20
            else:
                score[i] = _count_moves(cm, ce, 1 - side, neighbours)
        else:
            # enemies: leave the musketeers few captures
            score[i] = _count_moves(cm, ce, 1 - side, neighbours)
    # a stable insertion sort by score: a few dozen moves at most (numba's argsort and the
    # gather after it took 1.2 s to compile, and allocate on every node)
    for i in range(1, n):
        key, src, dst = score[i], moves[i, 0], moves[i, 1]
        j = i - 1
        while j >= 0 and score[j] > key:
            score[j + 1], moves[j + 1, 0], moves[j + 1, 1] = score[j], moves[j, 0], moves[j, 1]
            j -= 1
        score[j + 1], moves[j + 1, 0], moves[j + 1, 1] = key, src, dst
    return moves, n


# The searches pass computed sides and plies (``1 - side``, ``np.int64(0)``), never a constant:
# numba compiles a function once more for every constant argument it is called with, so each
# recursive search compiles once, for one signature, and is cached on disk as the others are.
@njit(cache=True)
def _enemies_win(  # type: ignore[no-untyped-def]
        m, e, side, ply, keys, values, board_size, neighbours, lines, perm, stats):
    """True if the enemies win from (m, e, side) with perfect play."""
    stats[NODES] += 1
    if ply > stats[MAX_PLY]:
        stats[MAX_PLY] = ply
    if _aligned(m, lines):
        return True
    code = canonical_code(m, e, side, board_size, perm)
    stats[PROBES] += 1
    slot = _find(keys, code, stats)
    if slot >= 0 and keys[slot] == code:
        stats[HITS] += 1
        return values[slot] == E_WINS
    moves, n = _ordered(m, e, side, neighbours, lines, board_size)
    if n == 0:
        result = False
    elif side == 0:
        result = True
        for i in range(n):
            cm, ce = _child(m, e, side, moves[i, 0], moves[i, 1])
            if not _enemies_win(cm, ce, 1 - side, ply + 1, keys, values, board_size, neighbours,
                                lines, perm, stats):
                result = False
                break
    else:
        result = False
        for i in range(n):
            cm, ce = _child(m, e, side, moves[i, 0], moves[i, 1])
            if _enemies_win(cm, ce, 1 - side, ply + 1, keys, values, board_size, neighbours, lines,
                            perm, stats):
                result = True
                break
    if slot >= 0:
        keys[slot] = code
        values[slot] = E_WINS if result else M_WINS
        stats[STORES] += 1
    return result


@njit(cache=True)
def _win_within(  # type: ignore[no-untyped-def]
        m, e, side, depth, ply, keys, low, high, board_size, neighbours, lines, perm, stats):
    """True if the enemies can force the musketeers into line within ``depth`` plies.

    The table keeps, per position, the largest depth known to fail (``low``) and the smallest
    known to succeed (``high``), so results of different depths are reused soundly.
    """
    stats[NODES] += 1
    if _aligned(m, lines):
        return True
    if depth <= 0:
        return False
    code = canonical_code(m, e, side, board_size, perm)
    stats[PROBES] += 1
    slot = _find(keys, code, stats)
    if slot >= 0 and keys[slot] == code:
        if high[slot] <= depth:
            stats[HITS] += 1
            return True
        if low[slot] >= depth:
            stats[HITS] += 1
            return False
    moves, n = _ordered(m, e, side, neighbours, lines, board_size)
    if n == 0:
        result = False
    elif side == 0:
        result = True
        for i in range(n):
            cm, ce = _child(m, e, side, moves[i, 0], moves[i, 1])
            if not _win_within(cm, ce, 1 - side, depth - 1, ply + 1, keys, low, high, board_size,
                               neighbours, lines, perm, stats):
                result = False
                break
    else:
        result = False
        for i in range(n):
            cm, ce = _child(m, e, side, moves[i, 0], moves[i, 1])
            if _win_within(cm, ce, 1 - side, depth - 1, ply + 1, keys, low, high, board_size,
                           neighbours, lines, perm, stats):
                result = True
                break
    if slot >= 0:
        if keys[slot] != code:
            keys[slot] = code
            low[slot] = 0
            high[slot] = 127
        if result:
            high[slot] = min(high[slot], depth)
        else:
            low[slot] = max(low[slot], depth)
        stats[STORES] += 1
    return result


@njit(cache=True)
def _proof_size(  # type: ignore[no-untyped-def]
        m0, e0, side0, e_wins, keys, values, board_size, neighbours, lines, perm, seen_bits, stats):
    """Distinct positions of the winner's strategy read off the table (re-searching any child
    the table lost): the winner's one chosen move, every move of the loser."""
    seen = np.zeros(1 << seen_bits, dtype=np.int64)
    smask = seen.shape[0] - 1
    stack = np.empty((1 << 17, 3), dtype=np.int64)
    top = 0
    stack[0, 0], stack[0, 1], stack[0, 2] = m0, e0, side0
    top = 1
    count = 0
    while top > 0:
        top -= 1
        m, e, side = stack[top, 0], stack[top, 1], stack[top, 2]
        code = canonical_code(m, e, side, board_size, perm)
        i = _slot(code, smask)
        while seen[i] != 0 and seen[i] != code:
            i = (i + 1) & smask
        if seen[i] == code:
            continue
        seen[i] = code
        count += 1
        if _aligned(m, lines):
            continue
        moves, n = _ordered(m, e, side, neighbours, lines, board_size)
        winner_moves = (side == 1) == e_wins
        for k in range(n):
            cm, ce = _child(m, e, side, moves[k, 0], moves[k, 1])
            if winner_moves and _enemies_win(cm, ce, 1 - side, np.int64(0), keys, values,
                                             board_size, neighbours, lines, perm,
                                             stats) != e_wins:
                continue
            stack[top, 0], stack[top, 1], stack[top, 2] = cm, ce, 1 - side
            top += 1
            if winner_moves:
                break
    return count


# -- the Python face -------------------------------------------------------------------------


@dataclass(frozen=True)
class WeakSolution:
    """The outcome of a weak solve and what it cost."""

    position: str
    winner: str
    """``"E"`` or ``"M"``."""
    plies: int | None
    """The game's length with perfect play (winner fastest, loser slowest), when measured."""
    nodes: int
    tt_entries: int
    tt_hits: int
    tt_probes: int
    proof_size: int
    max_depth: int
    seconds: float
    length_nodes: int = 0
    length_seconds: float = 0.0

    @property
    def result(self) -> str:
        """``E33``-style, or just the winner when the length was not measured."""
        return self.winner if self.plies is None else f"{self.winner}{self.plies}"


def _ensure_recursion() -> None:
    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))


def enemies_win(game: ThreeMusketeers, state: Position, table: Table | None = None,
                board: Board | None = None, stats: np.ndarray | None = None) -> bool:
    """Whether the enemies win from ``state`` with perfect play (compiled)."""
    _ensure_recursion()
    board = board or Board.of(game)
    table = table or Table(20)
    stats = stats if stats is not None else np.zeros(8, dtype=np.int64)
    return bool(_enemies_win(state.musketeers, state.enemies, state.to_move, 0, table.keys,
                             table.values, board.size, board.neighbours, board.lines,
                             board.perm, stats))


def game_length(game: ThreeMusketeers, state: Position, winner_is_enemies: bool,
                table: Table, board: Board, stats: np.ndarray) -> int:
    """Plies to the end with perfect play (winner fastest, loser slowest).

    For an enemy win: the smallest ``d`` with "the enemies win within ``d`` plies". Alignments
    happen after musketeer moves, so ``d`` has a fixed parity; the search starts from the longest
    possible game and shortens it two plies at a time until the enemies no longer make it (proofs
    of a win are cheap, disproofs are not, so this costs one disproof). For a musketeer win the
    length would need the longest line the musketeers can survive, which this solver does not
    measure (InvalidPositionError).
    """
    if not winner_is_enemies:
        raise InvalidPositionError("game length is only measured for enemy wins")
    _ensure_recursion()
    depth = 2 * state.enemy_count - (1 if state.to_move == MUSKETEERS else 0)
    best = -1
    while depth >= 0 and _win_within(state.musketeers, state.enemies, state.to_move, depth, 0,
                                     table.keys, table.low, table.high, board.size,
                                     board.neighbours, board.lines, board.perm, stats):
        best = depth
        depth -= 2
    if best < 0:
        raise InvalidPositionError("the enemies do not win from this position")
    return best


def weak_solve(game: ThreeMusketeers, state: Position, *, table_bits: int = 26,
               length: bool = False) -> WeakSolution:
    """Solve ``state`` weakly: the winner, the proof's size and the search's cost.

    ``table_bits`` sizes the table (2**bits entries, 9 bytes each); ``length`` also measures the
    game's length with perfect play (an enemy win only).
    """
    if game.grid.size > 30:
        raise OptionError(f"weak solver: at most 30 squares, the board has {game.grid.size}")
    _ensure_recursion()
    board = Board.of(game)
    table = Table(table_bits)
    stats = np.zeros(8, dtype=np.int64)
    start = time.perf_counter()
    e_wins = enemies_win(game, state, table, board, stats)
    seconds = time.perf_counter() - start
    nodes, hits, probes, max_ply = (int(stats[NODES]), int(stats[HITS]), int(stats[PROBES]),
                                    int(stats[MAX_PLY]))
    entries = int(np.count_nonzero(table.keys))
    proof_stats = np.zeros(8, dtype=np.int64)
    proof = int(_proof_size(state.musketeers, state.enemies, state.to_move, e_wins, table.keys,
                            table.values, board.size, board.neighbours, board.lines, board.perm,
                            max(20, table_bits - 2), proof_stats))
    plies = None
    length_nodes, length_seconds = 0, 0.0
    if length and e_wins:
        length_table = Table(table_bits)
        length_stats = np.zeros(8, dtype=np.int64)
        begin = time.perf_counter()
        plies = game_length(game, state, True, length_table, board, length_stats)
        length_seconds = time.perf_counter() - begin
        length_nodes = int(length_stats[NODES])
    return WeakSolution(
        position=game.format_position(state),
        winner="E" if e_wins else "M",
        plies=plies,
        nodes=nodes,
        tt_entries=entries,
        tt_hits=hits,
        tt_probes=probes,
        proof_size=proof,
        max_depth=max_ply,
        seconds=seconds,
        length_nodes=length_nodes,
        length_seconds=length_seconds,
    )


__all__ = ["MUSKETEERS", "Board", "Table", "WeakSolution", "enemies_win", "game_length",
           "weak_solve"]
