"""Generate many puzzles of any type through a ``concurrent.futures.Executor``.

Puzzle ``i`` of a run seeded ``seed`` is made with its own
``random.Random(f"{seed}:{i}")``, so a run gives the same puzzles whichever
executor runs it and in whatever order the workers finish; records are
yielded in index order, each as soon as it and those before it are done.
The default executor is a process pool whose workers end with this process
(:func:`pencilbox.executors.process_pool`); any other ``Executor`` works (a
thread pool, or a Dask client's ``get_executor()``).
"""

from __future__ import annotations

import os
import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import Any

from . import registry, solving
from .errors import PuzzleError
from .executors import process_pool
from .kind import PuzzleKind

Record = dict[str, Any]
Maker = Callable[[str, int, int, str, int | str, int], Record]
"""Makes puzzle ``index`` of a run: ``(type, rows, cols, mode, seed, index) -> record``."""


def puzzle_seed(seed: int | str, index: int) -> str:
    """The seed of puzzle ``index`` in a run seeded ``seed``."""
    return f"{seed}:{index}"


def make_record(
    kind_name: str, rows: int, cols: int, mode: str, seed: int | str, index: int
) -> Record:
    """Generate puzzle ``index`` of a run and describe it as a JSON-ready dict.

    Fields: ``puzzle`` (type name), ``url``, ``text``, ``json``, ``solution``,
    ``grade`` (:meth:`Grade.as_json`), ``seed`` (this puzzle's own seed: pass
    it to ``random.Random`` to make the puzzle again), ``index``, ``rows``,
    ``cols``, ``mode``, ``seconds`` and the generator's ``info``. A generator
    may put the grade it computed in ``info["grade"]`` to save a recount.
    """
    kind = registry.get(kind_name)
    own_seed = puzzle_seed(seed, index)
    started = time.perf_counter()
    made = kind.generate(random.Random(own_seed), rows, cols, mode)
    info = dict(made.info)
    grade = info.pop("grade", None) or solving.grade(kind, made.puzzle).as_json()
    info.pop("seconds", None)  # the record's own ``seconds`` covers it
    seconds = time.perf_counter() - started
    return {
        "puzzle": kind.name,
        "url": kind.to_url(made.puzzle),
        "text": kind.format_text(made.puzzle),
        "json": kind.to_json(made.puzzle),
        "solution": made.solution,
        "grade": grade,
        "seed": own_seed,
        "index": index,
        "rows": rows,
        "cols": cols,
        "mode": mode,
        "seconds": round(seconds, 4),
        "info": info,
    }


def check_size(kind: PuzzleKind[Any], rows: int, cols: int) -> None:
    """A PuzzleError unless ``kind``'s generator takes a ``rows`` x ``cols`` board
    (its ``generate_sides``). Checked here, before a pool starts, so that a bad
    size is one line at once rather than an error sent back from a worker."""
    if kind.generate_sides is None:
        return
    low, high = kind.generate_sides
    if not (low <= rows <= high and low <= cols <= high):
        raise PuzzleError(
            f"can generate {kind.display_name} from {low}x{low} to {high}x{high}, not {rows}x{cols}"
        )


def generate_many(
    kind_name: str,
    rows: int,
    cols: int,
    count: int,
    mode: str,
    seed: int | str,
    executor: Executor | None = None,
    *,
    window: int | None = None,
    make: Maker | None = None,
) -> Iterator[Record]:
    """Yield ``count`` records (see :func:`make_record`) in index order.

    At most ``window`` puzzles are in flight at once (default: four per
    core), so stopping early wastes little work. An executor passed in is
    left running; one made here is shut down when the iterator finishes or
    is closed. Bad arguments raise PuzzleError before any work starts.
    ``make`` replaces :func:`make_record` (it must pickle, for a process pool):
    :mod:`pencilbox.targeting` keeps only puzzles of one grade through it.
    """
    kind = registry.get(kind_name)
    check_size(kind, rows, cols)
    if kind.generate_modes and mode not in kind.generate_modes:
        raise PuzzleError(
            f"unknown mode {mode!r} for {kind.name}; choose from {', '.join(kind.generate_modes)}"
        )
    if count < 0:
        raise PuzzleError(f"count must not be negative, got {count}")
    if window is None:
        window = 4 * (os.cpu_count() or 1)
    job = (kind.name, rows, cols, count, mode, seed)
    return _stream(*job, executor, max(1, window), make or make_record)


def _stream(
    kind_name: str,
    rows: int,
    cols: int,
    count: int,
    mode: str,
    seed: int | str,
    executor: Executor | None,
    window: int,
    make: Maker,
) -> Iterator[Record]:
    own = executor is None
    pool = process_pool() if executor is None else executor
    pending: deque[Future[Record]] = deque()
    submitted = 0
    try:
        while submitted < count or pending:
            while submitted < count and len(pending) < window:
                pending.append(pool.submit(make, kind_name, rows, cols, mode, seed, submitted))
                submitted += 1
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
