"""Bounds on what one HTTP request may send and how slowly: the body's size, checked as it
arrives, so no request can make the server hold more than ``MAX_BODY`` bytes of it, its nesting,
checked before any JSON parser sees it, and deadlines: a request's head (its line and headers)
must arrive within ``HEAD_SECONDS`` of the connection or of the previous answer, its body within
``BODY_SECONDS`` (a client trickling bytes holds no connection longer)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from zermelo.core.nesting import MAX_NESTING, too_deep

MAX_BODY = 64 * 1024
"""The largest request body accepted (the biggest position text is a few hundred bytes)."""

HEAD_SECONDS = 10.0
"""Seconds a request's line and headers may take to arrive."""
BODY_SECONDS = 10.0
"""Seconds a request's body may take to arrive."""

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyLimit:
    """ASGI middleware: 413 ``{"error": ...}`` for a body over ``limit`` bytes, whether its
    length is declared or it comes in chunks (the rest of such a body is never read); 400 for
    one nested deeper than :data:`~zermelo.core.nesting.MAX_NESTING`."""

    def __init__(self, app: Any, limit: int = MAX_BODY, seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not declared.isdigit() or len(declared) > 12 or int(declared) > self.limit:
            await self._refuse(send)
            return
        body = bytearray()
        try:
            async with asyncio.timeout(self.seconds):
                while True:  # the body, read here within the limit, then handed on whole
                    message: Message = await receive()
                    if message["type"] != "http.request":
                        return  # the client went away
                    body += message.get("body", b"")
                    if len(body) > self.limit:
                        await self._refuse(send)
                        return
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            await self._refuse(send, 408, f"request body not received within "
                                          f"{self.seconds:g} s")
            return
        if too_deep(body.decode("utf-8", "replace")):
            await self._refuse(send, 400, f"bad JSON: nested deeper than {MAX_NESTING}")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                answer: Message = await receive()
                return answer
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Any, status: int = 413, error: str | None = None) -> None:
        text = error or f"request body too large: at most {self.limit:,} bytes"
        body = json.dumps({"error": text}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


class Deadlines(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head: a connection whose
    request line and headers have not all come :data:`HEAD_SECONDS` after it opened (or after
    the previous answer on it) is closed, so a client sending a byte at a time cannot hold
    connections open (uvicorn itself times out only idle keep-alive connections)."""

    head_seconds = HEAD_SECONDS
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._waiting() and self._head_timer is None:
            self._arm()  # the head of a next request on a kept-alive connection
        super().data_received(data)
        if not self._waiting():
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _waiting(self) -> bool:
        """Whether the connection waits for a request's head (none yet, or the last
        answered)."""
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self._waiting() and not self.transport.is_closing():
            self.transport.close()
