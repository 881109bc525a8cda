"""The local web app: play, check, hint and generate puzzles in a browser.

``serve`` binds to 127.0.0.1 by default: the app has no accounts and lets
any visitor spend CPU on solving and generating, so it is meant for the
person at this machine only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: the static site's worker imports this package too
    import socket

__all__ = ["serve"]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERY_INTERFACE = ("0.0.0.0", "::")


def host_names(host: str) -> list[str] | None:
    """The Host header names a browser may use to reach ``host``, or None for any.

    A loopback server answers to every name of this machine's loopback, any
    other address only to itself (a DNS-rebinding page sends its own name).
    Bound to every interface, the machine's names are not known, so any goes.
    """
    if host in LOOPBACK:
        return list(LOOPBACK)
    if host in EVERY_INTERFACE:
        return None
    return [host.lower()]


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0 picks a free port)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on sockets
    # whose proto says TCP, and without it every keep-alive response waited
    # ~40 ms (Nagle holding the body for the client's delayed ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def address(sock: socket.socket) -> str:
    """The http URL a browser can open for a bound socket."""
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    elif host == "0.0.0.0":
        host = "127.0.0.1"
    return f"http://{host}:{port}/"


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False) -> None:
    """Run the web app until interrupted, printing its address first."""
    import threading
    import webbrowser

    import uvicorn

    from .app import create_app
    from .connections import server_config

    sock = bind(host, port)
    url = address(sock)
    allowed = host_names(host)
    if allowed is None:
        print(
            "pencilbox: warning: listening on every network interface; anyone who can "
            "reach this machine can use the app"
        )
    print(f"pencilbox: serving on {url} (Ctrl-C stops)", flush=True)
    config = server_config(create_app(allowed), log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    server.run(sockets=[sock])
