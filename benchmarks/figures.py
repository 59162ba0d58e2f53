"""Figures a benchmark measured, written where the docs show them, so that running the benchmark
again updates the docs' claim.

A page holds a region ``<!-- figures:NAME -->`` ... ``<!-- /figures:NAME -->``; the benchmark
calls :func:`record`, which writes ``src/zermelo/figures/NAME.json`` (the figures, the command,
the date, the load average, the Markdown shown and, where a game's page section shows them, a
table: :mod:`zermelo.core.figures`) and puts that Markdown into the region of every page that
has one. ``tests/docs/test_figures.py`` checks that each region is its file's Markdown, so a
figure edited by hand in a page is caught.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "src" / "zermelo" / "figures"


def region(name: str) -> re.Pattern[str]:
    """The region of a page that shows the figures ``name``, markers included."""
    return re.compile(rf"(<!-- figures:{re.escape(name)} -->\n)(.*?)(<!-- /figures:"
                      rf"{re.escape(name)} -->)", re.S)


def load() -> str:
    """The load average over the last minute, five and fifteen, as ``uptime`` gives it."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def command() -> str:
    """The command that runs this benchmark, as a reader types it."""
    script = Path(sys.argv[0]).resolve()
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    return shlex.join(["python", str(shown), *sys.argv[1:]])


def record(name: str, figures: dict[str, Any], markdown: str, *, began_load: str,
           seconds: float, table: dict[str, Any] | None = None) -> Path:
    """Write ``figures``, the ``markdown`` that shows them (to which a line naming the
    command, the date, the load averages at the start and the end and the run's wall-clock
    seconds is added) and the ``table`` a game's page section shows (``title``, ``columns``,
    ``rows`` of texts) to src/zermelo/figures/NAME.json, and that Markdown into each page's
    region ``name``. Returns the file written."""
    shown = (f"{markdown.rstrip()}\n\n"
             f"(`{command()}`, {date.today().isoformat()}, {seconds:,.0f} s wall-clock; load "
             f"average {began_load} at the start, {load()} at the end)\n")
    data = {"name": name, "command": command(), "date": date.today().isoformat(),
            "load_start": began_load, "load_end": load(), "seconds": round(seconds, 1),
            "figures": figures, "markdown": shown, **({"table": table} if table else {})}
    FIGURES.mkdir(exist_ok=True)
    path = FIGURES / f"{name}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    pattern = region(name)
    for page in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))):
        text = page.read_text(encoding="utf-8")
        if pattern.search(text):
            page.write_text(pattern.sub(lambda m: m[1] + shown + m[3], text), encoding="utf-8")
            print(f"figures {name}: written to {path.relative_to(ROOT)} and "
                  f"{page.relative_to(ROOT)}")
    return path


def main() -> None:
    """Say for each page's figures region whether it shows what its data file holds."""
    import argparse
    argparse.ArgumentParser(description=main.__doc__).parse_args()
    marker = re.compile(r"<!-- figures:([\w.-]+) -->")
    for page in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))):
        text = page.read_text(encoding="utf-8")
        for name in marker.findall(text):
            path = FIGURES / f"{name}.json"
            shown = region(name).search(text)
            data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
            same = shown is not None and shown[2] == data.get("markdown")
            print(f"{page.relative_to(ROOT)}: figures {name}: "
                  f"{'as measured' if same else 'differs from ' + str(path.relative_to(ROOT))}")


if __name__ == "__main__":
    main()
