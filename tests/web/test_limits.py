"""What one request may send is bounded: a body over the limit, declared or chunked, is refused
with 413 before it is read whole, and the server goes on answering."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from zermelo.web import create_app
from zermelo.web.limits import MAX_BODY

JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def chunks(total: int) -> Iterator[bytes]:
    for _ in range(total // 4096 + 1):
        yield b" " * 4096


@pytest.mark.parametrize("body", [b" " * (MAX_BODY + 1), chunks(MAX_BODY * 4)])
def test_a_body_over_the_limit_is_refused(client: TestClient, body: object) -> None:
    answer = client.post("/api/nim/moves", content=body, headers=JSON)  # type: ignore[arg-type]
    assert answer.status_code == 413
    assert answer.json() == {"error": f"request body too large: at most {MAX_BODY:,} bytes"}
    assert client.post("/api/nim/moves", json={"position": "1 2"}).status_code == 200


@pytest.mark.parametrize(("body", "status"), [
    (b"\xff\xfe{", 400),                       # not UTF-8
    (b"[" * 20_000 + b"]" * 20_000, 400),      # nested deeper than any parser goes
    (b'{"position": "' + b"9" * 5000 + b'"}', 400),  # a number too long to convert
    (b'{"position": 5}', 422),
])
def test_malformed_bodies_are_one_line_errors(client: TestClient, body: bytes,
                                              status: int) -> None:
    answer = client.post("/api/nim/moves", content=body, headers=JSON)
    assert answer.status_code == status
    error = answer.json()["error"]
    assert "\n" not in error and len(error) <= 200 and "Traceback" not in error


def test_a_deep_body_is_refused_whatever_the_recursion_limit(client: TestClient) -> None:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)  # as a deep search leaves it
    try:
        answer = client.post("/api/nim/moves", content=b"[" * 5_000 + b"]" * 5_000,
                             headers=JSON)
    finally:
        sys.setrecursionlimit(old)
    assert answer.status_code == 400
    assert answer.json() == {"error": "bad JSON: nested deeper than 32"}


def test_a_body_that_does_not_come_in_time_is_refused_408() -> None:
    """The body is read under a deadline: a client that stops sending gets 408."""
    import asyncio

    from zermelo.web.limits import BodyLimit

    sent: list[dict[str, object]] = []

    async def app(scope: object, receive: object, send: object) -> None:
        raise AssertionError("the application is never reached")

    async def trickle() -> dict[str, object]:
        await asyncio.sleep(3600)  # the rest of the body never comes
        return {}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "headers": [(b"content-length", b"100")]}
    asyncio.run(BodyLimit(app, seconds=0.2)(scope, trickle, send))
    assert sent[0]["status"] == 408
    assert sent[1]["body"] == b'{"error": "request body not received within 0.2 s"}'


def test_a_request_head_that_does_not_come_in_time_closes_the_connection() -> None:
    """A real server: a request line sent by halves is cut off, a whole request answered."""
    import socket
    import threading
    import time

    import uvicorn

    from zermelo.web.limits import Deadlines

    class Quick(Deadlines):
        head_seconds = 0.5

    config = uvicorn.Config(create_app(), host="127.0.0.1", port=0, log_level="error",
                            http=Quick)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        with socket.create_connection(("127.0.0.1", port), timeout=60) as slow:
            slow.sendall(b"GET /api/games HTTP/1.1\r\nHo")
            assert slow.recv(1000) == b""  # closed, no answer
        with socket.create_connection(("127.0.0.1", port), timeout=60) as fine:
            fine.sendall(b"GET /api/nope HTTP/1.1\r\nHost: x\r\n\r\n")
            assert fine.recv(1000).startswith(b"HTTP/1.1 404")
    finally:
        server.should_exit = True
        thread.join(30)
