"""The server's connections: slow, idle and surplus clients are dropped.

uvicorn closes a keep-alive connection that stays idle after a response
(``timeout_keep_alive``), but sets no deadline on reading a request: a
client that trickles its headers a byte a second, or stops halfway through
its body, holds its connection (and, once the headers are in, a request
task) for as long as it likes, and so do hundreds of them at once. This
protocol adds the two missing bounds to uvicorn's own h11 protocol:

* a **read deadline**: from the moment a connection opens, or the first
  byte of a new request arrives, the whole request (headers and body) must
  be in within ``limits.REQUEST_READ_SECONDS``, else the connection is
  closed (an app still waiting for the body then sees a disconnect);
* a **connection bound**: beyond ``limits.MAX_CONNECTIONS`` open at once, a
  new connection is closed as soon as it is accepted.

Subclassing the protocol is the one place that sees bytes arrive before the
app is called; an ASGI middleware would only start its clock once the
headers were already in.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from . import limits

logger = logging.getLogger("uvicorn.error")


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol with a request read deadline and a connection bound."""

    read_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > limits.MAX_CONNECTIONS:
            logger.warning(
                "pencilbox: refused a connection: %d already open", limits.MAX_CONNECTIONS
            )
            transport.close()
            return
        self._start_deadline()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._request_read():
            self._stop_deadline()
        elif self.read_deadline is None:
            self._start_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        super().connection_lost(exc)

    def _request_read(self) -> bool:
        """Whether the request now in progress has arrived whole (headers and body)."""
        cycle: Any = self.cycle
        return cycle is not None and not cycle.more_body and not cycle.response_complete

    def _start_deadline(self) -> None:
        self._stop_deadline()
        self.read_deadline = self.loop.call_later(limits.REQUEST_READ_SECONDS, self._too_slow)

    def _stop_deadline(self) -> None:
        if self.read_deadline is not None:
            self.read_deadline.cancel()
            self.read_deadline = None

    def _too_slow(self) -> None:
        self.read_deadline = None
        if self._request_read() or self.transport.is_closing():
            return
        client = self.client or ("?", 0)
        logger.warning(
            "pencilbox: closed %s:%s: no whole request within %g s",
            client[0],
            client[1],
            limits.REQUEST_READ_SECONDS,
        )
        self.transport.close()


def server_config(app: Any, **options: Any) -> Any:
    """The uvicorn configuration the app is served with: this protocol, the
    keep-alive timeout and the connection bound (uvicorn's own 503 for
    requests past ``limit_concurrency`` backs up the closing above)."""
    import uvicorn

    return uvicorn.Config(
        app,
        http=DeadlineProtocol,
        timeout_keep_alive=limits.KEEP_ALIVE_SECONDS,
        limit_concurrency=limits.MAX_CONNECTIONS + 1,
        **options,
    )
