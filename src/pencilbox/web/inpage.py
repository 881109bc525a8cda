"""The static site's Python: what the page's Web Worker calls in Pyodide.

The worker (``static/js/runtime/pyworker.js``) loads this package and hands
each of the page's calls to :func:`request`, which answers it through
:func:`.dispatch.handle`, the same endpoints the server's routes call. The
one difference is where a slow job runs: here in this very worker, after
telling the page (``started``) the job's name, its time budget and the
message the server answers when a job overruns. The page then terminates
this worker if the job passes its budget, or when a newer edit makes its
answer moot, and starts a fresh one, as the server kills its worker process.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import registry
from . import dispatch, jobs, limits
from .payloads import ApiError

Started = Callable[[str, float, str], Any]
"""Told before a job runs: its name, its budget in seconds, the overrun message."""


def _runner(started: Started | None, crashed: list[str]) -> dispatch.JobRunner:
    async def run(name: str, payload: dict[str, Any]) -> dict[str, Any]:
        if callable(started):  # JavaScript's null arrives as a value of its own
            started(name, limits.TIME_BUDGET[name], limits.overrun_message(name))
        status, value = jobs.answer(name, payload)
        if status == "ok":
            result: dict[str, Any] = value
            return result
        if status == "bad":
            raise ApiError(400, value)
        crashed.append(name)  # broken state may remain: the page starts a fresh worker
        raise ApiError(500, value)

    return run


async def request(method: str, target: str, body: str | None, started: Started | None) -> str:
    """One call of the page: ``{"status", "body", "restart"}`` as JSON text
    (text, so nothing of Python's crosses into the page's objects)."""
    crashed: list[str] = []
    raw = None if body is None else body.encode("utf-8")
    status, answer = await dispatch.handle(method, target, raw, _runner(started, crashed))
    reply = {"status": status, "body": answer, "restart": bool(crashed)}
    return json.dumps(reply, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def warm() -> list[str]:
    """Load every type and fill the caches a first hint needs (as a server
    worker warms up before its first job); the names of the types loaded."""
    jobs.warm_up()
    return list(registry.names())
