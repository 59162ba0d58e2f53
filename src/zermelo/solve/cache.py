"""Keeping opened databases and solvers between requests, renewed when their files change."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

_KEPT: dict[Hashable, tuple[int | None, Any]] = {}
_LOCK = threading.Lock()


def stamp(path: Path) -> int | None:
    """The modification time of ``path`` (None if it does not exist)."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def kept(key: Hashable, version: int | None, make: Callable[[], T]) -> T:
    """The object kept under ``key``, made anew by ``make()`` when ``version`` (the modification
    time of the files it reads) changed."""
    with _LOCK:
        entry = _KEPT.get(key)
        if entry is None or entry[0] != version:
            entry = _KEPT[key] = (version, make())
        result: T = entry[1]
        return result
