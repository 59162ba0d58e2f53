"""From a click to the engine's reply on the page, for each game's strongest engine.

    python benchmarks/http_reply.py [--moves 4] [--move-time 5] [--musketeers-board 4x4]

Starts ``zermelo serve`` (2 workers) for each game in a subprocess on a free port with a fresh
data directory holding the Three Musketeers database of ``--musketeers-board`` (built first),
opens the page in Debian's chromium (Playwright) and plays ``--moves`` random moves by clicking,
timing each from the click that completes the move to the moment the engine's reply is on the
board and it is the person's turn again (the page's own requests included: the move, the
engine, the new boards; in Pig a roll is answered by the die, and the engine's turn comes after
a hold or a 1). The strongest engine is ``perfect`` where the game has one, else the game's own
first engine, else ``alphabeta:64`` (which searches for the whole move time), the first of
these that plays the start (asked once before). A reply the
server gives up on (``busy``) or refuses is counted as refused, and the page's reason printed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from playwright.sync_api import Page, sync_playwright
from rich.console import Console
from rich.table import Table

from zermelo.games.registry import GAMES

sys.path.insert(0, str(Path(__file__).parent))
from http_api import free_port, wait_until_up

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
SHAPE = ":not(.hl):not(title):not(.last)"
"""The shape of a target a person sees and clicks."""


def candidates(game: dict[str, Any]) -> list[str]:
    """The engines a game's figures may be measured with, strongest first."""
    names = [str(e["name"]) for e in game["engines"]]
    generic = {"random", "alphabeta", "mcts", "expectimax"}
    own = [n for n in names if n not in generic]
    return [*sorted(own, key=lambda n: n != "perfect"), "alphabeta:64"]


def strongest(base: str, game: dict[str, Any], options: dict[str, str]) -> str:
    """The first candidate engine that plays the variant's start (a database engine without
    its database does not)."""
    for engine in candidates(game):
        answer = httpx.post(f"{base}/api/{game['name']}/engine", timeout=120,
                            json={"engine": engine, "options": options, "seconds": 1})
        if answer.status_code == 200:
            return engine
    return "random"


def reply_times(page: Page, game: dict[str, Any], engine: str, moves: int,
                options: dict[str, str], rng: random.Random) -> tuple[list[float], int]:
    """Seconds from each completing click to the person's next turn, and how many engine
    replies were refused."""
    page.select_option("#game", str(game["name"]))
    page.wait_for_function("['your-move', 'over'].includes(document.body.dataset.phase)")
    for name, value in options.items():  # a size: WIDTHxHEIGHT in its two boxes
        control = page.locator(f'[data-option="{name}"] input')
        for i, side in enumerate(value.split("x")):
            control.nth(i).fill(side)
    page.select_option("#engine", engine.split(":")[0])
    if ":" in engine:
        page.fill("#level", engine.split(":")[1])
    page.click("#new")
    times, refused = [], 0
    for _ in range(moves):
        page.wait_for_function("['your-move', 'over'].includes(document.body.dataset.phase)",
                               timeout=300_000)
        if page.evaluate("document.body.dataset.phase") == "over":
            break
        paths = json.loads(page.get_attribute("#board svg", "data-moves") or "{}")
        move = rng.choice(sorted(paths))
        for target in paths[move][:-1]:
            page.locator(f'#board g.target[data-target="{target}"] > {SHAPE}').first.click()
        last = (page.locator(f'#board g.target[data-target="{paths[move][-1]}"] > {SHAPE}')
                if paths[move] else page.locator("#choices button", has_text=move))
        start = time.perf_counter()
        last.first.click()
        page.wait_for_function("['your-move', 'over'].includes(document.body.dataset.phase)",
                               timeout=120_000, polling=20)
        times.append(time.perf_counter() - start)
        said = page.text_content("#last") or ""
        if "did not move" in said:
            refused += 1
            print(f"  refused: {said}")
    return times, refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=4, help="timed moves per game (1-50)")
    parser.add_argument("--move-time", type=float, default=5.0, help="the server's --move-time")
    parser.add_argument("--musketeers-board", default="4x4", help="the database built first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    args = parser.parse_args()
    if not 1 <= args.moves <= 50:
        parser.error("--moves: 1 to 50")
    data = Path(tempfile.mkdtemp(prefix="zermelo-reply-"))
    zermelo = Path(sys.executable).parent / "zermelo"
    subprocess.run([str(zermelo), "musketeers", "solve", "--board", args.musketeers_board,
                    "--db", str(data)], check=True, capture_output=True)
    console = Console()
    table = Table(title=f"click to engine reply, move time {args.move_time:g} s, "
                        f"{args.moves} moves a game")
    for column in ("game", "engine", "median s", "max s", "refused"):
        table.add_column(column)
    rng = random.Random(args.seed)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name in args.games.split(",") if args.games else list(GAMES):
            port = free_port()  # a fresh server: no search of the last game still running
            server = subprocess.Popen([str(zermelo), "serve", "--port", str(port), "--db",
                                       str(data), "--move-time", str(args.move_time),
                                       "--workers", "2"], stderr=subprocess.DEVNULL)
            try:
                wait_until_up(f"http://127.0.0.1:{port}/api/games")
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_function("document.body.dataset.phase !== 'loading'")
                game = next(g for g in page.evaluate("games") if g["name"] == name)
                options = {"board": args.musketeers_board} if name == "musketeers" else {}
                engine = strongest(f"http://127.0.0.1:{port}", game, options)
                console.print(f"{name} ({engine})...")
                times, refused = reply_times(page, game, engine, args.moves, options, rng)
                table.add_row(name, engine,
                              f"{statistics.median(times):.3f}" if times else "-",
                              f"{max(times):.3f}" if times else "-", str(refused))
                console.print(f"{name}: {[round(t, 3) for t in times]}")
                page.close()
            finally:
                server.terminate()
                server.wait(10)
        browser.close()
    console.print(table)


if __name__ == "__main__":
    main()
