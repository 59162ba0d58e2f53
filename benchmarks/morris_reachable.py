"""Benchmark: the positions of Six Men's Morris reachable from the start, against published counts.

    .venv/bin/python benchmarks/morris_reachable.py [--db DIR]

Builds the full databases with and without flying into a fresh temporary directory (or uses
``--db DIR``), walks every raw position reachable from the start and prints, for each rule, the
count beside the published one (Liou's strong solution of Six Men's Morris, 42,372,745 without
flying; 42,383,945 with flying as counted by an independent solver under the same rules), the
finished games among them, wins, draws and losses of the side to move, the longest reachable
forced win with its position beside the published one (119 and 131 plies), the walk's wall and
CPU seconds and the load average. Exits 1 if a count or a longest win differs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from zermelo.solvers.morris.database import Database
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.reachable import Walk
from zermelo.tablebase.store import DatabaseError

PUBLISHED = {False: (42_372_745, 119), True: (42_383_945, 131)}
"""Reachable raw positions and the longest reachable forced win in plies, by flying rule."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None, help="Data directory (default: a "
                                                              "fresh temporary one).")
    args = parser.parse_args()
    wrong = False
    with tempfile.TemporaryDirectory(prefix="zermelo-bench-") as scratch:
        root = args.db or Path(scratch)
        for flying, (count, longest) in PUBLISHED.items():
            geometry = Geometry.of("six", flying)
            try:
                database = Database.open(geometry, "full", root)
            except DatabaseError:
                database = Database.build(geometry, "full", root)[0]
            walk = Walk(database)
            cpu = time.process_time()
            result = walk.run()
            cpu = time.process_time() - cpu
            where = result.longest_position
            print(f"{geometry.name} (flying {flying})")
            print(f"  reachable positions {result.positions:,} (published {count:,})")
            print(f"  game over           {result.over:,}; with stones in hand "
                  f"{result.placing:,}")
            print(f"  wins/draws/losses   {result.wins:,} / {result.draws:,} / "
                  f"{result.losses:,} (side to move)")
            print(f"  longest win         {result.longest_win} plies (published {longest}): "
                  f"{'-' if where is None else database.game.format_position(where)}")
            print(f"  farthest            {result.depth} plies from the start")
            print(f"  walk                {result.seconds:.1f} s wall, {cpu:.1f} s CPU, load "
                  f"average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            wrong |= (result.positions, result.longest_win) != (count, longest)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
