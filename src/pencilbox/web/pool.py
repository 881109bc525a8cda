"""The bookkeeping of the warm worker pool: who is idle, who waits, who starts.

Kept apart from ``worker.py`` (which talks to the processes) so the rules
can be read in one place:

* a job may start only while fewer than ``size()`` jobs run, and a long
  job only while at least one more worker would stay free for the rest
  (with a pool of one, long jobs may take it);
* waiting requests are served first come, first served, among those
  allowed to start;
* the pool is refilled in background threads, never on the event loop.

The state is guarded by a ``threading.Lock``, not asyncio primitives: the
test client runs each app instance on an event loop of its own, and an
asyncio primitive is tied to one loop. A waiter is an asyncio future of its
own loop, completed with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from . import limits


@dataclass(eq=False)
class Worker:
    """One warm worker process and the server's end of its pipe."""

    process: BaseProcess
    conn: Connection
    jobs: int = 0
    """Jobs answered so far (a worker is retired after ``limits.WORKER_JOBS``)."""


@dataclass(eq=False)
class _Waiter:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Worker]
    long: bool


@dataclass(eq=False)
class Pool:
    """Idle workers, waiting requests, and the counts that bound them."""

    spawn: Callable[[], Worker]
    size: Callable[[], int]
    logger: logging.Logger
    idle: list[Worker] = field(default_factory=list)
    waiters: deque[_Waiter] = field(default_factory=deque)
    running: int = 0
    running_long: int = 0
    starting: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def _may_start(self, long: bool) -> bool:
        size = self.size()
        if self.running >= size:
            return False
        return not long or self.running_long < max(1, size - 1)

    def _take(self, long: bool) -> None:
        self.running += 1
        self.running_long += long

    async def acquire(self, long: bool, wait: float) -> Worker | None:
        """A warm worker for a job, or None if none came free within ``wait`` seconds."""
        with self.lock:
            while self.idle and self._may_start(long):
                worker = self.idle.pop()
                if worker.process.is_alive():
                    self._take(long)
                    return worker
                _close(worker)  # died while idle (killed from outside): replaced below
            loop = asyncio.get_running_loop()
            waiter = _Waiter(loop, loop.create_future(), long)
            self.waiters.append(waiter)
        self.fill()
        try:
            return await asyncio.wait_for(waiter.future, wait)
        except BaseException as error:  # timed out, or the request was cancelled
            with self.lock, contextlib.suppress(ValueError):
                self.waiters.remove(waiter)
            if waiter.future.done() and not waiter.future.cancelled():
                # Handed a worker just as the wait ended: give it back, not leak it.
                self.release(waiter.future.result(), True, long)
            if isinstance(error, TimeoutError):
                return None
            raise

    def release(self, worker: Worker, healthy: bool, long: bool) -> None:
        """Take back ``worker`` after a job; an unhealthy or worn one is replaced."""
        with self.lock:
            self.running -= 1
            self.running_long -= long
        if healthy and worker.jobs < limits.WORKER_JOBS and worker.process.is_alive():
            self.offer(worker)
        else:
            _close(worker)
        self.fill()

    def offer(self, worker: Worker) -> None:
        """Hand ``worker`` to the first waiter allowed to start, or keep it idle."""
        with self.lock:
            if len(self.idle) + self.running + self.starting >= self.size():
                chosen = None
                surplus = True  # the pool was made smaller
            else:
                surplus = False
                chosen = next((w for w in self.waiters if self._may_start(w.long)), None)
                if chosen is not None:
                    self.waiters.remove(chosen)
                    self._take(chosen.long)
                else:
                    self.idle.append(worker)
        if surplus:
            _close(worker)
        elif chosen is not None:
            try:
                chosen.loop.call_soon_threadsafe(self._deliver, chosen, worker)
            except RuntimeError:  # its event loop has closed: nobody is waiting there
                self.release(worker, True, chosen.long)

    def _deliver(self, waiter: _Waiter, worker: Worker) -> None:
        if waiter.future.done():  # it gave up waiting in the meantime
            self.release(worker, True, waiter.long)
        else:
            waiter.future.set_result(worker)

    def fill(self) -> None:
        """Start workers, in background threads, until the pool has its size."""
        with self.lock:
            missing = self.size() - (len(self.idle) + self.running + self.starting)
            missing = max(0, missing)
            self.starting += missing
        for _ in range(missing):
            threading.Thread(target=self._start_one, name="pencilbox-pool", daemon=True).start()

    def _start_one(self) -> None:
        try:
            worker = self.spawn()
        except Exception as error:  # noqa: BLE001 -- logged; the next job tries again
            self.logger.warning(
                "pencilbox: a worker failed to start: %s: %s", type(error).__name__, error
            )
            with self.lock:
                self.starting -= 1
            return
        with self.lock:
            self.starting -= 1
        self.offer(worker)

    def idle_workers(self) -> list[Worker]:
        with self.lock:
            return list(self.idle)


def _close(worker: Worker) -> None:
    """Stop a worker for good (it may already be dead)."""
    worker.conn.close()
    if worker.process.is_alive():
        worker.process.kill()
    worker.process.join(5)
