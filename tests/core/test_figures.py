"""Measured figures shipped with the package: every file a game names is a table the page can
show, and a damaged file is one DataError, whatever its damage."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from zermelo.core.errors import DataError
from zermelo.core.figures import MAX_BYTES, MAX_NOTE, MAX_ROWS, measured
from zermelo.games.registry import GAMES


def test_every_named_figures_file_is_a_table_with_its_measurement() -> None:
    named = {name for entry in GAMES.values() for name in entry.figures}
    assert "openspiel_turtles-agents" in named
    for name in named:
        table = measured(name)
        assert table.rows and all(len(row) == len(table.columns) for row in table.rows)
        assert table.command.startswith("python benchmarks/") and table.date and table.load


def test_the_turtle_race_tables_hold_the_equilibrium_and_the_agents() -> None:
    agents = measured("openspiel_turtles-agents")
    rows = {row[0]: row for row in agents.rows}
    assert float(rows["equilibrium (CFR+)"][1]) == 0.0
    assert float(rows["dummy"][1]) > float(rows["H"][1]) > 0  # random play is the worst
    exploitability = [float(row[1]) for row in agents.rows]
    assert exploitability == sorted(exploitability)
    information = measured("openspiel_turtles-information")
    assert information.rows[0][1].startswith("53/150 = +0.3533")
    for table in (agents, information):  # the page says what the reduced race is
        assert "hands of 2" in table.note and "squares from the lettuce" in table.note


def good() -> dict[str, Any]:
    return {"command": "python benchmarks/x.py", "date": "2026-11-29", "load_start": "1.00",
            "table": {"title": "t", "columns": ["a", "b"], "rows": [["1", "2"]]}}


def broken(mutate: str) -> dict[str, Any] | list[int]:
    data = good()
    table = data["table"]
    if mutate == "not an object":
        return [1, 2]
    if mutate == "no table":
        del data["table"]
    elif mutate == "short row":
        table["rows"] = [["1"]]
    elif mutate == "number cell":
        table["rows"] = [["1", 2]]
    elif mutate == "no columns":
        table["columns"] = []
    elif mutate == "long title":
        table["title"] = "x" * 1000
    elif mutate == "too many rows":
        table["rows"] = [["1", "2"]] * (MAX_ROWS + 1)
    elif mutate == "no command":
        del data["command"]
    elif mutate == "long note":
        table["note"] = "x" * (MAX_NOTE + 1)
    elif mutate == "number note":
        table["note"] = 3
    return data


def test_a_good_file_reads(tmp_path: Path) -> None:
    (tmp_path / "demo.json").write_text(json.dumps(good()), encoding="utf-8")
    table = measured("demo", tmp_path)
    assert table.columns == ("a", "b") and table.rows == (("1", "2"),)
    assert table.as_json()["rows"] == [["1", "2"]] and table.note == ""
    data = good()
    data["table"]["note"] = "n" * MAX_NOTE
    (tmp_path / "demo.json").write_text(json.dumps(data), encoding="utf-8")
    assert measured("demo", tmp_path).as_json()["note"] == "n" * MAX_NOTE


@pytest.mark.parametrize("mutate", ["not an object", "no table", "short row", "number cell",
                                    "no columns", "long title", "too many rows", "no command",
                                    "long note", "number note"])
def test_a_damaged_file_is_one_data_error(tmp_path: Path, mutate: str) -> None:
    (tmp_path / "demo.json").write_text(json.dumps(broken(mutate)), encoding="utf-8")
    with pytest.raises(DataError, match=r"^bad data: figures demo: "):
        measured("demo", tmp_path)


@pytest.mark.parametrize("content", [b"{", b"\xff\xfe", b" " * (MAX_BYTES + 1), None])
def test_an_unreadable_file_is_one_data_error(tmp_path: Path, content: bytes | None) -> None:
    if content is not None:
        (tmp_path / "demo.json").write_bytes(content)
    with pytest.raises(DataError, match=r"^bad data: figures demo: "):
        measured("demo", tmp_path)
