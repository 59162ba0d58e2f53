"""``zermelo games``: every registered game with its options (and their ranges) and engines."""

from __future__ import annotations

import json
from typing import Any

from rich.table import Table

from zermelo.cli.common import JsonOpt, console
from zermelo.engines import engines_for
from zermelo.games.registry import GAMES


def games(as_json: JsonOpt = False) -> None:
    """List the games, their variant options (for -o KEY=VALUE) and their engines."""
    rows: list[dict[str, Any]] = []
    for entry in GAMES.values():
        engines = [e.name + (f":{e.level.upper()}" if e.level else "")
                   for e in engines_for(entry)]
        rows.append({"name": entry.name, "title": entry.title,
                     "options": entry.options.as_json(), "engines": engines,
                     "default_engine": entry.default_engine})
    if as_json:
        print(json.dumps(rows))
        return
    table = Table("game", "options (-o KEY=VALUE)", "engines (--engine)", show_lines=True)
    for row in rows:
        options = "\n".join(f"{o['name']}={o['default']}  ({o['allowed']})"
                            for o in row["options"])
        table.add_row(f"{row['name']}\n{row['title']}", options, "\n".join(row["engines"]))
    console.print(table)
