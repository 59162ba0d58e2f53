"""``zermelo serve``: options reach uvicorn; a bad port is one line and status 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from tests.conftest import CliRunner


def test_serve_runs_the_app_on_the_given_address(cli: CliRunner, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    result = cli("serve", "--host", "0.0.0.0", "--port", "8123", "--db", str(tmp_path))
    assert result.code == 0
    assert "http://0.0.0.0:8123/" in result.out
    [(app, options)] = calls
    assert isinstance(app, FastAPI)
    assert (options["host"], options["port"]) == ("0.0.0.0", 8123)


def test_a_bad_port_is_one_line(cli: CliRunner) -> None:
    result = cli("serve", "--port", "70000")
    assert result.code == 2
    assert result.err.strip() == "zermelo: invalid option: port 70000: expected 1 to 65535"
