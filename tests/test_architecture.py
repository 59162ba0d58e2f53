"""The house rules that keep games apart from what plays them: the generic modules name no
game, and no module imports itself through others (no import cycle)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

from zermelo.games.registry import GAMES

SRC = Path(__file__).resolve().parent.parent / "src" / "zermelo"
GENERIC = [*sorted((SRC / "engines").glob("*.py")), *sorted((SRC / "web").glob("*.py")),
           *sorted((SRC / "puzzles").glob("*.py")),
           *(SRC / "cli" / f"{name}.py" for name in ("play", "solve", "bench", "serve", "main",
                                                     "common", "puzzles"))]
"""Modules that must work for any registered game from what its entry declares."""


def test_generic_modules_name_no_game() -> None:
    names = {*GAMES, *(entry.title for entry in GAMES.values())}
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.I)
    found = [f"{path.relative_to(SRC)}:{number}: {line.strip()}"
             for path in GENERIC
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if pattern.search(line)]
    assert found == []


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The zermelo modules ``path`` imports, outside ``if TYPE_CHECKING:`` blocks
    (``from package import module`` depends on the module, not on the package's face)."""
    tree = ast.parse(path.read_text())
    skipped = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
               and "TYPE_CHECKING" in ast.unparse(block.test) for node in ast.walk(block)}
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {name for name in found if name.startswith("zermelo")}


def test_no_import_cycle() -> None:
    modules = {".".join(p.relative_to(SRC.parent).with_suffix("").parts).removesuffix(
        ".__init__"): p for p in SRC.rglob("*.py")}
    graph = {name: sorted(m for m in imports_of(path, set(modules)) if m in modules and m != name)
             for name, path in modules.items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for child in graph[name]:
            if state.get(child) == 1:
                cycles.append([*path[path.index(child):], child])
            elif child not in state:
                visit(child, [*path, child])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


STARTUP = """
import numba.core.event as event
compiled = []
class Count(event.Listener):
    def on_start(self, e):
        compiled.append(e.data["dispatcher"].py_func.__qualname__)
    def on_end(self, e):
        pass
event.register("numba:compile", Count())
import zermelo.cli.main
print(len(compiled), sorted(set(compiled))[:5])
"""


def test_starting_the_command_line_compiles_no_kernel(tmp_path: Path) -> None:
    # the commands import the modules of kernels only when they run, and no kernel compiles
    # (or loads) when its module is imported, so every `zermelo` starts in a second
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}  # nothing cached: a compile shows
    out = subprocess.run([sys.executable, "-c", STARTUP], env=env, capture_output=True,
                         text=True, check=True, timeout=120).stdout
    assert out.split()[0] == "0", out
