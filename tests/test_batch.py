"""Batch generation: streaming order, repeatability across executors, the record fields."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from pencilbox import batch, solving
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.suguru import KIND

FIELDS = {
    "puzzle",
    "url",
    "text",
    "json",
    "solution",
    "grade",
    "seed",
    "rows",
    "cols",
    "mode",
    "seconds",
}


def _stable(record: dict[str, Any]) -> dict[str, Any]:
    """A record without its timings, which differ from run to run."""
    return {k: v for k, v in record.items() if k != "seconds"}


class CountingExecutor(Executor):
    """A thread pool that counts submissions, to see how far ahead work is queued."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=2)
        self.submitted = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self.lock:
            self.submitted += 1
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_records_stream_in_order_with_a_thread_pool() -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        records = list(batch.generate_many("suguru", 5, 6, 6, "minimal", 42, executor=pool))
    assert [r["index"] for r in records] == list(range(6))
    assert [r["seed"] for r in records] == [f"42:{i}" for i in range(6)]
    for record in records:
        assert set(record) >= FIELDS
        assert record["puzzle"] == "suguru" and record["mode"] == "minimal"
        assert (record["rows"], record["cols"]) == (5, 6)
        puzzle = KIND.from_json(record["json"])
        assert KIND.parse_text(record["text"]) == puzzle
        assert record["url"] == KIND.to_url(puzzle)
        assert KIND.check(puzzle, record["solution"]) == []
        assert record["grade"] == solving.grade(KIND, puzzle).as_json()
        json.dumps(record)  # JSON-ready


def test_runs_repeat_across_executors() -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = [
            _stable(r) for r in batch.generate_many("suguru", 6, 6, 5, "solvable", 9, executor=pool)
        ]
    with ProcessPoolExecutor(max_workers=2) as pool:
        processes = [
            _stable(r) for r in batch.generate_many("suguru", 6, 6, 5, "solvable", 9, executor=pool)
        ]
    default = [_stable(r) for r in batch.generate_many("suguru", 6, 6, 5, "solvable", 9)]
    assert threaded == processes == default
    assert len({r["url"] for r in threaded}) == 5
    other = [batch.make_record("suguru", 6, 6, "solvable", 10, i) for i in range(5)]
    assert [r["url"] for r in other] != [r["url"] for r in threaded]


def test_a_record_regenerates_from_its_own_seed() -> None:
    record = batch.make_record("suguru", 7, 7, "minimal", "s", 3)
    made = KIND.generate(random.Random(record["seed"]), 7, 7, "minimal")
    assert KIND.to_json(made.puzzle) == record["json"]
    assert made.solution == record["solution"]


def test_work_is_queued_only_a_window_ahead() -> None:
    executor = CountingExecutor()
    try:
        stream = batch.generate_many("suguru", 5, 5, 10, "solvable", 1, executor=executor, window=3)
        assert executor.submitted == 0  # nothing starts before the first record is asked for
        first = next(stream)
        assert first["index"] == 0
        assert executor.submitted == 3
        second = next(stream)
        assert second["index"] == 1 and executor.submitted == 4
        stream.close()  # the rest is cancelled; the caller's executor stays usable
        assert executor.submit(sum, [1, 2]).result() == 3
    finally:
        executor.shutdown()


def test_bad_requests_fail_before_any_work() -> None:
    with pytest.raises(PuzzleError, match="mode 'bogus'"):
        batch.generate_many("suguru", 5, 5, 2, "bogus", 0)
    with pytest.raises(PuzzleError, match="unknown puzzle type"):
        batch.generate_many("sudoku", 5, 5, 2, "solvable", 0)
    with pytest.raises(PuzzleError, match="negative"):
        batch.generate_many("suguru", 5, 5, -1, "solvable", 0)
    # a size the generator refuses surfaces as PuzzleError from the worker
    with ThreadPoolExecutor(1) as pool, pytest.raises(PuzzleError, match="0x5"):
        list(batch.generate_many("suguru", 0, 5, 1, "solvable", 0, executor=pool))
