"""The cache of opened databases and solvers: bounded in bytes, least recently used out first,
nothing kept for a failure, renewed when the files change."""

from __future__ import annotations

import pytest

from zermelo.games.registry import get_game
from zermelo.solvers.connect4.engine import solver_for
from zermelo.tablebase.cache import Kept


def test_the_least_recently_used_go_first_when_the_budget_is_exceeded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZERMELO_CACHE_BYTES", "250")
    cache = Kept()
    made: list[str] = []

    def make(name: str) -> str:
        made.append(name)
        return name

    for name in ("a", "b", "a", "c"):
        cache.get(name, 1, lambda n=name: make(n), lambda _: 100)  # type: ignore[misc]
    assert list(cache.entries) == ["a", "c"] and cache.size == 200  # b was the oldest
    assert made == ["a", "b", "c"]
    cache.get("a", 2, lambda: make("a2"), lambda _: 100)  # its files changed
    assert made[-1] == "a2"
    huge = cache.get("h", 1, lambda: "h", lambda _: 10_000)  # alone over the budget: kept
    assert huge == "h" and list(cache.entries) == ["h"]


def test_nothing_is_kept_for_a_failure() -> None:
    cache = Kept()

    def broken() -> str:
        raise MemoryError("no room")

    with pytest.raises(MemoryError):
        cache.get("x", 1, broken, len)
    assert not cache.entries


def test_solvers_of_many_boards_stay_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = get_game("connect4")
    one = solver_for(entry.game({"board": "4x4"}), None).nbytes()
    monkeypatch.setenv("ZERMELO_CACHE_BYTES", str(2 * one))
    from zermelo.tablebase.cache import KEPT

    KEPT.clear()
    for board in ("4x4", "5x4", "4x5", "5x3", "3x5"):
        solver_for(entry.game({"board": board, "k": "3"}), None)
    assert len(KEPT.entries) <= 2 and KEPT.size <= 2 * one
    KEPT.clear()
