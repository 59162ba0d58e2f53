"""Keeping opened databases and solvers between requests, renewed when their files change, in
a cache bounded in bytes: the least recently used are dropped first.

Only what was made successfully is kept. A database is kept under the identity of its manifest
and of every table file (:func:`~zermelo.tablebase.store.database_identity`), so a table replaced or
edited under a running process opens it anew. ``ZERMELO_CACHE_BYTES`` sets the bound (default
1 GiB, at most a quarter of the memory available when the process starts); a server's pool of
workers shares it out among them.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from zermelo.core.machine import available_memory, whole_number
from zermelo.tablebase.store import MANIFEST, database_identity, identity

T = TypeVar("T")

DEFAULT_BYTES = min(1 << 30, available_memory() // 4)


def budget() -> int:
    """The cache's bound in bytes."""
    chosen = whole_number(os.environ.get("ZERMELO_CACHE_BYTES", ""))
    return DEFAULT_BYTES if chosen is None else chosen


class Kept:
    """An LRU of objects with their version (the identity of the files they read) and their
    size in bytes."""

    def __init__(self) -> None:
        self.entries: OrderedDict[Hashable, tuple[Hashable, Any, int]] = OrderedDict()
        self.lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes held."""
        return sum(weight for _, _, weight in self.entries.values())

    def get(self, key: Hashable, version: Hashable, make: Callable[[], T],
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


def stamp(path: Path) -> Hashable | None:
    """The identity of ``path`` (None if it does not exist); of a database's manifest, that of
    the whole database: the manifest and every table beside it."""
    if path.name == MANIFEST:
        return database_identity(path.parent)
    try:
        return identity(path.stat())
    except OSError:
        return None


def kept(key: Hashable, version: Hashable, make: Callable[[], T],
         weigh: Callable[[T], int]) -> T:
    """The object kept under ``key`` in the process's cache (see :meth:`Kept.get`)."""
    return KEPT.get(key, version, make, weigh)
