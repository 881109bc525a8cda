"""Who may make the server work: the checks every request passes first.

The app has no accounts, so anything that can reach the port can spend its
CPU. Binding to loopback keeps other machines out; this module keeps other
*web pages* out, which a browser on this machine would otherwise let in:

* **Cross-site POSTs.** Any page may make the browser send a "simple" POST
  (``text/plain``, a form) to 127.0.0.1 without asking; only other content
  types need a CORS preflight, which this server never grants. So a POST
  must say ``Content-Type: application/json``, and when the browser names
  the page that sent it (``Origin``), that page must be this server
  itself: same scheme, host and port. Anything else answers 403.
* **DNS rebinding.** A page on ``evil.example`` whose name is re-pointed at
  127.0.0.1 is same-origin with itself, so the two checks above pass; but
  its requests carry ``Host: evil.example``. With ``allowed_hosts`` set
  (``serve`` sets it to the names of the bound address), any other Host
  answers 400.

A client that hangs up before its body arrived is logged here as one line:
nobody is left to answer, and it is not a server error.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

logger = logging.getLogger("uvicorn.error")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def split_host(value: str, scheme: str) -> tuple[str, int] | None:
    """``host[:port]`` (IPv6 in brackets) as a lower-case name and a port."""
    value = value.strip().lower()
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:]
    else:
        name, _, port_text = value.partition(":")
    if not name:
        return None
    if not port_text:
        return name, DEFAULT_PORTS.get(scheme, 80)
    if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
        return None
    return name, int(port_text)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class Guard:
    """ASGI middleware applying the checks in the module docstring."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str] | None = None) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            status, message = refusal
            await JSONResponse({"error": message}, status_code=status)(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        except ClientDisconnect:
            client = scope.get("client") or ("?", 0)
            logger.warning(
                "%s:%s closed the connection before its request body arrived (%s %s)",
                client[0],
                client[1],
                scope["method"],
                scope["path"],
            )

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """``(status, one-line message)`` for a request refused, else None."""
        scheme = scope.get("scheme", "http")
        host_header = _header(scope, b"host")
        host = split_host(host_header, scheme) if host_header is not None else None
        if self.allowed is not None and (host is None or host[0] not in self.allowed):
            return 400, f"invalid Host header {str(host_header)[:60]!r}: this server is local"
        if scope["method"] in SAFE_METHODS:
            return None
        media_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if media_type != "application/json":
            return 403, "a POST needs Content-Type: application/json"
        origin = _header(scope, b"origin")
        if origin is not None and not self._is_own(origin, scheme, host, scope):
            return 403, f"requests from another site ({origin[:60]!r}) are refused"
        return None

    @staticmethod
    def _is_own(origin: str, scheme: str, host: tuple[str, int] | None, scope: Scope) -> bool:
        """Whether ``origin`` is this server: the scheme and the address it was reached at."""
        origin_scheme, separator, rest = origin.partition("://")
        if not separator or origin_scheme.lower() != scheme or "/" in rest:
            return False
        named = split_host(rest, scheme)
        if named is None:
            return False
        server = scope.get("server")
        if host is None and server:
            host = (str(server[0]).lower(), server[1])
        if host is None or named[0] != host[0]:
            return False
        # The port the socket is bound to, when known (a Host header can say anything).
        port = server[1] if server and server[1] is not None else host[1]
        return named[1] == port and host[1] == port
