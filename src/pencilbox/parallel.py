"""Measurement work spread over a ``concurrent.futures.Executor``, puzzle-free.

The ``stats`` modules of the puzzle packages submit their samples through
:func:`gather`; any executor works (a process pool, a thread pool, a Dask
client's ``get_executor()``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future
from typing import Any

Job = tuple[Callable[..., dict[str, Any]], tuple[Any, ...]]
"""One unit of measurement work: a picklable function and its arguments."""


def gather(executor: Executor, work: Mapping[Any, list[Job]]) -> dict[Any, list[dict[str, Any]]]:
    """Submit every job at once (so the pool stays busy), then collect each key's
    results in submission order. The ``stats`` modules measure through this."""
    futures: dict[Any, list[Future[dict[str, Any]]]] = {
        key: [executor.submit(fn, *args) for fn, args in jobs] for key, jobs in work.items()
    }
    return {key: [future.result() for future in found] for key, found in futures.items()}
