"""``zermelo serve``: options reach uvicorn; a bad port is one line and status 2."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.conftest import CliRunner
from zermelo.web.limits import Deadlines


def test_serve_runs_the_app_on_the_given_address(cli: CliRunner, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    result = cli("serve", "--host", "0.0.0.0", "--port", "8123", "--db", str(tmp_path),
                 "--workers", "1")
    assert result.code == 0
    assert "http://0.0.0.0:8123/" in result.out
    result = cli("serve", "--port", "8123", "--workers", "1", "--proxy", "10.0.0.5",
                 "--openspiel", "openspiel:tic_tac_toe", "--openspiel",
                 "connect_four(rows=4,columns=5)")
    assert result.code == 0
    [(app, options), (proxied, behind)] = calls
    assert isinstance(app, FastAPI)
    assert (options["host"], options["port"]) == ("0.0.0.0", 8123)
    assert options["http"] is Deadlines and options["limit_concurrency"] == 1000
    assert not options["proxy_headers"]  # no X-Forwarded-For trusted unless asked
    assert behind["proxy_headers"] and behind["forwarded_allow_ips"] == "10.0.0.5"
    for close in (app, proxied):  # their workers
        with TestClient(close):
            pass


@pytest.mark.parametrize(("args", "problem"), [
    (["--workers", "0"], "'--workers': 0 is not from 1 to 256"),
    (["--proxy", "localhost"], "invalid option: proxy 'localhost': expected the IP address"),
    (["--openspiel", "connect_four(rows=0)"],
     "invalid option: connect_four: rows 0: expected a whole number from 1 to 24"),
    (["--openspiel", "universal_poker(numPlayers=10)"],
     "invalid option: universal_poker(numPlayers=10): OpenSpiel crashed loading it (SIGSEGV)"),
])
def test_bad_serve_options_are_one_line(cli: CliRunner, args: list[str], problem: str) -> None:
    result = cli("serve", "--port", "8125", *args)
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1 and problem in result.err


def test_a_bad_port_is_one_line(cli: CliRunner) -> None:
    result = cli("serve", "--port", "70000")
    assert result.code == 2
    assert result.err.strip() == "zermelo: invalid option: port 70000: expected 1 to 65535"


def descendants_of(pid: int) -> dict[int, float]:
    """The processes below ``pid`` (its children, theirs...), each with its CPU seconds."""
    parent, cpu = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        child = int(stat.parent.name)
        parent[child] = int(fields[1])
        cpu[child] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    found, todo = {}, [pid]
    while todo:
        above = todo.pop()
        for child in [c for c, p in parent.items() if p == above]:
            found[child] = cpu[child]
            todo.append(child)
    return found


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1][:3]
    except OSError:
        return False


def test_sigterm_stops_the_server_and_its_workers_while_a_search_runs() -> None:
    import contextlib
    import signal
    import socket
    import subprocess
    import sys
    import threading
    import time

    import httpx2 as httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "zermelo", "serve", "--port", str(port),
                               "--move-time", "30", "--workers", "1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)  # its own group: all ended below
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):  # a loaded machine may take a minute to start it
            try:
                httpx.get(f"{base}/api/games", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        def search() -> None:
            with contextlib.suppress(httpx.TransportError):  # the server ends mid-request
                httpx.post(f"{base}/api/connect4/engine", json={"engine": "alphabeta:64"},
                           timeout=60)

        thread = threading.Thread(target=search, daemon=True)
        thread.start()
        busy: list[int] = []
        first = workers = descendants_of(server.pid)
        for _ in range(240):  # until a process below the server computes: the search
            time.sleep(0.5)
            workers = descendants_of(server.pid)
            busy = [p for p, cpu in workers.items() if cpu - first.get(p, cpu) > 0.3]
            if busy:
                break
        assert busy, "a worker process runs the search"
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=120) is not None
        left = list(workers)
        for _ in range(240):  # the workers end with it (at once, but a loaded machine is slow)
            left = [p for p in left if running(p)]
            if not left:
                break
            time.sleep(0.5)
        assert not left
    finally:
        with contextlib.suppress(ProcessLookupError):  # the server and whatever it started
            os.killpg(server.pid, signal.SIGKILL)
        server.wait()


@pytest.mark.parametrize(("host", "problem"), [
    ("a b", "host 'a b': not an address of this machine"),
    ("192.0.2.1", "192.0.2.1:8124: cannot listen there (Cannot assign requested address)"),
])
def test_an_address_the_server_cannot_listen_on_is_one_line(cli: CliRunner, host: str,
                                                            problem: str) -> None:
    result = cli("serve", "--host", host, "--port", "8124")
    assert result.code == 2
    assert result.err.strip() == f"zermelo: invalid option: {problem}"


def test_a_port_in_use_is_one_line(cli: CliRunner) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("serve", "--port", str(port))
    assert result.code == 2
    assert result.err.strip() == (f"zermelo: invalid option: 127.0.0.1:{port}: cannot listen "
                                  "there (Address already in use)")
