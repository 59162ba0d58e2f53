"""Benchmark: solve a Morris board (or its endgames) by retrograde analysis and print the figures.

    .venv/bin/python benchmarks/morris_solve.py --board six [--flying/--no-flying]
    .venv/bin/python benchmarks/morris_solve.py --board variant23 --scope endgame-4

Builds into a fresh temporary directory (or ``--keep DIR``), so nothing is resumed, then prints
the build time and peak memory, the start's value and its moves' (scope ``full``), win/draw/loss
counts of the side to move per sliding slice (every symmetric copy counted), and the longest
forced win with a position that needs it. Goals: Six Men's Morris in 2 minutes, the 23-point
board's 4-vs-4 endgames in 15.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from zermelo.cli.games.morris_solve import print_stats
from zermelo.games.morris.boards import BOARDS
from zermelo.solvers.morris.database import Database, MorrisPlan
from zermelo.solvers.morris.geometry import Geometry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="six")
    parser.add_argument("--flying", action=argparse.BooleanOptionalAction, default=None,
                        help="Fly with three stones (default: the board's rule).")
    parser.add_argument("--scope", default="full", help="'full' or 'endgame-K' (3 <= K).")
    parser.add_argument("--keep", type=Path, default=None, help="Build here and keep it.")
    args = parser.parse_args()
    geometry = Geometry.of(args.board, args.flying)
    console = Console()
    with tempfile.TemporaryDirectory(prefix="zermelo-bench-") as scratch:
        root = args.keep or Path(scratch)
        plan = MorrisPlan(geometry, args.scope)
        total = sum(t.size for t in plan.tables())
        started = time.perf_counter()
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task("solving", total=total)
            database, report = Database.build(geometry, args.scope, root,
                                              lambda table, n: bar.advance(task, n))
        wall = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        print(f"board              {geometry.name} (flying {geometry.flying}), scope {args.scope}")
        print(f"positions stored   {report.positions:,} in {report.tables_built} tables")
        print(f"build seconds      {wall:.1f}")
        print(f"peak RSS           {peak:.2f} GiB")
        game = database.game
        if args.scope == "full":
            start = database.start()
            analysis = database.analyze(start)
            print(f"start              {analysis.value}: "
                  + " ".join(f"{game.format_move(start, m)} {v}" for m, v in analysis.moves))
        print_stats(game, database.stats())

if __name__ == "__main__":
    main()
