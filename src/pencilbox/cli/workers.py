"""Running batch work: a process pool that stops cleanly on Ctrl-C, and a progress bar."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Protocol


@contextmanager
def executor_for(workers: int | None) -> Iterator[Executor]:
    """A process pool of ``workers`` (default: one per core); 1 means one thread here.

    Pool workers ignore Ctrl-C so that only this process reacts to it and the
    terminal does not fill with one traceback per worker. They are started by
    a fork server, not by forking this process, because the progress bar runs
    a thread here and forking a process with threads can copy a held lock.
    """
    if workers == 1:
        with ThreadPoolExecutor(max_workers=1) as inline:
            yield inline
        return
    count = workers or _cpu_count()
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    pool = ProcessPoolExecutor(
        max_workers=count,
        mp_context=context,
        initializer=signal.signal,
        initargs=(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_workers(pool)
        raise
    pool.shutdown()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End tasks already running, so that Ctrl-C does not wait for them.

    ``shutdown`` only cancels tasks not yet started; Python 3.14 adds
    ``terminate_workers`` for the rest, and before it the pool's process
    table is the only handle on them.
    """
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Advance(Protocol):
    """Moves a progress bar on by ``steps`` finished items."""

    def __call__(self, steps: int = 1) -> None: ...


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Advance]:
    """A rich progress bar on stderr, shown only when stderr is a terminal.

    Yields ``advance(steps=1)``, to call as items finish. stdout is never
    touched, so JSON Lines written there stay clean.
    """
    if not sys.stderr.isatty():
        yield lambda steps=1: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=total)
        yield lambda steps=1: bar.advance(task, steps)
