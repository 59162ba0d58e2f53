"""The server under load on loopback: requests/s and latency percentiles at 1, 10 and 100
concurrent clients, with and without a tenth of expensive engine requests, and the server's
memory before and after.

    python benchmarks/http_load.py [--seconds 5] [--clients 1,10,100] [--move-time 1]

Starts ``zermelo serve`` in a subprocess on a free port. Each client is a thread with its own
keep-alive connection sending requests one after another for ``--seconds``: cheap ones are
``POST /api/tictactoe/moves`` and ``POST /api/nim/play`` in turn; in the mixed runs every
tenth request is ``POST /api/connect4/engine`` with ``alphabeta:64``, which thinks for the
server's whole ``--move-time`` before it answers. Latencies are of the cheap requests only, so
the mixed rows show what the expensive ones do to everyone else; ``refused`` counts the engine
requests answered 503 at once because the worker pool was full. ``--workers`` is passed to the
server (0: searches in the server's own process).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2 as httpx
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).parent))
from http_api import free_port, wait_until_up

CHEAP = [("/api/tictactoe/moves", {"position": "X...O...."}),
         ("/api/nim/play", {"position": "A 1 2 3", "move": "3:1"})]
EXPENSIVE = ("/api/connect4/engine", {"engine": "alphabeta:64", "position": "44"})


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def client_loop(base: str, seconds: float, mixed: bool, latencies: list[float],
                counts: list[int], errors: list[str], refused: list[int]) -> None:
    """One client: requests back to back until the time is up."""
    deadline = time.perf_counter() + seconds
    sent = 0
    with httpx.Client(base_url=base, timeout=120) as client:
        while time.perf_counter() < deadline:
            expensive = mixed and sent % 10 == 9
            path, body = EXPENSIVE if expensive else CHEAP[sent % len(CHEAP)]
            start = time.perf_counter()
            answer = client.post(path, json=body)
            took = time.perf_counter() - start
            sent += 1
            if answer.status_code == 503 and expensive:
                refused.append(1)
            elif answer.status_code != 200:
                errors.append(f"{answer.status_code} {answer.text[:80]}")
            elif not expensive:
                latencies.append(took)
    counts.append(sent)


def run(base: str, clients: int, seconds: float, mixed: bool) -> dict[str, float]:
    """Requests/s and cheap-request latency percentiles (ms) with ``clients`` clients."""
    latencies: list[float] = []
    counts: list[int] = []
    errors: list[str] = []
    refused: list[int] = []
    threads = [threading.Thread(target=client_loop,
                                args=(base, seconds, mixed, latencies, counts, errors, refused))
               for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {"requests/s": sum(counts) / wall, "p50": cuts[49] * 1000, "p99": cuts[98] * 1000,
            "errors": float(len(errors)), "refused": float(len(refused))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", default="1,10,100")
    parser.add_argument("--move-time", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "zermelo", "serve", "--port", str(port),
                               "--move-time", str(args.move_time), "--workers",
                               str(args.workers)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    console = Console()
    try:
        wait_until_up(f"{base}/api/games")
        for path, body in [*CHEAP, EXPENSIVE]:  # warm up: compile kernels, open solvers
            httpx.post(f"{base}{path}", json=body, timeout=120)
        before = rss_kib(server.pid)
        table = Table("clients", "mix", "requests/s", "p50 ms", "p99 ms", "refused", "errors",
                      title=f"zermelo serve on loopback, {args.seconds:g} s per row, "
                            f"move time {args.move_time:g} s, {args.workers} workers")
        for clients in (int(c) for c in args.clients.split(",")):
            for mixed in (False, True):
                row = run(base, clients, args.seconds, mixed)
                table.add_row(str(clients), "10 % engine" if mixed else "cheap only",
                              f"{row['requests/s']:,.0f}", f"{row['p50']:.1f}",
                              f"{row['p99']:.1f}", f"{row['refused']:.0f}",
                              f"{row['errors']:.0f}")
        after = rss_kib(server.pid)
        console.print(table)
        console.print(f"server RSS: {before / 1024:.0f} MiB after warm-up, "
                      f"{after / 1024:.0f} MiB after the runs")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
