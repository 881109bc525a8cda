"""Where long jobs run: a process pool that leaves nothing behind, or Dask.

:func:`open_executor` is the one place that turns the command line's
``--workers N`` and ``--executor WHERE`` into a ``concurrent.futures``
executor; ``generate``, ``stats``, ``soak`` and ``batch`` all run through it.

- ``processes`` (the default): a pool of ``N`` worker processes here.
- ``dask-local``: a Dask ``LocalCluster`` of ``N`` single-threaded worker
  processes on this machine.
- ``dask://HOST:PORT``: the Dask scheduler running there (started with
  ``dask scheduler``, its workers with ``dask worker HOST:PORT``).

Dask is imported only when asked for, so that ``pencilbox --version`` and
every other command start without it; without it installed, asking for it
is an :class:`~pencilbox.errors.Unavailable` naming the extra to install.

The process pool forks its workers here, all of them at once before the
first job, while this process has one thread (a forked child copies every
lock, and a lock held by another thread would stay held in the copy). Each
worker ends itself when this process dies, even by SIGKILL: Linux's
``PR_SET_PDEATHSIG`` where it exists, and a thread that watches the parent
id everywhere. Forking (rather than a fork server, or spawning) also means
no resource-tracker process: the pool's semaphores are unlinked at once.
Before, a killed run left its two workers, the fork server and the resource
tracker behind.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from .errors import PuzzleError, Unavailable

DASK_EXTRA = 'pip install "pencilbox[dask]"'
DASK_PREFIX = "dask://"
EXECUTORS = ("processes", "dask-local", f"{DASK_PREFIX}HOST:PORT")
"""What ``--executor`` accepts, as its help and errors spell it."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
_WATCH_SECONDS = 0.5  # how often a worker looks whether its parent is still there
_STOP_SECONDS = 10  # the longest an ended pool's own thread is waited for
CONNECT_SECONDS = 10  # how long to wait for a Dask scheduler to answer

_WIDTHS: weakref.WeakKeyDictionary[Executor, Callable[[], int]] = weakref.WeakKeyDictionary()


def cpu_count() -> int:
    """The cores this process may run on (the affinity mask, where there is one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def width(executor: Executor) -> int:
    """How many jobs ``executor`` runs at once, as far as is known: a Dask
    cluster's worker threads right now (workers may join as it runs), a
    pool's workers, else this machine's cores. A command keeps a few times
    this many jobs in flight."""
    known = _WIDTHS.get(executor)
    return max(1, known()) if known is not None else cpu_count()


def check_executor(spec: str | None) -> str:
    """``spec`` if it names an executor, else a PuzzleError naming the choices."""
    if spec is None:
        return "processes"
    if spec in ("processes", "dask-local"):
        return spec
    if spec.startswith(DASK_PREFIX):
        host, _, port = spec.removeprefix(DASK_PREFIX).rpartition(":")
        if host and port.isdigit() and 0 < int(port) < 65536:
            return spec
        raise PuzzleError(f"--executor {spec!r} needs a host and port, as in dask://HOST:8786")
    raise PuzzleError(f"unknown --executor {spec!r}; choose from {', '.join(EXECUTORS)}")


@contextmanager
def open_executor(
    workers: int | None = None, spec: str | None = None, *, processes: bool = True
) -> Iterator[Executor]:
    """The executor ``--workers``/``--executor`` ask for, shut down on leaving.

    ``workers`` is the number of processes (default: one per core); with the
    default executor, 1 means one thread in this process, so that a small run
    starts no process at all. ``processes=False`` runs a ``dask-local``
    cluster's workers as threads of this process (quick to start, for tests).
    A remote scheduler decides its own workers, so ``workers`` is ignored there.
    """
    spec = check_executor(spec)
    if spec == "processes":
        with _process_pool(workers) as pool:
            yield pool
        return
    with _dask_client(spec, workers, processes) as client:
        executor = client.get_executor(pure=False)  # every job runs, even equal ones
        _WIDTHS[executor] = lambda: sum(client.nthreads().values())
        try:
            yield executor
        finally:
            executor.shutdown(wait=False)


@contextmanager
def _process_pool(workers: int | None) -> Iterator[Executor]:
    if workers == 1:
        with ThreadPoolExecutor(max_workers=1) as inline:
            yield inline
        return
    pool = process_pool(workers)
    _WIDTHS[pool] = lambda: workers or cpu_count()
    try:
        yield pool
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown()


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A started pool of ``workers`` processes (default: one per core) that end with
    this process. Workers ignore Ctrl-C, so that only this process reacts to it
    and the terminal does not fill with one traceback per worker."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers or cpu_count(),
        mp_context=context,
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )
    # With fork, the first job starts every worker: do it now, before a
    # progress bar or anything else starts a thread here.
    pool.submit(int).result()
    return pool


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool now: drop the tasks not started, end the running ones (so
    that Ctrl-C does not wait for them), and wait, briefly, for the pool's own
    thread to finish.

    ``shutdown`` only cancels tasks not yet started; Python 3.14 adds
    ``terminate_workers`` for the rest, and before it the pool's process
    table is the only handle on them. It must be read before ``shutdown``,
    which forgets it (read after, as it once was, it ended nothing). The wait
    is for Python 3.11 at least: its exit hook wakes the pool's thread through
    a pipe that thread closes without the hook's lock, and a thread still
    closing it as this process exits made the hook print an ``OSError``
    traceback under the command's own one-line error.
    """
    thread = getattr(pool, "_executor_manager_thread", None)
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
    else:
        processes = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    if thread is not None:
        thread.join(_STOP_SECONDS)  # bounded: a stuck pool must not hold the exit


def _worker_start(parent: int) -> None:
    """A pool worker's first act: ignore Ctrl-C, and die with ``parent``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes  # here: only a worker needs it, and the command starts faster

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watch below still covers it
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Exit once the parent is gone (the worker is then re-parented, so the id changes)."""
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


@contextmanager
def _dask_client(spec: str, workers: int | None, processes: bool) -> Iterator[Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise Unavailable(f"--executor {spec} needs Dask: {DASK_EXTRA}") from None
    if spec == "dask-local":
        try:
            cluster = LocalCluster(  # type: ignore[no-untyped-call]  # distributed is typed in part
                n_workers=workers or cpu_count(),
                threads_per_worker=1,  # the jobs are pure Python: one per process
                processes=processes,
                # This machine only, on ports the system picks: the scheduler's
                # small HTTP server would otherwise claim 8787. Thread workers
                # talk in-process, where a host means nothing (and is refused).
                host="127.0.0.1" if processes else None,
                dashboard_address="127.0.0.1:0",
                worker_dashboard_address="127.0.0.1:0",
            )
        except (RuntimeError, OSError) as error:
            raise Unavailable(f"could not start a local Dask cluster: {error}") from None
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    address = "tcp://" + spec.removeprefix(DASK_PREFIX)
    try:
        client = Client(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except OSError as error:
        raise Unavailable(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        yield client
