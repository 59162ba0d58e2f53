"""Keeping opened databases and solvers between requests, renewed when their files change, in
a cache bounded in bytes: the least recently used are dropped first.

Only what was made successfully is kept; ``ZERMELO_CACHE_BYTES`` sets the bound (default 1 GiB).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

DEFAULT_BYTES = 1 << 30


def budget() -> int:
    """The cache's bound in bytes."""
    text = os.environ.get("ZERMELO_CACHE_BYTES", "")
    return int(text) if text.isdigit() else DEFAULT_BYTES


class Kept:
    """An LRU of objects with their version (the modification time of the files they read) and
    their size in bytes."""

    def __init__(self) -> None:
        self.entries: OrderedDict[Hashable, tuple[int | None, Any, int]] = OrderedDict()
        self.lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes held."""
        return sum(weight for _, _, weight in self.entries.values())

    def get(self, key: Hashable, version: int | None, make: Callable[[], T],
            weigh: Callable[[T], int]) -> T:
        """The object kept under ``key``, made anew by ``make()`` when missing or when
        ``version`` changed; older entries are dropped until the cache fits its budget (the new
        one stays even when it alone is larger)."""
        with self.lock:
            entry = self.entries.get(key)
            if entry is not None and entry[0] == version:
                self.entries.move_to_end(key)
                kept: T = entry[1]
                return kept
            self.entries.pop(key, None)
            made = make()
            self.entries[key] = (version, made, weigh(made))
            limit = budget()
            while len(self.entries) > 1 and self.size > limit:
                self.entries.popitem(last=False)
            return made

    def clear(self) -> None:
        """Drop everything."""
        with self.lock:
            self.entries.clear()


KEPT = Kept()


def stamp(path: Path) -> int | None:
    """The modification time of ``path`` (None if it does not exist)."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def kept(key: Hashable, version: int | None, make: Callable[[], T],
         weigh: Callable[[T], int]) -> T:
    """The object kept under ``key`` in the process's cache (see :meth:`Kept.get`)."""
    return KEPT.get(key, version, make, weigh)
