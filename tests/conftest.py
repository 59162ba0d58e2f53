"""Shared fixtures: running the command line in-process."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from zermelo.cli.main import main


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
