"""Every benchmark script starts (its imports and arguments are those of today's package)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))

HELP_ALL = """
import contextlib, io, json, runpy, sys, traceback
answers = {}
for script in sys.argv[1:]:
    out = io.StringIO()
    sys.argv = [script, "--help"]
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(script, run_name="__main__")
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        code, out = -1, io.StringIO(traceback.format_exc())
    answers[script] = [code, out.getvalue()[-2000:]]
print(json.dumps(answers))
"""
"""Runs every script's ``--help`` in one interpreter, so the package is imported once."""


@pytest.fixture(scope="module")
def helps() -> dict[str, list[object]]:
    """Each script's exit status and what it printed for ``--help``."""
    process = subprocess.run([sys.executable, "-c", HELP_ALL, *map(str, SCRIPTS)],
                             capture_output=True, text=True, check=False, timeout=300)
    assert process.returncode == 0, process.stderr[-2000:]
    answers: dict[str, list[object]] = json.loads(process.stdout.splitlines()[-1])
    return answers


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_the_benchmark_shows_its_help(script: Path, helps: dict[str, list[object]]) -> None:
    code, printed = helps[str(script)]
    assert code == 0, printed
    assert "usage:" in str(printed)
