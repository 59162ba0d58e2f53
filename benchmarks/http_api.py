"""The HTTP API's speed on loopback: engine moves (median latency) and ``moves`` requests/s.

    python benchmarks/http_api.py --board 4x4 --requests 2000 --clients 8

Starts ``zermelo serve`` in a subprocess on a free port, then (1) asks the ``perfect`` engine
for a move along random games, one request at a time, and reports the median and 95th
percentile latency; (2) sends ``moves`` requests from several concurrent clients (httpx, keep-
alive connections) and reports requests per second. The database is built under ``--db`` if
missing.
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from zermelo.games.musketeers.database import Database
from zermelo.games.musketeers.indexing import Variant
from zermelo.games.musketeers.variant import parse_board


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_up(url: str, seconds: float = 30.0) -> None:
    """Poll ``url`` until it answers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            httpx.get(url, timeout=1.0)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise SystemExit(f"no answer from {url}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="4x4")
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--engine-moves", type=int, default=300)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    variant = Variant(*parse_board(args.board))
    try:
        db = Database.open(variant, args.db)
    except ValueError:
        db, _ = Database.build(variant, args.db)
    root = db.store.path.parent
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "zermelo", "serve", "--port", str(port),
                               "--db", str(root)], stdout=subprocess.DEVNULL)
    try:
        wait_until_up(f"{base}/api/games")
        options = {"board": args.board}
        game, rng = db.game, random.Random(1)
        positions = [db.game.format_position(s) for _ in range(40)
                     for s in game.random_playout(game.initial_state(), rng)[:-1]]
        latencies = []
        with httpx.Client(base_url=base) as client:
            for i in range(args.engine_moves):
                body = {"position": positions[i % len(positions)], "options": options,
                        "engine": "perfect", "seed": i}
                start = time.perf_counter()
                answer = client.post("/api/musketeers/engine", json=body)
                latencies.append(time.perf_counter() - start)
                answer.raise_for_status()
        cuts = statistics.quantiles(latencies, n=20)
        print(f"perfect engine move over HTTP ({args.board}, {len(latencies)} requests): "
              f"median {statistics.median(latencies) * 1000:.1f} ms, "
              f"95th percentile {cuts[18] * 1000:.1f} ms")

        def worker(share: int) -> None:
            with httpx.Client(base_url=base) as client:
                for i in range(share):
                    body = {"position": positions[i % len(positions)], "options": options}
                    client.post("/api/musketeers/moves", json=body).raise_for_status()

        share = args.requests // args.clients
        start = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            list(pool.map(worker, [share] * args.clients))
        seconds = time.perf_counter() - start
        print(f"moves: {share * args.clients} requests from {args.clients} clients in "
              f"{seconds:.1f} s: {share * args.clients / seconds:.0f} requests/s")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
