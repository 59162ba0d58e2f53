"""``zermelo serve``: the HTTP API (and its OpenAPI docs at /docs) on a local port."""

from __future__ import annotations

import ipaddress
import os
import socket
from pathlib import Path
from typing import Annotated

import typer

from zermelo.core.errors import OptionError
from zermelo.core.machine import check_processes

MAX_OPENSPIEL = 64
"""The most OpenSpiel games one server serves."""
CONNECTIONS = 1000
"""Connections and requests the server holds at once; beyond, uvicorn answers 503 at once."""
WORKER_MEMORY = 2 << 30
"""Bytes a worker may add to what it holds at its start, by default."""
WORKER_BYTES = 256 << 20
"""About what a worker process takes: the interpreter, numba, its share of the cache, a search
(256 workers took about 50 GB)."""


def check_address(host: str, port: int) -> None:
    """Refuse in one line an address the server could not listen on (an unknown host name, a
    port in use or not allowed), before anything starts."""
    shown = host[:40]
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError, ValueError):
        raise OptionError(f"host {shown!r}: not an address of this machine") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise OptionError(f"{shown}:{port}: cannot listen there ({error.strerror})"
                              ) from None


def check_proxy(proxy: str) -> str:
    """The proxy's address, checked (an IP address: its ``X-Forwarded-For`` is then trusted)."""
    try:
        return str(ipaddress.ip_address(proxy.strip()))
    except ValueError:
        raise OptionError(f"proxy {proxy[:40]!r}: expected the IP address of the proxy in "
                          "front of the server") from None


def check_openspiel(games: list[str]) -> list[str]:
    """The OpenSpiel games to serve, each loaded once here (its parameters checked, then
    loaded in a child process under limits): a bad one is refused before the server starts."""
    from zermelo.games.registry import get_game
    from zermelo.openspiel.adapter import PREFIX

    if len(games) > MAX_OPENSPIEL:
        raise OptionError(f"openspiel: {len(games)} games, at most {MAX_OPENSPIEL}")
    checked = []
    for name in games:
        spec = name.strip().removeprefix(PREFIX)
        get_game(PREFIX + spec).game()
        checked.append(spec)
    return checked


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[Path | None, typer.Option("--db", help="Database root directory (default: "
                                            "$ZERMELO_DATA or the user data directory).")] = None,
    move_time: Annotated[float, typer.Option(help="Seconds a search engine or analysis may "
                                             "think (0.1 to 60).", min=0.1, max=60)] = 5.0,
    workers: Annotated[int, typer.Option(help="Worker processes for engine moves and "
                                         "analyses (1 to twice the cores, as memory allows).",
                                         min=1, max=256)] = 2,
    worker_memory: Annotated[int, typer.Option(
        help="MiB of memory a worker may take beyond what it holds at its start (64 to "
        "1,048,576); a request that needs more is answered 503.", min=64,
        max=1 << 20)] = WORKER_MEMORY >> 20,
    openspiel: Annotated[list[str] | None, typer.Option(
        "--openspiel", metavar="GAME", help="An OpenSpiel game to serve, as "
        "openspiel:NAME(KEY=VALUE,...) or NAME(...) (repeat for several; at most 64). None is "
        "served unless named here.")] = None,
    proxy: Annotated[str | None, typer.Option(
        help="IP address of a reverse proxy in front of the server: its X-Forwarded-For "
        "header then names the client (default: no header is trusted).")] = None,
) -> None:
    """Serve the stateless JSON API for playing every game against every engine."""
    import uvicorn

    from zermelo.web import create_app
    from zermelo.web.limits import Deadlines

    if not 0 < port < 65536:
        raise OptionError(f"port {port}: expected 1 to 65535")
    check_processes(workers, "workers", WORKER_BYTES, per_core=2)
    trusted = None if proxy is None else check_proxy(proxy)
    games = check_openspiel(openspiel or [])
    check_address(host, port)
    if db is not None:  # an engine's check for its tables, and the workers, read it too
        os.environ["ZERMELO_DATA"] = str(db)
    print(f"zermelo: serving on http://{host}:{port}/ - open it in a browser to play "
          "(API docs at /docs)", flush=True)
    app = create_app(db, move_time, workers, openspiel=games,
                     worker_memory=worker_memory << 20)
    uvicorn.run(app, host=host, port=port, log_level="warning", http=Deadlines,
                proxy_headers=trusted is not None, forwarded_allow_ips=trusted,
                limit_concurrency=CONNECTIONS,
                timeout_graceful_shutdown=2)  # SIGTERM: open requests get 2 s, then workers end
