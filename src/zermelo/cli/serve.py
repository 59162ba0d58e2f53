"""``zermelo serve``: the HTTP API (and its OpenAPI docs at /docs) on a local port."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Annotated

import typer

from zermelo.core.errors import OptionError
from zermelo.core.machine import check_processes

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


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[Path | None, typer.Option("--db", help="Database root directory (default: "
                                            "$ZERMELO_DATA or the user data directory).")] = None,
    move_time: Annotated[float, typer.Option(help="Seconds a search engine or analysis may "
                                             "think (0.1 to 60).", min=0.1, max=60)] = 5.0,
    workers: Annotated[int, typer.Option(help="Worker processes for engine moves and "
                                         "analyses (1 to twice the cores, as memory allows; 0: "
                                         "in the server's process, one at a time).",
                                         min=0, max=256)] = 2,
) -> None:
    """Serve the stateless JSON API for playing every game against every engine."""
    import uvicorn

    from zermelo.web import create_app

    if not 0 < port < 65536:
        raise OptionError(f"port {port}: expected 1 to 65535")
    check_processes(workers, "workers", WORKER_BYTES, per_core=2)
    check_address(host, port)
    if db is not None:  # an engine's check for its tables, and the workers, read it too
        os.environ["ZERMELO_DATA"] = str(db)
    print(f"zermelo: serving on http://{host}:{port}/ - open it in a browser to play "
          "(API docs at /docs)", flush=True)
    uvicorn.run(create_app(db, move_time, workers), host=host, port=port, log_level="warning",
                timeout_graceful_shutdown=2)  # SIGTERM: open requests get 2 s, then workers end
