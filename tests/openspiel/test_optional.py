"""OpenSpiel stays optional: the package imports without it and says in one line how to get
it when it is needed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from zermelo.core.errors import GameNotSupportedError
from zermelo.openspiel import INSTALL, require


def test_require_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(GameNotSupportedError, match=r"pip install 'zermelo\[openspiel\]'"):
        require()


def test_without_openspiel_the_package_imports_and_solve_says_one_line() -> None:
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "import zermelo.openspiel, zermelo.openspiel.actions\n"
            "from zermelo.cli.main import main\n"
            "main(['solve', 'openspiel:tic_tac_toe'])\n")
    process = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=False, timeout=120)
    assert process.returncode == 2
    assert process.stderr.strip() == f"zermelo: unsupported game: {INSTALL}"
