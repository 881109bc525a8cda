"""Run slow jobs on a small pool of warm worker processes, each bounded in
time and memory.

Why processes and not threads: Python cannot stop a thread, so a solver
thread that runs past its budget would keep a core busy (and hold its
memory) until it finished on its own, however long the client had been
told "timed out". A process can be killed the moment its budget runs out.

Why a pool started ahead: a process per job cost ~120 ms a hint (start,
import, first-use loading) for a hint that takes ~1 ms. A pool worker is
started in the background, warms up (``jobs.warm_up``) and then answers
job after job. It is killed and replaced, again in the background, when
its job passes its budget (504), its client goes away (the job is
abandoned), it crashes, or it has served ``limits.WORKER_JOBS`` jobs (so a
slow leak cannot grow forever).

Why the ``forkserver`` start method: the server is threaded (uvicorn may
run in a thread; the event loop uses a thread pool), and forking a threaded
process can copy a lock held by another thread into the child. The fork
server is a clean single-threaded process started once, with the solver
modules preloaded.

At most ``limits.MAX_JOBS`` jobs run at once, one per worker; the long jobs
(``LONG_JOBS``) may hold all but one of them, so a generation or two never
keeps a hint waiting. A request that cannot get a worker within
``limits.QUEUE_WAIT`` seconds answers 503.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
from collections.abc import Awaitable, Callable
from multiprocessing.context import ForkServerContext
from typing import Any

from . import job_process, limits
from .pool import Pool, Worker

logger = logging.getLogger("uvicorn.error")

LONG_JOBS = frozenset({"solve", "grade", "generate", "verdict"})
"""Jobs that may run for seconds; they never take the last free worker."""

START_WAIT = 60.0
"""Seconds a new worker may take to start and warm up before it is given up."""


class JobFailed(Exception):
    """A job could not give an answer; ``status`` is the HTTP status to send."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class ClientGone(Exception):
    """The client disconnected while its job was running; the job was killed."""


_context: ForkServerContext | None = None
_context_lock = threading.Lock()


def _get_context() -> ForkServerContext:
    global _context
    with _context_lock:
        if _context is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["__main__", "pencilbox.web.job_process"])
            _context = context
        return _context


def spawn() -> Worker:
    """Start one worker process and wait until it is warm (blocking: run off the loop)."""
    context = _get_context()
    here, there = context.Pipe(duplex=True)
    process = context.Process(
        target=job_process.serve_jobs,
        args=(there, limits.JOB_MEMORY_BYTES),
        daemon=True,
        name="pencilbox-worker",
    )
    process.start()
    there.close()
    try:
        if not here.poll(START_WAIT):
            raise RuntimeError(f"did not warm up within {START_WAIT:g} s")
        here.recv()  # ("ready", pid)
    except BaseException:
        process.kill()
        process.join(5)
        here.close()
        raise
    return Worker(process, here)


_pool = Pool(spawn, lambda: limits.MAX_JOBS, logger)


def start_pool() -> None:
    """Start the workers now (in the background), so the first job finds one warm."""
    _pool.fill()


def running_jobs() -> int:
    """How many jobs are running now (for tests and status)."""
    return _pool.running


def idle_workers() -> list[Worker]:
    """The warm workers waiting for a job (for tests)."""
    return _pool.idle_workers()


Watcher = Callable[[], Awaitable[Any]]
"""Makes an awaitable that finishes when the client has gone away."""


async def run_job(
    name: str, payload: dict[str, Any], disconnected: Watcher | None = None
) -> dict[str, Any]:
    """Run job ``name`` of ``jobs.JOBS`` on a warm worker and return its result.

    ``disconnected`` makes an awaitable that finishes when the client goes
    away; the worker is then killed (and replaced) and :class:`ClientGone`
    raised. Raises :class:`JobFailed` (503 busy, 504 too slow, 400 bad
    input, 500 crash).
    """
    budget = limits.TIME_BUDGET[name]
    long = name in LONG_JOBS
    worker = await _pool.acquire(long, limits.QUEUE_WAIT)
    if worker is None:
        raise JobFailed(
            503, f"server busy: {limits.MAX_JOBS} jobs already running; try again shortly"
        )
    healthy = False
    try:
        status, value = await _ask(worker, name, payload, budget, disconnected)
        # A crashed worker may hold broken state (it exits on its own too).
        healthy = status in ("ok", "bad")
    finally:
        if not healthy:
            worker.process.kill()
            await asyncio.to_thread(worker.process.join, 5)
        _pool.release(worker, healthy, long)
    if status == "ok":
        return value  # type: ignore[no-any-return]
    if status == "bad":
        raise JobFailed(400, value)
    raise JobFailed(500, value)


async def _ask(
    worker: Worker, name: str, payload: Any, budget: float, disconnected: Watcher | None
) -> tuple[str, Any]:
    """Send one job to ``worker`` and read its answer, within ``budget`` seconds."""
    try:
        worker.conn.send((name, payload))
        outcome = await _wait_readable(worker.conn, budget, disconnected)
        if outcome == "timeout":
            raise JobFailed(504, limits.overrun_message(name))
        if outcome == "gone":
            raise ClientGone(name)
        answer: tuple[str, Any] = worker.conn.recv()
    except (EOFError, OSError):
        worker.process.join(1)
        raise JobFailed(
            500, f"{name} worker stopped without an answer (exit code {worker.process.exitcode})"
        ) from None
    worker.jobs += 1
    return answer


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
        # A client gone is gone even if the answer came in the same moment: a
        # warm worker can answer within one turn of the loop.
        if watcher is not None and watcher in done:
            return "gone"
        return "ready" if ready in done else "timeout"
    finally:
        loop.remove_reader(reader.fileno())
        if watcher is not None and not watcher.done():
            watcher.cancel()
