"""The transposition table: one small unit with an explicit bound encoding.

An entry records what a fail-soft alpha-beta search (:mod:`zermelo.search.alphabeta`) learned
about a position, keyed by ``game.key(state)`` (one key per symmetry class):

* ``value`` from the side to move's view, and its ``bound``:
  :attr:`Bound.EXACT` (the search ended inside its window), :attr:`Bound.LOWER` (it failed high:
  the true value is at least ``value``) or :attr:`Bound.UPPER` (it failed low: at most
  ``value``);
* ``depth``: the plies searched below the position, or :data:`COMPLETE` when no depth limit
  was reached anywhere in that sub-search, so the bound holds for the game itself;
* ``move``: the best move found (a move ordering hint, checked for legality before use,
  since a symmetric image shares the key but not the moves).

Storing a bound as if it were exact is the first defect of the capstone report on weakly
solving Three Musketeers: a value found
after a cut-off only bounds the true value, and reusing it as exact in another window gives
wrong answers (see :mod:`zermelo.solvers.musketeers.capstone`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, TypeVar

from zermelo.core.machine import available_memory
from zermelo.search.base import BudgetExhausted

M = TypeVar("M", bound=Hashable)

ENTRY_BYTES = 400
"""What one entry costs at most, about: the key (a tuple or an int), the :class:`Entry`, the
dictionary's slot; benchmarks/search_memory.py measured 156-161 bytes on Connect Four keys,
381-385 on the keys of 16 Nim piles."""
TABLE_BYTES = min(1 << 30, available_memory() // 4)
"""The memory a table may take by default: 1 GiB, or a quarter of what is available."""

CAPACITY = TABLE_BYTES // ENTRY_BYTES
"""Entries a table holds by default."""


def check_room(entries: int, algorithm: str) -> None:
    """Stop a search whose table (a plain dictionary it cannot thin out) holds more than
    :data:`CAPACITY` entries, with :class:`BudgetExhausted`."""
    if entries > CAPACITY:
        raise BudgetExhausted(f"{algorithm}'s table is full ({entries:,} entries, about "
                              f"{entries * ENTRY_BYTES / 2**20:,.0f} MiB)")


COMPLETE = 1 << 30
"""The depth recorded for a result that no depth limit affected: valid at every depth."""


class Bound(IntEnum):
    """How a stored value relates to the true value."""

    EXACT = 0
    LOWER = 1
    UPPER = 2


@dataclass(slots=True)
class Entry(Generic[M]):
    """What one search learned about one position."""

    value: float
    bound: Bound
    depth: int
    move: M | None


class TranspositionTable(Generic[M]):
    """A dictionary from position keys to :class:`Entry`, with counters, bounded in size.

    At most ``capacity`` entries (default: :data:`TABLE_BYTES` of memory) in two generations:
    new entries go to the recent one; when it holds half the capacity, the older generation is
    dropped and the recent one becomes the older, so the entries used least recently go first
    (a dropped entry only costs a search again: no value depends on it). A deeper (or equally
    deep) result replaces a shallower one; an exact result also replaces a bound of the same
    depth.
    """

    def __init__(self, capacity: int | None = None) -> None:
        self.capacity = max(2, CAPACITY if capacity is None else capacity)
        self.entries: dict[Hashable, Entry[M]] = {}
        """The recent generation."""
        self.older: dict[Hashable, Entry[M]] = {}
        self.probes = 0
        self.hits = 0
        self.stores = 0
        self.dropped = 0
        """Entries dropped to keep within the capacity."""

    def __len__(self) -> int:
        return len(self.entries) + len(self.older)

    def get(self, key: Hashable) -> Entry[M] | None:
        """The entry for ``key``, if any (not counted as a probe)."""
        entry = self.entries.get(key)
        return self.older.get(key) if entry is None else entry

    def probe(self, key: Hashable) -> Entry[M] | None:
        """The entry for ``key``, if any."""
        self.probes += 1
        entry = self.get(key)
        if entry is not None:
            self.hits += 1
        return entry

    def store(self, key: Hashable, value: float, bound: Bound, depth: int, move: M | None
              ) -> None:
        """Record a search result (see the module docstring for the meaning of each field)."""
        old = self.get(key)
        if old is not None and (old.depth > depth or (
                old.depth == depth and old.bound is Bound.EXACT and bound is not Bound.EXACT)):
            return
        if key not in self.entries and len(self.entries) >= self.capacity // 2:
            self.dropped += len(self.older)
            self.older, self.entries = self.entries, {}
        self.older.pop(key, None)
        self.stores += 1
        self.entries[key] = Entry(value, bound, depth, move)

    @staticmethod
    def bound_of(value: float, alpha: float, beta: float) -> Bound:
        """The bound type of a fail-soft result ``value`` searched with window
        ``(alpha, beta)``."""
        if value <= alpha:
            return Bound.UPPER
        if value >= beta:
            return Bound.LOWER
        return Bound.EXACT

    @staticmethod
    def usable(entry: Entry[M], depth: int, alpha: float, beta: float) -> bool:
        """Whether ``entry`` (searched at least ``depth`` deep) settles a search with window
        ``(alpha, beta)`` by itself: exact, or a bound that falls outside the window."""
        if entry.depth < depth:
            return False
        if entry.bound is Bound.EXACT:
            return True
        if entry.bound is Bound.LOWER:
            return entry.value >= beta
        return entry.value <= alpha

    def clear(self) -> None:
        """Forget every entry (the counters are kept)."""
        self.entries.clear()
        self.older.clear()
