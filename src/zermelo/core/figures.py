"""Figures a benchmark measured, shipped with the package so that a front end can show them
beside the game they are about.

A benchmark run with ``--figures`` writes ``zermelo/figures/NAME.json`` (``benchmarks/figures.py``):
the figures, the command that measured them, the date, the load average, the Markdown the docs
show and, for a front end, a ``table`` (a title, column names, rows of text and, if the title
needs it, a ``note`` saying what was measured: the reduced game, the units). A game's entry
names the files it shows (:attr:`zermelo.core.entry.GameEntry.figures`); :func:`measured` reads
one and checks its shape, so a damaged file is one :class:`DataError`, never a half-drawn table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from zermelo.core.errors import DataError

MAX_BYTES = 1 << 20
"""The largest figures file read."""
MAX_ROWS, MAX_COLUMNS, MAX_TEXT = 100, 10, 300
"""The largest table shown: rows, columns and characters a cell (or a title)."""
MAX_NOTE = 1000
"""The most characters of a table's note."""


@dataclass(frozen=True)
class Measured:
    """One table of measured figures and how it was measured."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    command: str
    date: str
    load: str
    note: str = ""
    """What the title alone does not say (empty: nothing)."""

    def as_json(self) -> dict[str, Any]:
        """The table as the web page shows it."""
        return {"name": self.name, "title": self.title, "columns": list(self.columns),
                "rows": [list(row) for row in self.rows], "command": self.command,
                "date": self.date, "load": self.load, "note": self.note}


def measured(name: str, folder: Traversable | None = None) -> Measured:
    """The figures ``name`` (in ``folder``, by default the package's ``figures``) as a table;
    :class:`DataError` if the file is missing, too large or not of the shape
    ``benchmarks/figures.py`` writes."""
    path = (folder or resources.files("zermelo") / "figures") / f"{name}.json"
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise DataError(f"figures {name}: more than {MAX_BYTES:,} bytes")
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DataError(f"figures {name}: cannot be read ({type(error).__name__})") from None
    table = data.get("table") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise DataError(f"figures {name}: no table")
    title, columns, rows = table.get("title"), table.get("columns"), table.get("rows")
    texts = [data.get("command"), data.get("date"), data.get("load_start"), title]
    note = table.get("note", "")
    if (not all(_text(t) for t in texts) or not _text(note, MAX_NOTE)
            or not isinstance(columns, list) or not 0 < len(columns) <= MAX_COLUMNS
            or not all(_text(c) for c in columns)
            or not isinstance(rows, list) or len(rows) > MAX_ROWS
            or not all(isinstance(row, list) and len(row) == len(columns)
                       and all(_text(cell) for cell in row) for row in rows)):
        raise DataError(f"figures {name}: a table of at most {MAX_ROWS} rows of "
                        f"{MAX_COLUMNS} texts (and a note of at most {MAX_NOTE} characters) "
                        "expected")
    return Measured(name, str(title), tuple(columns), tuple(tuple(row) for row in rows),
                    data["command"], data["date"], data["load_start"], str(note))


def _text(value: Any, most: int = MAX_TEXT) -> bool:
    """Whether ``value`` is a text a table may show, of at most ``most`` characters."""
    return isinstance(value, str) and len(value) <= most
