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
