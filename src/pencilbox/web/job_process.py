"""A warm worker process of the server: warm up, say so, then answer jobs.

Kept apart from :mod:`.jobs` (the jobs themselves) because this half is the
operating system's: a pipe, a memory limit, a lower priority, none of which
the static site's Web Worker has. Importing this module imports every
puzzle package, so the fork server that preloads it starts each worker warm.
"""

from __future__ import annotations

import os
import resource
import sys
from multiprocessing.connection import Connection
from typing import Any

from .. import registry
from .jobs import answer, warm_up


def serve_jobs(conn: Connection, memory: int) -> None:
    """Entry point of a warm worker process: warm up, say so, then answer jobs.

    Receives ``(name, payload)`` and sends one :func:`answer` for each, until
    the pipe closes. After a crash it exits (the server replaces it): a
    worker that ran out of memory, or failed midway, may hold broken state.
    """
    # A lower priority keeps the server (and the rest of the machine) responsive.
    os.nice(5)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    warm_up()
    conn.send(("ready", os.getpid()))
    with conn:
        while True:
            try:
                name, payload = conn.recv()
            except EOFError:
                return
            if name == "status":
                conn.send(("ok", status()))
                continue
            reply = answer(name, payload)
            conn.send(reply)
            if reply[0] == "crash":
                return


def status() -> dict[str, Any]:
    """What a worker has loaded (for the tests that check a new worker starts warm)."""
    return {"pid": os.getpid(), "modules": sorted(m for m in sys.modules if "pencilbox" in m)}


def _warm() -> None:
    """Import every puzzle package once, so each forked worker starts warm."""
    for name in registry.names():
        try:
            registry.get(name)
        except Exception:  # noqa: BLE001 -- a broken package must not stop the others
            continue


_warm()
