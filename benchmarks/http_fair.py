"""One client floods the server; another is still served: the other's cheap-request latency
and the fraction of its searches admitted.

    python benchmarks/http_fair.py [--seconds 20] [--flood 8] [--workers 2] [--move-time 1]

Starts ``zermelo serve`` on a free loopback port. The flooder connects from 127.0.0.2 with
``--flood`` threads, each sending back to back, in turn: a Connect Four ``alphabeta:64`` engine
move (which thinks the whole move time), an opening of a Turtle Race session, a view of one of
its sessions, and a cheap ``moves`` request. The other client connects from 127.0.0.3 with two
threads: one sends cheap ``POST /api/tictactoe/moves`` requests (their latency is timed), the
other asks for a tic-tac-toe ``alphabeta:9`` engine move once a second (admitted: answered 200;
refused: 429 or 503). Both addresses are the loopback's, so the server tells them apart without
trusting any header.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from http_api import free_port, wait_until_up

FLOODER, OTHER = "127.0.0.2", "127.0.0.3"


class Client:
    """A keep-alive connection from one source address."""

    def __init__(self, port: int, source: str) -> None:
        self.port, self.source = port, source
        self.conn = self._connect()

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=120,
                                          source_address=(self.source, 0))

    def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"} if data else {}
        for _ in range(2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                answer = self.conn.getresponse()
                return answer.status, answer.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = self._connect()
        return 0, b""


def flood(port: int, stop: threading.Event, codes: Counter[int]) -> None:
    """One of the flooder's loops."""
    client = Client(port, FLOODER)
    tokens: list[str] = []
    while not stop.is_set():
        status, _ = client.request("POST", "/api/connect4/engine",
                                   {"engine": "alphabeta:64", "position": "44"})
        codes[status] += 1
        status, body = client.request("POST", "/api/turtles/sessions",
                                      {"seats": {"A": "person", "B": "random"}})
        codes[status] += 1
        if status == 200:
            tokens.append(json.loads(body)["tokens"]["A"])
        if tokens:
            codes[client.request("GET", f"/api/sessions/{tokens[-1]}")[0]] += 1
        codes[client.request("POST", "/api/nim/moves", {})[0]] += 1


def cheap(port: int, stop: threading.Event, latencies: list[float], codes: Counter[int]
          ) -> None:
    client = Client(port, OTHER)
    while not stop.is_set():
        start = time.perf_counter()
        status, _ = client.request("POST", "/api/tictactoe/moves", {"position": "X...O...."})
        latencies.append(time.perf_counter() - start)
        codes[status] += 1


def searches(port: int, stop: threading.Event, codes: Counter[int]) -> None:
    client = Client(port, OTHER)
    while not stop.is_set():
        status, _ = client.request("POST", "/api/tictactoe/engine",
                                   {"engine": "alphabeta:9", "position": "X...O...."})
        codes[status] += 1
        stop.wait(1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--flood", type=int, default=8, help="the flooder's loops")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--move-time", type=float, default=1.0)
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "zermelo", "serve", "--port", str(port),
                               "--workers", str(args.workers), "--move-time",
                               str(args.move_time)], stdout=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        wait_until_up(f"http://127.0.0.1:{port}")
        Client(port, OTHER).request("POST", "/api/connect4/engine",  # a worker warmed up
                                    {"engine": "alphabeta:64", "position": "44"})
        stop = threading.Event()
        flooded: Counter[int] = Counter()
        cheap_codes: Counter[int] = Counter()
        search_codes: Counter[int] = Counter()
        latencies: list[float] = []
        threads = [threading.Thread(target=flood, args=(port, stop, flooded))
                   for _ in range(args.flood)]
        threads += [threading.Thread(target=cheap, args=(port, stop, latencies, cheap_codes)),
                    threading.Thread(target=searches, args=(port, stop, search_codes))]
        for thread in threads:
            thread.start()
        time.sleep(args.seconds)
        stop.set()
        for thread in threads:
            thread.join()
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        admitted = search_codes[200] / max(1, sum(search_codes.values()))
        print(f"flooder ({args.flood} loops from {FLOODER}): {dict(sorted(flooded.items()))}")
        print(f"other client's cheap requests ({OTHER}): {len(latencies)}, "
              f"p50 {1000 * statistics.median(latencies):.1f} ms, p95 {1000 * p95:.1f} ms, "
              f"max {1000 * latencies[-1]:.1f} ms; {dict(sorted(cheap_codes.items()))}")
        print(f"other client's searches: {search_codes[200]} of {sum(search_codes.values())} "
              f"admitted ({100 * admitted:.0f} %); {dict(sorted(search_codes.items()))}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
