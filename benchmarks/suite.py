"""How long the test suite takes: its wall time, its outcome and its slowest tests.

    python benchmarks/suite.py [--workers auto|N|0] [--slowest 10] [pytest args...]

Runs pytest from the project root (``--workers 0``: one process, without pytest-xdist; else
``-n WORKERS --dist loadfile``, as ``python3 dev.py test`` does), then prints the wall time,
pytest's summary line, the load average before and after, and the slowest tests by their own
time (setup, call and teardown summed).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DURATION = re.compile(r"^([0-9.]+)s (setup|call|teardown)\s+(.+)$")
SUMMARY = re.compile(r"^=*\s*(\d+ \w+.*) in [0-9.]+s")


def slowest(output: str, count: int) -> list[tuple[float, str]]:
    """The ``count`` slowest tests of pytest's ``--durations`` lines, their phases summed."""
    total: dict[str, float] = defaultdict(float)
    for line in output.splitlines():
        match = DURATION.match(line.strip())
        if match:
            total[match[3]] += float(match[1])
    return sorted(((seconds, test) for test, seconds in total.items()), reverse=True)[:count]


def load() -> str:
    """The one-, five- and fifteen-minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="auto",
                        help="pytest-xdist workers: auto (one a core, as dev.py test), a number, "
                        "or 0 for none")
    parser.add_argument("--slowest", type=int, default=10, help="how many slowest tests to list")
    args, rest = parser.parse_known_args()
    workers = (["-p", "no:xdist"] if args.workers == "0"
               else ["-n", args.workers, "--dist", "loadfile"])
    # --durations lists phases: ask for enough of them to sum each slow test's three
    command = [sys.executable, "-m", "pytest", *workers, f"--durations={3 * args.slowest}",
               "-p", "no:cacheprovider", *rest]
    before = load()
    start = time.perf_counter()
    process = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    summary = [m[1] for m in map(SUMMARY.match, process.stdout.splitlines()) if m]
    print("$ python", " ".join(command[1:]))
    print(f"wall {wall:.0f} s ({wall / 60:.1f} min); {summary[-1] if summary else 'no summary'}")
    print(f"load average before {before}, after {load()}")
    print(f"slowest {args.slowest} (setup + call + teardown):")
    for seconds, test in slowest(process.stdout, args.slowest):
        print(f"{seconds:8.2f} s  {test}")
    if process.returncode:
        print(process.stdout[-3000:], process.stderr[-2000:], sep="\n", file=sys.stderr)
        sys.exit(process.returncode)


if __name__ == "__main__":
    main()
