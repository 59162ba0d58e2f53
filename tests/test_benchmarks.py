"""Every benchmark script starts (its imports and arguments are those of today's package)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_the_benchmark_shows_its_help(script: Path) -> None:
    process = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                             text=True, check=False, timeout=120)
    assert process.returncode == 0, process.stderr[-500:]
    assert "usage:" in process.stdout
