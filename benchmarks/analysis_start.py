"""How long the page's analysis of each game's start takes: the first request to a fresh
server (compiling, opening or building tables) and the same request again.

    python benchmarks/analysis_start.py [--db DIR] [--seconds 2] [--variants morris:board=six,...]

For every game with analysis (and the named variants), a fresh ``zermelo serve`` (2 workers)
answers ``POST /api/GAME/analyze`` for the start position twice; the table gives both times, the
value found and how many legal moves were left unvalued within ``--seconds``. ``--db`` is the
data directory the server reads (default: the user's, so databases built there are used).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from rich.console import Console
from rich.table import Table

from zermelo.games.registry import GAMES

sys.path.insert(0, str(Path(__file__).parent))
from http_api import free_port, wait_until_up

VARIANTS = ("musketeers:board=4x4", "morris:board=three", "morris:board=six",
            "morris:board=standard")
"""Variants timed beside each game's default one."""


def parse_variant(text: str) -> tuple[str, dict[str, str]]:
    """``GAME:KEY=VALUE;KEY=VALUE`` as the game and its options."""
    name, _, rest = text.partition(":")
    options = dict(item.split("=", 1) for item in rest.split(";") if item)
    return name, options


def timed(base: str, name: str, options: dict[str, str], seconds: float) -> tuple[float, Any]:
    """Seconds of one analysis of the start, and its JSON answer (or the error's)."""
    start = time.perf_counter()
    answer = httpx.post(f"{base}/api/{name}/analyze", timeout=3600,
                        json={"options": options, "seconds": seconds})
    return time.perf_counter() - start, answer.json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", type=Path, default=None, help="the server's data directory")
    parser.add_argument("--seconds", type=float, default=2.0, help="the analysis budget (0.1-60)")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="comma-separated GAME:KEY=VALUE;... besides the defaults")
    args = parser.parse_args()
    if not 0.1 <= args.seconds <= 60:
        parser.error("--seconds: 0.1 to 60")
    runs = [(name, {}) for name, entry in GAMES.items() if entry.analysis]
    runs += [parse_variant(v) for v in args.variants.split(",") if v]
    zermelo = Path(sys.executable).parent / "zermelo"
    table = Table(title=f"analysis of the start, budget {args.seconds:g} s")
    for column in ("game", "options", "first s", "again s", "value", "unvalued"):
        table.add_column(column)
    console = Console()
    for name, options in runs:
        port = free_port()
        command = [str(zermelo), "serve", "--port", str(port), "--workers", "2",
                   "--move-time", str(args.seconds)]
        if args.db is not None:
            command += ["--db", str(args.db)]
        server = subprocess.Popen(command, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(f"{base}/api/games")
            first, answer = timed(base, name, options, args.seconds)
            again, answer = timed(base, name, options, args.seconds)
            said = answer.get("result") or f"refused: {answer.get('error', '?')}"
            table.add_row(name, " ".join(f"{k}={v}" for k, v in options.items()) or "default",
                          f"{first:.2f}", f"{again:.2f}", said[:60],
                          str(len(answer.get("unproven", []))))
            console.print(f"{name} {options}: {first:.2f} s, {again:.2f} s, {said[:60]}")
        finally:
            server.terminate()
            server.wait(10)
    console.print(table)


if __name__ == "__main__":
    main()
