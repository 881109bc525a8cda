"""Work spread over a ``concurrent.futures.Executor``, puzzle-free.

The ``stats`` modules of the puzzle packages submit their samples through
:func:`gather`, and ``pencilbox batch`` its puzzles through
:func:`as_finished`; any executor works (a process pool, a thread pool, a Dask
client's ``get_executor()``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, TypeVar

T = TypeVar("T")

Job = tuple[Callable[..., dict[str, Any]], tuple[Any, ...]]
"""One unit of measurement work: a picklable function and its arguments."""


def gather(executor: Executor, work: Mapping[Any, list[Job]]) -> dict[Any, list[dict[str, Any]]]:
    """Submit every job at once (so the pool stays busy), then collect each key's
    results in submission order. The ``stats`` modules measure through this."""
    futures: dict[Any, list[Future[dict[str, Any]]]] = {
        key: [executor.submit(fn, *args) for fn, args in jobs] for key, jobs in work.items()
    }
    return {key: [future.result() for future in found] for key, found in futures.items()}


def as_finished(
    executor: Executor,
    fn: Callable[..., T],
    jobs: Iterable[tuple[Any, ...]],
    window: int,
) -> Iterator[T]:
    """Run ``fn(*args)`` for each of ``jobs`` and yield the results as they finish.

    At most ``window`` jobs are in flight, so a long input is read as the work
    goes and stopping early (the iterator closed, Ctrl-C) wastes little; the
    jobs still waiting are cancelled then.
    """
    pending: set[Future[T]] = set()
    queued = iter(jobs)
    try:
        while True:
            for args in queued:
                pending.add(executor.submit(fn, *args))
                if len(pending) >= window:
                    break
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        for future in pending:
            future.cancel()
