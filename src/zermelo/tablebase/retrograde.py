"""Retrograde analysis of a game graph with cycles: win, loss or draw and the distance in plies.

A game hands the solver one unit of work at a time (for Morris, the positions with given stone
counts) as :class:`UnitMoves`: positions numbered ``0..n-1``, a *forward* pass that tells for
each position how many distinct positions of the unit its moves reach and the best value its
moves leaving the unit reach (to finished units or to the end of the game), and a *backward*
generator that lists the distinct positions of the unit with a move to a given one (unmoves).
No edge list is kept: the solver holds three bytes a position, so a unit's memory is bounded by
its size alone.

Values are one byte (a *code*): 0 is a draw, ``d + 1`` means the side to move reaches the end in
``d`` plies — a win if ``d`` is odd, a loss if ``d`` is even (a side to move without a move has
lost: ``d = 0``). The winner wins as fast as it can, the loser loses as slowly as it can. The
solver fixes positions level by level: at level ``d`` it finds the positions decided in ``d``
plies and tells their predecessors; a position losing through its last undecided move waits
until its slowest exit. Positions never decided are draws (the play can be kept in a cycle
forever).

>>> import numpy as np
>>> # 0 -> 1 -> 2 (no move) and 3 <-> 4: 2 has lost, 1 wins in 1, 0 loses in 2, 3 and 4 draw
>>> codes = solve_unit(GraphMoves([[1], [2], [], [4], [3]], [NONE] * 5))
>>> [describe(int(c)) for c in codes]
[(-1, 2), (1, 1), (-1, 0), (0, None), (0, None)]
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt
from numba import njit

from zermelo.core.errors import DataError
from zermelo.tablebase.threads import spread

DRAW = 0
"""The code of a draw."""
NONE = 255
"""Not a value: no move leaves the unit (as an ``exit_code``)."""
MAX_PLIES = 253
"""The longest distance a code holds; a longer one is refused, never wrapped."""
ALIAS = 255
"""A ``count`` that marks an entry standing for the same position as another entry (a symmetric
copy): the solver skips it and the game copies its code at the end (:meth:`UnitMoves.finish`)."""
BATCH = 1 << 16
"""Decided positions whose predecessors are generated at once."""
CHECKPOINT_SECONDS = 600.0
"""How often a long solve saves its state, so that a killed build loses at most this much."""

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]


@njit(cache=True, inline="always")
def from_child(code):  # type: ignore[no-untyped-def]
    """A move's value for the mover, from the code of the position it leads to: one ply
    further from the end (a loss for the child's mover is a win for the parent), a draw stays."""
    if code in (DRAW, NONE):
        return code
    return code + 1


@njit(cache=True, inline="always")
def preference(code):  # type: ignore[no-untyped-def]
    """A key that grows with how much the side to move likes a code: a sooner win, then a
    draw, then a later loss; :data:`NONE` below everything."""
    if code == NONE:
        return -1000
    if code == DRAW:
        return 0
    d = code - 1
    return 500 - d if d % 2 == 1 else -500 + d


class UnitMoves(Protocol):
    """The moves of one unit, as the solver asks for them."""

    size: int
    """Positions of the unit."""
    width: int
    """The most distinct predecessors a position of the unit has (0: no move stays inside)."""

    def chunks(self) -> Sequence[tuple[int, int]]:
        """Ranges ``[lo, hi)`` covering ``0..size`` in order, each a piece of the forward pass."""
        ...

    def forward(self, lo: int, hi: int, count: U8, exit_code: U8) -> None:
        """For ``u`` in ``[lo, hi)``: ``count[u]`` distinct positions of the unit its moves
        reach (:data:`ALIAS` for a copy of another entry) and ``exit_code[u]`` the best code its
        moves leaving the unit reach, seen from ``u`` (:data:`NONE`: none)."""
        ...

    def backward(self, targets: I64, counts: I64, preds: I64) -> None:
        """For each position ``targets[i]``: ``counts[i]`` distinct positions of the unit with a
        move to it, written to ``preds[i, :counts[i]]``."""
        ...

    def finish(self, code: U8) -> None:
        """Fill the entries marked :data:`ALIAS` from the entries they copy."""
        ...


@njit(cache=True)
def _start(count, exit_code, code):  # type: ignore[no-untyped-def]
    """Initial codes: a win through an exit (tentative until a faster one comes), a position
    with no move inside the unit (its exit, or lost at once); the highest code set."""
    top = 0
    for u in range(count.size):
        c = count[u]
        e = exit_code[u]
        code[u] = 0
        if c == ALIAS:
            continue
        if e != NONE and e != DRAW and (e - 1) % 2 == 1:
            code[u] = e
        elif c == 0 and e != DRAW:
            code[u] = 1 if e == NONE else e
        top = max(top, code[u])
    return top


ONES = np.uint64(0x0101010101010101)
HIGHS = np.uint64(0x8080808080808080)


@njit(cache=True, nogil=True)
def _decided(code, target, lo, out):  # type: ignore[no-untyped-def]
    """The next positions from ``lo`` with code ``target``, up to ``out``'s length: how many,
    and where the scan stopped. Eight codes are tested at once (a word has a byte equal to
    ``target`` when the word xor ``target`` in every byte has a zero byte), most words holding
    none."""
    n = code.size
    k = 0
    u = lo
    while u < n and k < out.size and u % 8:
        if code[u] == target:
            out[k] = u
            k += 1
        u += 1
    words = code[:n - n % 8].view(np.uint64)
    pattern = np.uint64(target) * ONES
    while u + 8 <= n and k < out.size:
        x = words[u >> 3] ^ pattern
        if not (x - ONES) & ~x & HIGHS:
            u += 8
            continue
        end = u + 8
        while u < end and k < out.size:
            if code[u] == target:
                out[k] = u
                k += 1
            u += 1
    while u < n and k < out.size:
        if code[u] == target:
            out[k] = u
            k += 1
        u += 1
    return k, u


@njit(cache=True, nogil=True)
def _decided_part(thread, t, code, target, at, ends, out, found):  # type: ignore[no-untyped-def]
    """Part ``t`` of the scan for decided positions: the next ones in ``[at[t], ends[t])``
    into its share of ``out``; ``found[t]`` is how many, ``at[t]`` moves to where it stopped
    (the parts scan at once, so no core waits for one to read a whole table)."""
    share = out.size // at.size
    k, u = _decided(code[:ends[t]], target, at[t], out[t * share:(t + 1) * share])
    found[t] = k
    at[t] = u


def _next_decided(code: U8, target: int, at: I64, ends: I64, scan: I64, found: I64) -> I64:
    """The next decided positions (code ``target``) of every part's range, together: the
    parts' scans at once, then their finds one after another."""
    spread(_decided_part, at.size, code, target, at, ends, scan, found)
    share = scan.size // at.size
    return np.concatenate([scan[t * share:t * share + found[t]] for t in range(at.size)])


@njit(cache=True, nogil=True)
def _tell(thread, t, parts, d, k, counts, preds, code, count, exit_code, tops, overflow):  # type: ignore[no-untyped-def]
    """Tell the predecessors of ``k`` positions decided at distance ``d``: a loss makes them
    win in ``d + 1``; a win takes one undecided move from each, and one left with none loses.
    Part ``t`` of ``parts`` updates its own range of positions, so no two write one byte, and
    sets ``tops[t]`` to the highest code it set and ``overflow[t]`` if a distance overflowed."""
    n = code.size
    lost = d % 2 == 0
    lo = n * t // parts
    hi = n * (t + 1) // parts
    for i in range(k):
        for j in range(counts[i]):
            u = preds[i, j]
            if u < lo or u >= hi:
                continue
            c = code[u]
            if lost:
                if (c == 0 and count[u] != 0) or (c % 2 == 0 and c > d + 2):
                    code[u] = d + 2
                    tops[t] = max(tops[t], d + 2)
                continue
            if c != 0 or count[u] == 0:
                continue
            count[u] -= 1
            if count[u]:
                continue
            e = exit_code[u]
            if e == DRAW:
                continue
            late = d + 1
            if e != NONE and e - 1 > late:
                late = e - 1
            if late > MAX_PLIES:
                overflow[t] = True
                continue
            code[u] = late + 1
            tops[t] = max(tops[t], late + 1)


class Checkpoint:
    """A unit's solving state saved in a folder, so that a killed solve goes on from the last
    save: the three arrays and the stage reached (forward pass up to a position, or levels up
    to a distance), each save replacing the last atomically."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def load(self, size: int) -> tuple[dict[str, int], U8, U8, U8] | None:
        """The saved stage and arrays, or None if there is none for a unit of ``size``."""
        try:
            stage = json.loads((self.folder / "stage.json").read_text())
            arrays = [np.fromfile(self.folder / f"{name}.u8", np.uint8)
                      for name in ("code", "count", "exit")]
        except (OSError, ValueError):
            return None
        if (not isinstance(stage, dict) or stage.get("size") != size
                or any(a.size != size for a in arrays)
                or not all(isinstance(stage.get(k), int) for k in ("forward", "level", "top"))):
            return None
        return stage, arrays[0], arrays[1], arrays[2]

    def save(self, stage: dict[str, int], code: U8, count: U8, exit_code: U8) -> None:
        """Save the arrays and the stage (the stage last, so it never names unsaved arrays)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        stale = self.folder / "stage.json"
        stale.unlink(missing_ok=True)
        for name, array in (("code", code), ("count", count), ("exit", exit_code)):
            _replace(self.folder / f"{name}.u8", array.tobytes())
        _replace(stale, json.dumps(stage).encode())

    def clear(self) -> None:
        """Remove the saved state (the unit is finished)."""
        if self.folder.is_dir():
            for path in self.folder.glob("*"):
                path.unlink()
            self.folder.rmdir()


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a flushed temporary file and an atomic rename."""
    temporary = path.with_suffix(".tmp")
    with temporary.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    temporary.replace(path)


def solve_unit(moves: UnitMoves, progress: Callable[[int], None] | None = None,
               checkpoint: Checkpoint | None = None, parts: int = 2) -> U8:
    """The code of every position of a unit (see the module docstring);
    :class:`~zermelo.core.errors.DataError` if a distance exceeds :data:`MAX_PLIES`.
    ``progress`` is told twice the unit's size in all: the positions of each piece of the
    forward pass, then the decided positions of each batch, then the rest (the draws). With a
    ``checkpoint`` the solve saves its state every :data:`CHECKPOINT_SECONDS` and goes on from
    a saved state."""
    n = moves.size
    saved = checkpoint.load(n) if checkpoint is not None else None
    if saved is None:
        stage = {"size": n, "forward": 0, "level": 0, "top": 0}
        code = np.zeros(n, np.uint8)
        count = np.zeros(n, np.uint8)
        exit_code = np.full(n, NONE, np.uint8)
    else:
        stage, code, count, exit_code = saved
    last_save = time.monotonic()

    def save_now() -> None:
        nonlocal last_save
        if checkpoint is not None and time.monotonic() - last_save > CHECKPOINT_SECONDS:
            checkpoint.save(stage, code, count, exit_code)
            last_save = time.monotonic()

    told = 0

    def tell(positions: int) -> None:
        nonlocal told
        told += positions
        if progress is not None:
            progress(positions)

    for lo, hi in moves.chunks():
        if hi > stage["forward"]:
            moves.forward(lo, hi, count, exit_code)
            stage["forward"] = hi
            if hi < n:
                save_now()
        tell(hi - lo)
    if stage["level"] == 0:
        stage["top"] = int(_start(count, exit_code, code))
    scan, found = np.empty(BATCH, np.int64), np.zeros(parts, np.int64)
    ends = np.array([n * (t + 1) // parts for t in range(parts)], np.int64)
    counts = np.empty(BATCH, np.int64)
    preds = np.empty((BATCH, moves.width), np.int64)
    tops, overflow = np.zeros(parts, np.int64), np.zeros(parts, np.bool_)
    while moves.width and stage["level"] + 1 <= stage["top"]:
        d = stage["level"]
        at = np.array([n * t // parts for t in range(parts)], np.int64)
        while (at < ends).any():
            targets = _next_decided(code, d + 1, at, ends, scan, found)
            k = targets.size
            if not k:
                continue
            moves.backward(targets, counts[:k], preds[:k])
            tops[:], overflow[:] = 0, False
            spread(_tell, parts, parts, d, k, counts, preds, code, count, exit_code, tops,
                   overflow)
            if overflow.any():
                raise DataError(f"a distance beyond {MAX_PLIES} plies: the one-byte codes "
                                f"cannot hold it")
            stage["top"] = max(stage["top"], int(tops.max()))
            tell(k)
        stage["level"] = d + 1
        save_now()
    tell(2 * n - told)
    moves.finish(code)
    if checkpoint is not None:
        checkpoint.clear()
    return code


class GraphMoves:
    """A unit given as explicit successor lists and exit codes (seen from the parent): the
    readable form of :class:`UnitMoves`, for tests and small games."""

    def __init__(self, children: Sequence[Sequence[int]], exits: Sequence[int]) -> None:
        self.size = len(children)
        self.children = [sorted(set(c)) for c in children]
        if len(exits) != self.size or any(not 0 <= v < self.size for c in children for v in c):
            raise DataError(f"a graph of {self.size} positions needs {self.size} exit codes "
                            f"and children among them")
        self.exits = list(exits)
        parents: list[set[int]] = [set() for _ in range(self.size)]
        for u, kids in enumerate(self.children):
            for v in kids:
                parents[v].add(u)
        self.parents = [sorted(p) for p in parents]
        self.width = max((len(p) for p in self.parents), default=0) or 1

    def chunks(self) -> Sequence[tuple[int, int]]:
        return [(0, self.size)]

    def forward(self, lo: int, hi: int, count: U8, exit_code: U8) -> None:
        for u in range(lo, hi):
            count[u] = len(self.children[u])
            exit_code[u] = self.exits[u]

    def backward(self, targets: I64, counts: I64, preds: I64) -> None:
        for i, v in enumerate(targets):
            parents = self.parents[int(v)]
            counts[i] = len(parents)
            preds[i, :len(parents)] = parents

    def finish(self, code: U8) -> None:
        """No entry is a copy of another."""


def describe(code: int) -> tuple[int, int | None]:
    """``(outcome, plies)`` of a code for the side to move: outcome 1 win, 0 draw, -1 loss."""
    if code == DRAW:
        return 0, None
    if not 1 <= code <= MAX_PLIES + 1:
        raise DataError(f"{code} is not a value code")
    d = code - 1
    return (1 if d % 2 else -1), d
