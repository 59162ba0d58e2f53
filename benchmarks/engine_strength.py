"""Every engine's strength, measured: games against random moves and against the game's
strongest engine, half in each seat, as wins, draws and losses with 95 % Wilson intervals.

    python benchmarks/engine_strength.py [--games N] [--seconds 0.2] [--only GAME] [--db DIR]

Each game is played on a variant small enough for many games (tic-tac-toe 3x3, Connect Four
5x4 k=3 and the standard 7x6, Nim 1,3,5,7, Pig to 20, Three Musketeers 4x4, Six Men's
Morris, The Great Turtle Race with two players); every engine that plays it is measured at its
default level and at the levels of the web page's strength words (easy, club, strong,
perfect). The strongest engine is ``perfect`` where the game has one, the generic alpha-beta to
the end of the game where it is exact (tic-tac-toe, Nim), and the belief model's compiled
information-set search (``belief-ismcts:300``) in the turtle race. Each engine move may think
``--seconds`` (the page's time budget, smaller); the reference's moves are not bounded. The
databases of Three Musketeers 4x4 and Six Men's Morris are built under ``--db`` (default: the
usual data directory) if they are missing there.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from zermelo.core.errors import ZermeloError
from zermelo.engines import engines_for, parse_spec
from zermelo.engines.strength import Record, play_series, warm_up
from zermelo.games.registry import get_game


@dataclass(frozen=True)
class Plan:
    """One game variant to measure: its options, its strongest engine, its default number of
    games and the command (``zermelo ARGS --db DIR``) that builds the database it needs."""

    game: str
    label: str
    options: tuple[tuple[str, str], ...]
    strongest: str
    games: int
    build: tuple[str, ...] = ()


PLANS = (
    Plan("tictactoe", "tic-tac-toe 3x3", (), "alphabeta:64", 60),
    Plan("connect4", "Connect Four 5x4 k=3", (("board", "5x4"), ("k", "3")), "perfect", 40),
    Plan("connect4", "Connect Four 7x6", (), "perfect", 10),
    Plan("nim", "Nim 1,3,5,7", (), "alphabeta:64", 60),
    Plan("pig", "Pig to 20", (("goal", "20"),), "perfect", 40),
    Plan("musketeers", "Three Musketeers 4x4", (("board", "4x4"),), "perfect", 40,
         ("musketeers", "solve", "--board", "4x4")),
    Plan("morris", "Six Men's Morris", (("board", "six"),), "perfect", 10,
         ("morris", "solve", "--board", "six")),
    Plan("turtles", "Great Turtle Race, 2 players", (), "belief-ismcts:300", 40),
)
"""Every game's variants, in the order they are measured."""


@dataclass(frozen=True)
class Row:
    """An engine's results against random moves and against the strongest engine."""

    engine: str
    level: str
    random: Record
    strongest: Record


def engines_to_measure(plan: Plan) -> list[tuple[str, str]]:
    """(engine at its level, its words: ``default`` and the strength words naming it) for
    every engine of the variant at its default level and every engine the strength words
    name, each once, in the game's order."""
    entry = get_game(plan.game)
    game = entry.game(dict(plan.options))
    found: dict[str, list[str]] = {}
    for spec in engines_for(entry, game):
        name = spec.name if spec.default_level is None else f"{spec.name}:{spec.default_level}"
        found.setdefault(name, []).append("" if spec.level is None else "default")
    for word, text in entry.strengths:
        spec, level = parse_spec(text, entry)
        if spec.plays(game):
            found.setdefault(spec.name if level is None else f"{spec.name}:{level}", []
                             ).append(word)
    return [(name, ", ".join(w for w in words if w)) for name, words in found.items()]


