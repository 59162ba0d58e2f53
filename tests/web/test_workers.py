"""The worker pool: heavy requests run in other processes, a full pool answers 503 at once and a
client past its share 429, a request past its time is stopped (its worker alone ended) and
answered 503, a worker that crashes or passes its memory answers its own request in one line."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from zermelo.core.errors import ZermeloError
from zermelo.web import create_app
from zermelo.web.workers import Busy, Pool, TooMany, WorkerLost


def test_a_task_past_its_time_is_stopped_and_the_pool_goes_on() -> None:
    pool = Pool(1)
    try:
        assert pool.run(60, pow, 2, 10) == 1024
        start = time.perf_counter()
        with pytest.raises(Busy, match="no answer within 1 s"):
            pool.run(1, time.sleep, 30)
        assert time.perf_counter() - start < 10
        assert pool.run(60, pow, 3, 3) == 27  # a fresh worker
    finally:
        pool.close()


def test_a_full_pool_refuses_at_once_and_one_client_holds_at_most_its_share() -> None:
    pool = Pool(1)  # one running and one waiting; one of them a client's
    sleepers: list[threading.Thread] = []
    try:
        pool.run(60, pow, 1, 1)  # the worker is up

        def sleep(client: str) -> None:
            with contextlib.suppress(ZermeloError):  # ended with the pool
                pool.run(120, time.sleep, 100, client=client)

        sleepers += [threading.Thread(target=sleep, args=(c,)) for c in ("10.0.0.1", "10.0.0.2")]
        for thread in sleepers:
            thread.start()
        while sum(pool.held.values()) < 2:
            time.sleep(0.01)
        with pytest.raises(TooMany, match="1 searches in progress from this address, at most 1"):
            pool.run(60, pow, 2, 2, client="10.0.0.1")
        with pytest.raises(Busy, match="busy"):
            pool.run(60, pow, 2, 2, client="10.0.0.3")
    finally:
        pool.close()
        for thread in sleepers:
            thread.join()


def test_the_server_answers_engine_moves_from_its_workers(db_root: Path) -> None:
    with TestClient(create_app(db_root, move_time=0.5, workers=1)) as client:
        answer = client.post("/api/tictactoe/engine", json={"engine": "alphabeta:9",
                                                            "position": "X...O...X"})
        assert answer.status_code == 200 and answer.json()["move"] == "b1"
        answer = client.post("/api/musketeers/engine", json={"engine": "perfect",
                                                             "options": {"board": "4x4"}})
        assert answer.status_code == 200
        bad = client.post("/api/tictactoe/engine", json={"engine": "deep"})
        assert bad.status_code == 404  # refused in the worker, reported as in-process
        early = client.post("/api/tictactoe/engine", json={"engine": "random",
                                                           "position": "XX"})
        assert early.status_code == 400  # refused before any worker is asked


def test_a_worker_that_dies_answers_its_request_in_one_line_and_is_replaced() -> None:
    import ctypes
    import os

    pool = Pool(1)
    try:
        with pytest.raises(WorkerLost, match=r"ended \(exit status 3\)"):
            pool.run(60, os._exit, 3)
        with pytest.raises(WorkerLost, match=r"ended \(SIGSEGV: its game's code crashed\)"):
            pool.run(60, ctypes.string_at, 0)  # a crash in native code
        assert pool.run(60, pow, 2, 5) == 32  # a fresh worker
        assert pool.replaced == 2
    finally:
        pool.close()


def test_a_worker_may_not_take_more_memory_than_its_share() -> None:
    pool = Pool(1, memory=64 << 20)
    try:
        with pytest.raises(WorkerLost, match="needs more than the 64 MiB a worker may use"):
            pool.run(60, bytearray, 512 << 20)
        assert pool.run(60, len, bytearray(16 << 20)) == 16 << 20
    finally:
        pool.close()


def test_a_search_past_its_time_is_ended_alone() -> None:
    """Another client's search, in the other worker, answers after the late one was ended."""
    pool = Pool(2)
    try:
        answers: list[object] = []
        other = threading.Thread(target=lambda: answers.append(
            pool.run(60, pow, 3, 4) if pool.run(60, time.sleep, 3, client="b") is None
            else "no"))
        with pytest.raises(Busy, match="no answer within 1 s"):
            other.start()
            pool.run(1, time.sleep, 30, client="a")
        other.join()
        assert answers == [81] and pool.replaced == 1
    finally:
        pool.close()


def test_a_request_whose_client_went_away_is_cancelled() -> None:
    """The worker's search sees the cancel flag through its budget and stops long before its
    time (a search of Nim that would run for minutes)."""
    import asyncio

    from zermelo.web import service

    pool = Pool(1)
    try:
        pool.run(60, pow, 2, 2)  # the worker is up
        asked = []

        async def gone() -> bool:
            asked.append(time.perf_counter())
            return len(asked) >= 2  # the client leaves after half a second

        start = time.perf_counter()
        answer = asyncio.run(pool.run_async(
            120, gone, service.engine_request, "nim", {"piles": "30,30,30,30,30,30"}, None,
            "mcts:10000000", 1, None, 100.0))
        took = time.perf_counter() - start
        assert answer["move"]  # MCTS answers with its best move so far, which nobody reads
        assert took < 30, took  # not the 100 s it was allowed
        assert pool.run(60, pow, 2, 3) == 8  # and the worker is free again
    finally:
        pool.close()


def test_a_request_has_its_time_from_its_start_not_from_a_worker_starting_or_a_queue() -> None:
    """A fresh pool's first request waits for the worker process to start, and a request queued
    behind another waits for it: neither wait counts against the request's own seconds."""
    pool = Pool(1)
    try:
        answers: list[object] = []
        ahead = threading.Thread(target=lambda: answers.append(
            pool.run(2.5, time.sleep, 1.5, client="a")))
        ahead.start()  # a cold worker: its start takes a second or more
        time.sleep(0.1)
        start = time.perf_counter()
        assert pool.run(2.5, time.sleep, 1.5, client="b") is None  # queued behind the first
        ahead.join()
        assert answers == [None]
        assert time.perf_counter() - start > 2.5  # longer than its seconds, and answered
    finally:
        pool.close()
