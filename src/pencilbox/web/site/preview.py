"""A written site served from loopback, as any static host would serve it.

Python's own static file server with the types a site's files need named
(module scripts as JavaScript, WebAssembly as ``application/wasm``), quiet,
in a thread: what the tests and the benchmark load the site through. To
look at a site by hand, ``python -m http.server -d DIR`` does the same.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The standard static handler, without a log line per request."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A server that says nothing when a browser drops a request it no longer
    wants (a page navigating away mid-download): the standard one prints a
    ``BrokenPipeError`` traceback for each. Other errors are still printed."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """``folder`` served on a free 127.0.0.1 port; yields its address (ending in /)."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