def measure(plan: Plan, engines: Sequence[str], games: int, seconds: float | None,
            data: Path | None, report: Callable[[str], None] = lambda line: None) -> list[Row]:
    """Each engine's series against random moves and against the plan's strongest engine;
    ``report`` is told each series as it ends."""
    game = get_game(plan.game).game(dict(plan.options))
    levels = dict(engines_to_measure(plan))
    warm_up(game, plan.strongest, data, None)
    rows = []
    for engine in engines:
        warm_up(game, engine, data, seconds)
        against = {}
        for reference in ("random", plan.strongest):
            against[reference] = play_series(game, engine, reference, games, data=data,
                                             seconds=seconds)
            report(f"{plan.label}: {engine} v {reference} "
                   f"{against[reference].wins}/{against[reference].draws}/"
                   f"{against[reference].losses}")
        rows.append(Row(engine, levels.get(engine, ""), against["random"],
                        against[plan.strongest]))
    return rows


def percent(low: float, high: float) -> str:
    """An interval in whole percents."""
    return f"{100 * low:.0f}-{100 * high:.0f}"


def strength_table(title: str, strongest: str, rows: Sequence[Row]) -> Table:
    """The table of one variant: the W/D/L percents against random moves with the Wilson
    interval of the win share, against the strongest engine with that of the loss share, then
    the games a pairing, how many of those against the strongest engine differ (deterministic
    engines repeat their games) and the engine's seconds a move."""
    table = Table(title=title)
    table.add_column("engine")
    table.add_column("level")
    for column in ("v random W/D/L %", "W 95 %", f"v {strongest} W/D/L %", "L 95 %",
                   "games", "distinct", "s/move"):
        table.add_column(column, justify="right")
    for row in rows:
        cells = []
        for record, shown in ((row.random, row.random.wins),
                              (row.strongest, row.strongest.losses)):
            counts = (record.wins, record.draws, record.losses)
            cells += ["/".join(f"{100 * record.share(c)[0]:.0f}" for c in counts),
                      percent(*record.share(shown)[1:])]
        moves = row.random.moves + row.strongest.moves
        mean = (row.random.seconds + row.strongest.seconds) / moves if moves else 0.0
        table.add_row(row.engine, row.level, *cells, str(row.strongest.games),
                      str(len(row.strongest.lines)), f"{mean:.3f}")
    return table


def build_database(plan: Plan, data: Path | None) -> None:
    """Build (or find built) the database the plan's strongest engine reads."""
    if plan.build:
        where = () if data is None else ("--db", str(data))
        subprocess.run([sys.executable, "-m", "zermelo", *plan.build, *where], check=True,
                       stdout=subprocess.DEVNULL)


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per engine and reference (default: each variant's own, "
                             "10 to 60); half with the engine in each seat")
    parser.add_argument("--seconds", type=float, default=0.2,
                        help="seconds an engine may think a move (0: no limit)")
    parser.add_argument("--only", default=None, help="one game, e.g. connect4")
    parser.add_argument("--db", type=Path, default=None, help="the databases' directory")
    args = parser.parse_args()
    plans = [p for p in PLANS if args.only in (None, p.game)]
    console, errors = Console(width=max(Console().width, 132)), Console(stderr=True)
    if not plans:
        parser.error(f"--only {args.only}: no such game (known: "
                     f"{', '.join(dict.fromkeys(p.game for p in PLANS))})")
    if (args.games is not None and args.games < 1) or args.seconds < 0:
        parser.error("--games must be at least 1 and --seconds at least 0")
    console.print(f"load average at the start: {load()}")
    begin = time.perf_counter()
    for plan in plans:
        started = time.perf_counter()
        games = plan.games if args.games is None else args.games
        try:
            build_database(plan, args.db)
            rows = measure(plan, [name for name, _ in engines_to_measure(plan)], games,
                           args.seconds or None, args.db, errors.print)
        except (ZermeloError, subprocess.CalledProcessError) as error:
            errors.print(f"{plan.label}: {error}")
            continue
        console.print(strength_table(
            f"{plan.label}: {games} games a pairing, {args.seconds:g} s a move "
            f"({time.perf_counter() - started:.0f} s, load {load()})", plan.strongest, rows))
    console.print(f"{time.perf_counter() - begin:.0f} s in all; load average at the end: "
                  f"{load()}")


if __name__ == "__main__":
    main()
