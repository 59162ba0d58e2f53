"""Shared fixtures: running the command line in-process, a small Three Musketeers database."""

from __future__ import annotations

import gc
import io
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from zermelo.cli.main import main
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant

SHARED = {
    "connect4-5x4": ("tests/connect4/test_solver.py", "tests/connect4/test_table.py",
                     "tests/connect4/test_book_analysis.py", "tests/connect4/test_engine_book.py",
                     "tests/engines/test_connect4_engines.py", "tests/puzzles/test_puzzles.py"),
}
"""Groups of test files that run on one pytest-xdist worker, one after the other, because they
share what is expensive to build: these score 5x4 Connect Four boards from the start with one
memoised minimax (8 CPU s each alone)."""


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: absent under -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadfile`` (``dev.py test``), each file runs on one worker (its module
    fixtures, a server with chromium or a Dask cluster, start once), and so does each group of
    :data:`SHARED`."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    group_of = {path: name for name, paths in SHARED.items() for path in paths}

    class ByFileOrGroup(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return group_of.get(path, path)

    return ByFileOrGroup(config, log)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After each test file, collect its garbage and set what is left aside from the garbage
    collector (``gc.freeze``). A worker keeps the memoised oracles and compiled kernels of
    every file it ran, and the collector walked them again and again: 7.5 % of the suite's
    CPU samples were in it, 3.7 % with this."""
    yield
    if nextitem is None or nextitem.path != item.path:
        gc.collect()
        gc.freeze()


@dataclass
class CliResult:
    code: int
    out: str
    err: str


CliRunner = Callable[..., CliResult]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """Run ``zermelo ARGS`` in-process with optional standard input; return code and output."""

    def run(*args: str, stdin: str = "") -> CliResult:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = 0
        try:
            main(list(args))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data directory for every test, so that no database or book of the user's is
    found by default."""
    root = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("ZERMELO_DATA", str(root))
    return root


@pytest.fixture(scope="session")
def db_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the complete 4x4 Three Musketeers database (built once, in
    seconds)."""
    root = tmp_path_factory.mktemp("db")
    Database.build(Variant(4, 4, 3), root)
    return root
