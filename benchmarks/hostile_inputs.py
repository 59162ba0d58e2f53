"""zermelo tried as a hostile user would: malformed arguments to every command, hostile HTTP
requests to a running server, and corrupted data files; prints what was tried and how each ended.

    python benchmarks/hostile_inputs.py [--cli 1000] [--http 400] [--seed 1]

CLI: every command prefix gets ``--cli`` generated last arguments in total (random text, huge
numbers, control characters, out-of-range options), each run in a fresh process with a 20 s
limit; an answer is *clean* when it exits 0, or exits 2 with one ``zermelo: ...`` line.
HTTP: ``zermelo serve --workers 2 --move-time 2`` in a subprocess, ``--http`` requests (bad
JSON, wrong types, huge or nested bodies, out-of-range options and engine levels, unknown names,
illegal moves, odd paths); *clean* is a 2xx or a 4xx/503 with ``{"error": one line}`` within 10 s.
The server's CPU time and resident memory are read from /proc around each request, so the
worst single request's cost is known. Corruption: a 4x4 Three Musketeers database and a 4x4
Connect Four book are damaged in each way with the modification time restored, and a read must
refuse in one line; the database's damages are done again under a running server, which must
answer 4xx after it answered the same request from the intact database. Sessions: ``--flood``
session openings from one address as fast as they come (how many were refused, and how long
another client then waits for ``/api/games``), and 20 Turtle Race openings with a seed (refused)
and 20 without (their deals must differ).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2 as httpx
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).parent))
from http_api import free_port, wait_until_up

ZERMELO = [sys.executable, "-m", "zermelo"]
PREFIXES: list[list[str]] = [
    ["musketeers", "show"], ["musketeers", "moves"], ["musketeers", "moves", "--board"],
    ["musketeers", "analyze"], ["musketeers", "line"], ["musketeers", "solve", "--board"],
    ["musketeers", "stats", "--db"], ["musketeers", "verify", "--db"],
    ["musketeers", "weak-solve", "--board"],
    ["connect4", "show"], ["connect4", "solve", "--board", "4x4"], ["connect4", "solve", "--k"],
    ["connect4", "analyze", "--board"], ["connect4", "perft"], ["connect4", "perft", "--board"],
    ["connect4", "move", "--depth"], ["connect4", "book", "--depth"],
    ["connect4", "book", "--table"], ["solve", "nim"], ["solve", "nim", "-o"],
    ["solve", "tictactoe"], ["solve", "tictactoe", "--depth"], ["solve", "pig", "-o"],
    ["solve", "nim", "--algorithm"], ["solve", "nim", "--iterations"],
    ["solve", "nim", "--seconds"], ["solve", "nim", "--nodes"], ["solve"], ["play"],
    ["play", "tictactoe", "--engine"], ["play", "nim", "-o"], ["bench", "tictactoe", "--depths"],
    ["games", "--json"], ["serve", "--host"], ["serve", "--port"], ["serve", "--workers"],
    ["solve", "pig"], ["turtles", "show"], ["turtles", "show", "--players"],
    ["connect4", "book", "--jobs"], ["musketeers", "weak-solve", "--table-bits"],
    ["solve", "nim", "-a", "alphabeta", "--iterations"], ["turtles", "arena", "--jobs"],
]
SPECIAL = ["", "-", "--", "-1", "0", "1e9", "99999999999999999999", "9" * 5000, "board=0x0",
           "board=9x9", "k=1000000000", "piles=" + ",".join(["64"] * 17), "piles=100000000",
           "goal=100000", "mcts:100000000", "alphabeta:1000", "heuristic:1000", "\x01",
           "é", "²", "4" * 200, "../../../../etc", "/dev/null", "a b", "1000000000",
           "nan", "inf", "1x1", "99x99", "M " + "X" * 25, "piles=" + ",".join(["64"] * 16),
           "٣", "\uff15", "1٣", "²x²", "roll ٣", "passes ٣"]
POSITION = "M XO.. .XX. XOX. .XO."
"""A 4x4 position with 6 enemies, musketeers to move: its analysis reads table L06-M."""


def generated(rng: random.Random) -> str:
    """One hostile argument: a special value, random printable text or random digits."""
    kind = rng.random()
    if kind < 0.4:
        return rng.choice(SPECIAL)
    if kind < 0.7:
        return "".join(rng.choice("0123456789xX-.:, =MEABOme") for _ in range(rng.randint(0, 30)))
    return "".join(chr(rng.randint(0x20, 0x2FF)) for _ in range(rng.randint(0, 40)))


def classify_cli(code: int | None, err: str) -> str:
    """clean / traceback / hang / unclean for one run."""
    if code is None:
        return "hang"
    if "Traceback" in err or "internal error" in err:
        return "traceback"
    lines = err.strip().splitlines()
    if code == 0 or (code == 2 and len(lines) == 1 and lines[0].startswith("zermelo: ")):
        return "clean"
    return "unclean"


def cli_runs(total: int, rng: random.Random, data: Path) -> tuple[Counter[str], list[str]]:
    """Run ``total`` generated commands; count how they ended, list the bad ones."""
    counts: Counter[str] = Counter()
    bad: list[str] = []
    env = {**os.environ, "ZERMELO_DATA": str(data), "ZERMELO_CACHE_BYTES": str(1 << 28)}
    for i in range(total):
        args = [*PREFIXES[i % len(PREFIXES)], generated(rng)]
        args = [a.replace("\x00", "") for a in args]
        try:
            done = subprocess.run([*ZERMELO, *args], capture_output=True, text=True,
                                  timeout=20, stdin=subprocess.DEVNULL, env=env, cwd=data)
            verdict = classify_cli(done.returncode, done.stderr)
            err = done.stderr
        except subprocess.TimeoutExpired:
            verdict, err = "hang", ""
        counts[verdict] += 1
        if verdict != "clean":
            bad.append(f"{verdict}: zermelo {' '.join(args)[:120]!r}: {err.strip()[-200:]}")
    return counts, bad


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of the processes ``pids``."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def rss_mib(pids: list[int]) -> float:
    """Resident memory of the processes ``pids`` in MiB."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def family(pid: int) -> list[int]:
    """``pid`` and its children."""
    found = [pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def http_requests(rng: random.Random, total: int) -> list[tuple[str, str, bytes]]:
    """``total`` hostile requests: (method, path, body)."""
    games = ["musketeers", "connect4", "nim", "tictactoe", "pig", "nosuch", "..", "%00"]
    actions = ["moves", "play", "engine", "analyze", "nothing"]
    out: list[tuple[str, str, bytes]] = []
    while len(out) < total:
        kind = rng.random()
        path = f"/api/{rng.choice(games)}/{rng.choice(actions)}"
        if kind < 0.15:
            body = rng.choice([b"\xff\xfe{", b"{", b"[]", b"null", b'{"position": 5}',
                               b"[" * 30_000 + b"]" * 30_000, b" " * 70_000,
                               b'{"options": {"board": ' + b'"4x4"' * 10 + b"}}"])
        else:
            fields: dict[str, Any] = {}
            if rng.random() < 0.6:
                fields["position"] = generated(rng)
            if rng.random() < 0.5:
                key = rng.choice(["board", "k", "piles", "goal", "misere", "musketeers", "x"])
                fields["options"] = {key: generated(rng)}
            if rng.random() < 0.5:
                fields["move"] = generated(rng)
            if "engine" in path or rng.random() < 0.2:
                fields["engine"] = rng.choice(["perfect", "random", "mcts:100000000",
                                               "alphabeta:64", "heuristic:64", "swindle",
                                               "expectimax:64", generated(rng)])
            if rng.random() < 0.2:
                fields["seed"] = rng.choice([0, -1, 10**30, "x"])
            body = json.dumps(fields).encode()
        out.append(("POST", path, body))
        if rng.random() < 0.1:
            query = rng.choice(["piles=20000", "position=" + "9" * 3000, "board=99x99",
                                "k=1000000000", "position=M", "goal=0", ""])
            out.append(("GET", f"/board/{rng.choice(games)}.svg?{query}", b""))
    return out[:total]


def clean_http(answer: httpx.Response) -> bool:
    """A 2xx, or an error status with one short JSON error line."""
    if answer.status_code < 300:
        return True
    try:
        error = answer.json()["error"]
    except (ValueError, KeyError, TypeError):
        return False
    return (isinstance(error, str) and "\n" not in error and len(error) <= 300
            and "Traceback" not in error and answer.status_code != 500)


def http_runs(total: int, rng: random.Random, data: Path) -> dict[str, Any]:
    """Send ``total`` hostile requests to a fresh server; count the outcomes and the worst
    request's CPU time and the server's peak memory."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([*ZERMELO, "serve", "--port", str(port), "--workers", "2",
                               "--move-time", "2"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env={**os.environ,
                                                              "ZERMELO_DATA": str(data)})
    counts: Counter[str] = Counter()
    bad: list[str] = []
    worst_cpu, worst_request, peak, slowest = 0.0, "", 0.0, 0.0
    try:
        wait_until_up(f"{base}/api/games")
        with httpx.Client(base_url=base, timeout=30) as client:
            for method, path, body in http_requests(rng, total):
                pids = family(server.pid)
                cpu = cpu_seconds(pids)
                start = time.perf_counter()
                try:
                    answer = client.request(method, path, content=body or None,
                                            headers={"content-type": "application/json"})
                    took = time.perf_counter() - start
                    verdict = ("hang" if took > 10 else
                               "clean" if clean_http(answer) else
                               "traceback" if answer.status_code == 500 else "unclean")
                    shown = f"{answer.status_code} {answer.text[:100]}"
                except httpx.TimeoutException:
                    took, verdict, shown = 30.0, "hang", "no answer in 30 s"
                used = cpu_seconds(family(server.pid)) - cpu
                peak = max(peak, rss_mib(family(server.pid)))
                slowest = max(slowest, took)
                if used > worst_cpu:
                    worst_cpu, worst_request = used, f"{method} {path} {body[:80]!r}"
                counts[verdict] += 1
                if verdict != "clean":
                    bad.append(f"{verdict}: {method} {path} {body[:100]!r} -> {shown}")
        alive = httpx.get(f"{base}/api/games", timeout=10).status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {"counts": counts, "bad": bad, "worst_cpu": worst_cpu, "worst": worst_request,
            "peak_mib": peak, "slowest": slowest, "alive": alive}


def corrupt_runs(work: Path) -> tuple[int, int, list[str]]:
    """Damage a small database and book every way, mtime restored; count refusals."""
    data = work / "corrupt"
    data.mkdir()
    env = {**os.environ, "ZERMELO_DATA": str(data)}

    def zermelo(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*ZERMELO, *args], capture_output=True, text=True, env=env,
                              timeout=300, stdin=subprocess.DEVNULL)

    zermelo("musketeers", "solve", "--board", "4x4")
    zermelo("connect4", "book", "--board", "4x4", "--k", "3", "--depth", "2")
    folder = data / "musketeers-4x4-m3"
    table, other = folder / "L06-M.bin", folder / "L07-M.bin"  # same size, what POSITION reads
    book = next(data.glob("connect4-*.npz"))
    pristine = work / "pristine"
    shutil.copytree(data, pristine)
    manifest = folder / "manifest.json"

    def keep_mtime(path: Path, change: Callable[[], None]) -> None:
        stat = path.stat()
        change()
        if path.exists():
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))

    def flip(path: Path, at: int) -> None:
        raw = bytearray(path.read_bytes())
        raw[at % len(raw)] ^= 0x20
        path.write_bytes(bytes(raw))

    def edit_manifest(change: Callable[[dict[str, Any]], None]) -> None:
        content = json.loads(manifest.read_text())
        change(content)
        manifest.write_text(json.dumps(content))

    first = table.name[:-4]
    damages: list[tuple[str, Path, Callable[[], None]]] = [
        ("flip a table byte", table, lambda: flip(table, 777)),
        ("flip another table byte", table, lambda: flip(table, 100_003)),
        ("truncate a table", table, lambda: table.write_bytes(table.read_bytes()[:-1])),
        ("zero-fill a table", table, lambda: table.write_bytes(bytes(table.stat().st_size))),
        ("swap two same-size tables", table, lambda: swap(table, other)),
        ("delete a table", table, lambda: table.unlink()),
        ("manifest: drop mtime_ns", manifest,
         lambda: edit_manifest(lambda c: c["tables"][first].pop("mtime_ns", None))),
        ("manifest: size of the wrong type", manifest,
         lambda: edit_manifest(lambda c: c["tables"][first].update(size="big"))),
        ("manifest: a key outside the directory", manifest,
         lambda: edit_manifest(lambda c: c["tables"].update({"../../etc/passwd":
                                                              c["tables"][first]}))),
        ("manifest: not JSON", manifest, lambda: manifest.write_text("{")),
        ("manifest: deeply nested", manifest,
         lambda: manifest.write_text("[" * 100_000 + "]" * 100_000)),
        ("manifest: another variant", manifest,
         lambda: edit_manifest(lambda c: c["header"].update(width=5))),
        ("consistent forgery: bytes and checksums together", manifest,
         lambda: forge(folder, first, manifest)),
        ("swap two tables with their entries", manifest,
         lambda: swap_entries(folder, first, other.name[:-4], manifest)),
        ("manifest: lose a table's entry", manifest,
         lambda: edit_manifest(lambda c: c["tables"].pop("L05-E"))),
        ("book: flip a byte", book, lambda: flip(book, 200)),
        ("book: truncate", book, lambda: book.write_bytes(book.read_bytes()[:100])),
        ("book: zero-fill", book, lambda: book.write_bytes(bytes(book.stat().st_size))),
    ]
    caught = 0
    missed: list[str] = []
    served = served_runs(data, pristine, [(n, p, d) for n, p, d in damages
                                          if p.parent == folder], keep_mtime)
    for name, path, damage in damages:
        shutil.rmtree(data)
        shutil.copytree(pristine, data)
        keep_mtime(path, damage)
        if path.parent == folder:
            runs = [zermelo("musketeers", "analyze", "--board", "4x4", POSITION),
                    zermelo("musketeers", "verify", "--board", "4x4")]
        else:
            runs = [zermelo("connect4", "solve", "--board", "4x4", "--k", "3", "--book",
                            str(book), "1")]
        refused = all(r.returncode == 2 and r.stderr.strip() and all(
            line.startswith("zermelo: ") for line in r.stderr.strip().splitlines())
            for r in runs)  # verify names every damaged file, a line each
        caught += refused
        if not refused:
            missed.append(f"{name}: " + " | ".join(f"{r.returncode} {r.stdout.strip()[:60]} "
                                                   f"{r.stderr.strip()[-120:]}" for r in runs))
    return len(damages), caught, missed + served[2], served[:2]


def restore(data: Path, pristine: Path) -> None:
    """Put the intact files back."""
    shutil.rmtree(data)
    shutil.copytree(pristine, data)


def served_runs(data: Path, pristine: Path, damages: list[tuple[str, Path, Callable[[], None]]],
                keep_mtime: Callable[[Path, Callable[[], None]], None]
                ) -> tuple[int, int, list[str]]:
    """Each damage done under a running server that has just answered the same analysis from
    the intact database: the answer after it must be a 4xx, not a value."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([*ZERMELO, "serve", "--port", str(port), "--workers", "1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**os.environ, "ZERMELO_DATA": str(data)})
    body = {"options": {"board": "4x4"}, "position": POSITION}
    caught, missed = 0, []
    try:
        wait_until_up(f"{base}/api/games")
        with httpx.Client(base_url=base, timeout=60) as client:
            for name, path, damage in damages:
                restore(data, pristine)
                before = client.post("/api/musketeers/analyze", json=body)
                keep_mtime(path, damage)
                after = client.post("/api/musketeers/analyze", json=body)
                refused = before.status_code == 200 and 400 <= after.status_code < 500
                caught += refused
                if not refused:
                    missed.append(f"under a server, {name}: {before.status_code} then "
                                  f"{after.status_code} {after.text[:100]}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    return len(damages), caught, missed


def session_runs(flood: int) -> dict[str, Any]:
    """``flood`` session openings from one address, then how long ``/api/games`` takes; 20
    Turtle Race openings with a seed and 20 without."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([*ZERMELO, "serve", "--port", str(port), "--workers", "2",
                               "--move-time", "1"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    out: dict[str, Any] = {}
    try:
        wait_until_up(f"{base}/api/games")
        with httpx.Client(base_url=base, timeout=60) as client:
            seats = {"A": "person", "B": "random", "C": "random"}
            body = {"seats": seats, "options": {"players": "3"}}
            start = time.perf_counter()
            codes = Counter(client.post("/api/turtles/sessions", json=body).status_code
                            for _ in range(flood))
            out["flood"], out["flood_s"] = codes, time.perf_counter() - start
            start = time.perf_counter()
            out["games_ok"] = client.get("/api/games").status_code == 200
            out["games_s"] = time.perf_counter() - start
        with httpx.Client(base_url=base, timeout=60,
                          transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            out["other_client"] = other.post("/api/turtles/sessions",
                                             json=body).status_code
            seeded = Counter(other.post("/api/turtles/sessions",
                                        json={**body, "seed": 5}).status_code
                             for _ in range(20))
            out["seeded"] = seeded
        deals = set()
        for i in range(20):
            with httpx.Client(base_url=base, timeout=60, transport=httpx.HTTPTransport(
                    local_address=f"127.0.1.{i + 1}")) as one:
                token = one.post("/api/turtles/sessions", json=body).json()["tokens"]["A"]
                deals.add(one.get(f"/api/sessions/{token}").json()["observation"])
        out["distinct_deals"] = len(deals)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return out


def forge(folder: Path, name: str, manifest: Path) -> None:
    """Change a table's bytes and write its new SHA-256 and block checksums in the manifest."""
    from zermelo.tablebase.store import digest_of

    path = folder / f"{name}.bin"
    raw = bytearray(path.read_bytes())
    for at in range(0, len(raw), 997):
        raw[at] ^= 0x01
    path.write_bytes(bytes(raw))
    whole, blocks = digest_of(path)
    content = json.loads(manifest.read_text())
    content["tables"][name].update(sha256=whole, blocks=blocks)
    manifest.write_text(json.dumps(content))


def swap_entries(folder: Path, a: str, b: str, manifest: Path) -> None:
    """Exchange two tables' files and their manifest entries."""
    swap(folder / f"{a}.bin", folder / f"{b}.bin")
    content = json.loads(manifest.read_text())
    tables = content["tables"]
    tables[a], tables[b] = tables[b], tables[a]
    manifest.write_text(json.dumps(content))


def swap(a: Path, b: Path) -> None:
    """Exchange the bytes of two files of equal size (their mtimes are restored by the caller
    for ``a``, and kept here for ``b``)."""
    stat = b.stat()
    raw_a, raw_b = a.read_bytes(), b.read_bytes()
    assert raw_a != raw_b, "the swapped tables must differ"
    a.write_bytes(raw_b)
    b.write_bytes(raw_a)
    os.utime(b, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", type=int, default=1000, help="CLI runs")
    parser.add_argument("--http", type=int, default=400, help="HTTP requests")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flood", type=int, default=1000, help="session openings")
    args = parser.parse_args()
    console = Console()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "cli").mkdir()
        start = time.perf_counter()
        cli_counts, cli_bad = cli_runs(args.cli, rng, work / "cli")
        cli_seconds = time.perf_counter() - start
        http = http_runs(args.http, rng, work / "cli")
        tried, caught, missed, (served, served_caught) = corrupt_runs(work)
        sessions = session_runs(args.flood)
    table = Table("what", "tried", "clean", "tracebacks", "hangs", "other",
                  title="hostile inputs")
    for name, counts in (("CLI arguments", cli_counts), ("HTTP requests", http["counts"])):
        table.add_row(name, str(sum(counts.values())), str(counts["clean"]),
                      str(counts["traceback"]), str(counts["hang"]), str(counts["unclean"]))
    table.add_row("corrupted files", str(tried), str(caught), "-", "-", str(tried - caught))
    table.add_row("corrupted under a server", str(served), str(served_caught), "-", "-",
                  str(served - served_caught))
    console.print(table)
    console.print(f"CLI: {cli_seconds:.0f} s for {args.cli} runs. HTTP: slowest answer "
                  f"{http['slowest']:.2f} s; worst request {http['worst_cpu']:.2f} s of server "
                  f"CPU ({http['worst']}); server peak RSS with its workers "
                  f"{http['peak_mib']:.0f} MiB; still answering afterwards: {http['alive']}")
    console.print(f"sessions: {args.flood} openings from one address in "
                  f"{sessions['flood_s']:.1f} s: {dict(sessions['flood'])}; /api/games then "
                  f"{sessions['games_s']:.2f} s ({sessions['games_ok']}); another address "
                  f"{sessions['other_client']}; 20 seeded Turtle Race openings "
                  f"{dict(sessions['seeded'])}; 20 unseeded: {sessions['distinct_deals']} "
                  "distinct deals")
    for line in [*cli_bad, *http["bad"], *missed][:40]:
        console.print(line, markup=False, highlight=False, soft_wrap=True)


if __name__ == "__main__":
    main()
