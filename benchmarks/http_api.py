"""The HTTP API's speed on loopback: ``perfect`` engine moves (latency) and ``moves`` requests/s.

    python benchmarks/http_api.py --db /work/zdb --games 10 --clients 16 --seconds 10

Starts ``zermelo serve`` (uvicorn) in a subprocess on a free port, then (1) plays ``--games``
games of the ``perfect`` engine against itself through ``POST /api/musketeers/engine``, one
request at a time after a first one that opens the database, and reports the median and 95th
percentile latency over every position of those games; (2) loads ``POST /api/musketeers/moves``
with those positions from ``--clients`` keep-alive connections with ``wrk`` (Debian:
``apt-get install -y wrk``) and reports requests per second. The database of the ``--board``
variant is built under ``--db`` if missing.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx

from zermelo.cli.games.musketeers_variant import variant as variant_of
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant

WRK_SCRIPT = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {%s}
local i = 0
request = function()
  i = i %% #bodies + 1
  return wrk.format(nil, nil, nil, bodies[i])
end
"""
"""A wrk script that POSTs the given JSON bodies in turn."""


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


def engine_latencies(base: str, options: dict[str, str], games: int
                     ) -> tuple[list[float], list[str]]:
    """Self-play games of the perfect engine over HTTP: each request's seconds, each position."""
    latencies, positions = [], []
    with httpx.Client(base_url=base) as client:
        client.post("/api/musketeers/engine", json={"options": options, "engine": "perfect"})
        for seed in range(games):
            position = None
            while True:
                body = {"position": position, "options": options, "engine": "perfect",
                        "seed": seed}
                start = time.perf_counter()
                answer = client.post("/api/musketeers/engine", json=body)
                latencies.append(time.perf_counter() - start)
                answer.raise_for_status()
                reply = answer.json()
                position = reply["position"]
                positions.append(position)
                if reply["status"]["over"]:
                    break
    return latencies, positions


def moves_per_second(base: str, bodies: list[str], clients: int, seconds: int) -> str:
    """wrk's report of ``POST /api/musketeers/moves`` with ``bodies`` in turn."""
    script = WRK_SCRIPT % ", ".join(f"[==[{b}]==]" for b in bodies)
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as lua:
        lua.write(script)
        lua.flush()
        return subprocess.run(
            ["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "--latency", "-s", lua.name,
             f"{base}/api/musketeers/moves"], capture_output=True, text=True, check=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="5x5")
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")
    variant = Variant.of(variant_of(args.board, 3))
    try:
        db = Database.open(variant, args.db)
    except ValueError:
        db, _ = Database.build(variant, args.db)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "zermelo", "serve", "--port", str(port),
                               "--db", str(db.store.path.parent)], stdout=subprocess.DEVNULL)
    try:
        wait_until_up(f"{base}/api/games")
        options = {"board": args.board}
        latencies, positions = engine_latencies(base, options, args.games)
        cuts = statistics.quantiles(latencies, n=20)
        print(f"perfect engine over HTTP ({args.board}, {args.games} games, {len(latencies)} "
              f"positions): median {statistics.median(latencies) * 1000:.1f} ms, "
              f"95th percentile {cuts[18] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
        bodies = [json.dumps({"position": p, "options": options}) for p in positions]
        report = moves_per_second(base, bodies, args.clients, args.seconds)
        rate = re.search(r"Requests/sec:\s*([\d.]+)", report)
        median = re.search(r"^\s*50%\s+(\S+)", report, re.MULTILINE)
        if rate is None or median is None or "Non-2xx" in report:
            raise SystemExit(f"unexpected wrk report:\n{report}")
        print(f"moves: {args.clients} connections for {args.seconds} s (wrk): "
              f"{float(rate.group(1)):.0f} requests/s, median latency {median.group(1)}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
