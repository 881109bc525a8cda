"""Run a slow job in its own process, bounded in time, memory and number.

Why a process per job and not a thread: Python cannot stop a thread, so a
solver thread that runs past its budget would keep a core busy (and hold
its memory) until it finished on its own, however long the client had been
told "timed out". A process can be killed the moment its budget runs out.

Why the ``forkserver`` start method: the server is threaded (uvicorn may
run in a thread; the event loop uses a thread pool), and forking a threaded
process can copy a lock held by another thread into the child. The fork
server is a clean single-threaded process started once, with the solver
modules preloaded, so each job still starts in a few milliseconds.

At most ``limits.MAX_JOBS`` jobs run at once; a request that cannot get a
slot within ``limits.QUEUE_WAIT`` seconds answers 503. A job past its
budget is killed and answers 504. If the client goes away, its job is
killed too (so an abandoned "generate" stops at once).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time
from collections.abc import Awaitable, Callable
from multiprocessing.context import ForkServerContext
from typing import Any

from . import jobs, limits


class JobFailed(Exception):
    """A job could not give an answer; ``status`` is the HTTP status to send."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class ClientGone(Exception):
    """The client disconnected while its job was running; the job was killed."""


_slots_lock = threading.Lock()
_running = 0
_context: ForkServerContext | None = None


def _get_context() -> ForkServerContext:
    global _context
    if _context is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["__main__", "pencilbox.web.jobs"])
        _context = context
    return _context


def _try_take_slot() -> bool:
    global _running
    with _slots_lock:
        if _running >= limits.MAX_JOBS:
            return False
        _running += 1
        return True


def _give_back_slot() -> None:
    global _running
    with _slots_lock:
        _running -= 1


def running_jobs() -> int:
    """How many worker processes are running now (for tests and status)."""
    return _running


async def _take_slot() -> None:
    # A plain counter polled from the event loop, not an asyncio.Semaphore:
    # the test client runs each app instance on its own event loop, and an
    # asyncio primitive is tied to the loop that first waited on it.
    deadline = time.monotonic() + limits.QUEUE_WAIT
    while not _try_take_slot():
        if time.monotonic() >= deadline:
            raise JobFailed(
                503, f"server busy: {limits.MAX_JOBS} jobs already running; try again shortly"
            )
        await asyncio.sleep(0.05)


Watcher = Callable[[], Awaitable[Any]]
"""Makes an awaitable that finishes when the client has gone away."""


async def run_job(
    name: str, payload: dict[str, Any], disconnected: Watcher | None = None
) -> dict[str, Any]:
    """Run job ``name`` of ``jobs.JOBS`` in a worker process and return its result.

    ``disconnected`` makes an awaitable that finishes when the client goes
    away; the job is then killed and :class:`ClientGone` raised.
    Raises :class:`JobFailed` (503 busy, 504 too slow, 400 bad input, 500 crash).
    """
    budget = limits.TIME_BUDGET[name]
    await _take_slot()
    try:
        return await _run_in_process(name, payload, budget, disconnected)
    finally:
        _give_back_slot()


async def _run_in_process(
    name: str, payload: dict[str, Any], budget: float, disconnected: Watcher | None
) -> dict[str, Any]:
    context = _get_context()
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(
        target=jobs.run_in_child,
        args=(writer, name, payload, limits.JOB_MEMORY_BYTES),
        daemon=True,
        name=f"pencilbox-{name}",
    )
    try:
        # Starting talks to the fork server (and starts it the first time): off the loop.
        await asyncio.to_thread(process.start)
        writer.close()
        outcome = await _wait_readable(reader, budget, disconnected)
        if outcome == "timeout":
            raise JobFailed(504, f"{name} took longer than {budget:g} s and was stopped")
        if outcome == "gone":
            raise ClientGone(name)
        try:
            status, value = reader.recv()
        except EOFError:
            process.join(1)
            raise JobFailed(
                500, f"{name} worker stopped without an answer (exit code {process.exitcode})"
            ) from None
    finally:
        reader.close()
        if process.pid is not None:
            if process.is_alive():
                process.kill()
            await asyncio.to_thread(process.join, 5)
    if status == "ok":
        return value  # type: ignore[no-any-return]
    if status == "bad":
        raise JobFailed(400, value)
    raise JobFailed(500, value)


async def _wait_readable(reader: Any, budget: float, disconnected: Watcher | None) -> str:
    """Wait until the worker's pipe has data (or EOF): "ready", "timeout" or "gone"."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def on_readable() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(reader.fileno(), on_readable)
    watcher = asyncio.ensure_future(disconnected()) if disconnected is not None else None
    try:
        waiting: set[asyncio.Future[Any]] = {ready}
        if watcher is not None:
            waiting.add(watcher)
        done, _ = await asyncio.wait(waiting, timeout=budget, return_when=asyncio.FIRST_COMPLETED)
        if ready in done:
            return "ready"
        return "gone" if done else "timeout"
    finally:
        loop.remove_reader(reader.fileno())
        if watcher is not None and not watcher.done():
            watcher.cancel()
