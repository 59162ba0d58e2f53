"""Builds run once in a thread of their own, waited for within a budget."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from zermelo.core.errors import DataError
from zermelo.search.base import Budget, BudgetExhausted, budget
from zermelo.tablebase import background
from zermelo.tablebase.background import wait_for
from zermelo.tablebase.store import BuildInProgress


def test_a_build_outlasting_the_budget_says_how_far_it_is_and_runs_once() -> None:
    release, told = threading.Event(), threading.Event()
    started: list[int] = []

    def build(report: Callable[[int], None]) -> None:
        started.append(1)
        report(30)
        told.set()
        release.wait()
        report(70)

    with budget(Budget(seconds=0.05)), pytest.raises(BudgetExhausted) as first:
        wait_for("a", build, 200, "the test table", done=100)
    assert "the test table is being solved (once: " in str(first.value)
    assert "ask again shortly" in str(first.value)
    told.wait()
    with budget(Budget(seconds=0.05)), pytest.raises(BudgetExhausted, match=r"65 % done"):
        wait_for("a", build, 200, "the test table", done=100)  # the same build, told 30
    release.set()
    wait_for("a", build, 200, "the test table")  # no budget: until it is done
    assert started == [1]


def test_a_failed_build_raises_its_error_and_the_next_ask_starts_anew() -> None:
    calls: list[int] = []

    def build(report: Callable[[int], None]) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise DataError("the disk is full")

    with pytest.raises(DataError, match="the disk is full"):
        wait_for("b", build, 1, "b")
    wait_for("b", build, 1, "b")
    assert calls == [1, 1]


def test_a_build_locked_by_another_process_is_waited_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "POLL_SECONDS", 0.001)
    tries: list[int] = []

    def build(report: Callable[[int], None]) -> None:
        tries.append(1)
        if len(tries) < 3:
            raise BuildInProgress("another build is writing here")

    wait_for("c", build, 1, "c")
    assert len(tries) == 3
