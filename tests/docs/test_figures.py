"""The figures benchmarks measured are shown in the docs as the benchmarks wrote them: each page's
region ``<!-- figures:NAME -->`` is the Markdown of ``src/zermelo/figures/NAME.json``, which
names the benchmark that wrote it (benchmarks/figures.py)."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from pathlib import Path
from types import ModuleType

import pytest

from zermelo.core.figures import measured

ROOT = Path(__file__).resolve().parents[2]
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
FIGURES = ROOT / "src" / "zermelo" / "figures"
MARKER = re.compile(r"<!-- figures:([\w.-]+) -->")


def figures_module() -> ModuleType:
    """benchmarks/figures.py, which is a script and not a package's module."""
    spec = importlib.util.spec_from_file_location("figures", ROOT / "benchmarks" / "figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REGIONS = [(page, name) for page in PAGES
           for name in MARKER.findall(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("page", "name"), REGIONS,
                         ids=[f"{p.name}:{n}" for p, n in REGIONS])
def test_a_region_shows_what_its_benchmark_wrote(page: Path, name: str) -> None:
    data = json.loads((FIGURES / f"{name}.json").read_text(encoding="utf-8"))
    shown = figures_module().region(name).search(page.read_text(encoding="utf-8"))
    assert shown is not None, f"{page.name}: figures {name} has no closing marker"
    assert shown[2] == data["markdown"], (
        f"{page.name}: figures {name} differs from src/zermelo/figures/{name}.json: run "
        f"{data['command']} again instead of editing the page")
    words = shlex.split(data["command"])
    assert words[0] == "python" and (ROOT / words[1]).is_file(), data["command"]
    assert data["command"] in data["markdown"] and data["date"] in data["markdown"]


def test_every_data_file_is_shown_on_a_page() -> None:
    shown = {name for _, name in REGIONS}
    files = {path.stem for path in FIGURES.glob("*.json")}
    assert files <= shown


def test_record_writes_the_file_and_the_region(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    figures = figures_module()
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.md"
    page.write_text("before\n<!-- figures:demo -->\nold 0.1033\n<!-- /figures:demo -->\nafter\n",
                    encoding="utf-8")
    (tmp_path / "README.md").write_text("no region\n", encoding="utf-8")
    monkeypatch.setattr(figures, "ROOT", tmp_path)
    monkeypatch.setattr(figures, "FIGURES", tmp_path / "docs" / "figures")
    table = {"title": "x", "columns": ["x"], "rows": [["0.2783"]]}
    path = figures.record("demo", {"x": 0.2783}, "| x |\n|---|\n| 0.2783 |", began_load="1.00",
                          seconds=12.0, table=table)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["figures"] == {"x": 0.2783} and data["load_start"] == "1.00"
    assert measured("demo", path.parent).rows == (("0.2783",),)  # what a game's section shows
    text = page.read_text(encoding="utf-8")
    assert "0.1033" not in text and text.startswith("before\n<!-- figures:demo -->\n| x |")
    assert text.endswith("<!-- /figures:demo -->\nafter\n")
    assert figures.region("demo").search(text)[2] == data["markdown"]
    assert "load average 1.00 at the start" in data["markdown"]
