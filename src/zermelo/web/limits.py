"""Bounds on what one HTTP request may send: the body's size, checked as it arrives, so no
request can make the server hold more than ``MAX_BODY`` bytes of it, and its nesting, checked
before any JSON parser sees it."""

from __future__ import annotations

import json
from typing import Any

from zermelo.core.nesting import MAX_NESTING, too_deep

MAX_BODY = 64 * 1024
"""The largest request body accepted (the biggest position text is a few hundred bytes)."""

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyLimit:
    """ASGI middleware: 413 ``{"error": ...}`` for a body over ``limit`` bytes, whether its
    length is declared or it comes in chunks (the rest of such a body is never read); 400 for
    one nested deeper than :data:`~zermelo.core.nesting.MAX_NESTING`."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not declared.isdigit() or len(declared) > 12 or int(declared) > self.limit:
            await self._refuse(send)
            return
        body = bytearray()
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
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
