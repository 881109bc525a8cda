"""The default process pool ends cleanly when a command fails or is interrupted
inside it: running tasks are ended, not waited for, and the pool's own thread
has finished before the command returns (Python 3.11's exit hook otherwise
races that thread for the pool's pipe and prints a traceback under the
command's one-line error). A size no generator takes starts no pool at all."""

from __future__ import annotations

import multiprocessing
import threading
import time
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from pencilbox import batch, executors, registry
from pencilbox.cli import main, making
from pencilbox.errors import PuzzleError


def _new_children(before: set[multiprocessing.process.BaseProcess]) -> list[Any]:
    """This process's live children that were not there ``before``."""
    return [child for child in multiprocessing.active_children() if child not in before]


def test_an_error_inside_the_pool_ends_its_workers_and_its_thread() -> None:
    before = set(threading.enumerate())
    children = set(multiprocessing.active_children())
    running: list[Future[None]] = []
    with pytest.raises(RuntimeError, match="stop here"), executors.open_executor(2) as pool:
        workers = _new_children(children)
        assert len(workers) == 2
        running = [pool.submit(time.sleep, 600) for _ in range(3)]
        raise RuntimeError("stop here")
    started = set(threading.enumerate()) - before
    assert not started, started  # the pool's thread has finished, not merely been told to
    assert not any(worker.is_alive() for worker in workers)
    for future in running:  # ended or dropped, none left to run for ten minutes
        assert future.done()
        assert future.cancelled() or isinstance(future.exception(), BrokenProcessPool)
        with pytest.raises((CancelledError, BrokenProcessPool)):
            future.result()


def test_an_interrupt_inside_the_pool_ends_it_the_same_way() -> None:
    before = set(threading.enumerate())
    children = set(multiprocessing.active_children())
    with pytest.raises(KeyboardInterrupt), executors.open_executor(2) as pool:
        workers = _new_children(children)
        pool.submit(time.sleep, 600)
        raise KeyboardInterrupt
    assert not set(threading.enumerate()) - before
    assert len(workers) == 2 and not any(worker.is_alive() for worker in workers)


@pytest.mark.parametrize("name", registry.names())
def test_check_size_takes_exactly_the_generators_sides(name: str) -> None:
    kind = registry.get(name)
    if kind.generate_sides is None:
        pytest.skip(f"{name} declares no sides")
    low, high = kind.generate_sides
    for rows, cols in ((low, low), (high, high), (low, high)):
        batch.check_size(kind, rows, cols)
    for rows, cols in ((low - 1, low), (high + 1, high), (high, high + 1)):
        with pytest.raises(PuzzleError, match=f"{low}x{low} to {high}x{high}, not {rows}x{cols}"):
            batch.check_size(kind, rows, cols)


def test_generate_refuses_a_size_before_any_worker_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_pool(*args: object) -> None:
        raise AssertionError("a pool was opened for a size the generator refuses")

    monkeypatch.setattr(making, "executor_for", no_pool)
    name = next(n for n in registry.names() if registry.get(n).generate_sides)
    high = registry.get(name).generate_sides[1]  # type: ignore[index]  # found just above
    code = main(["generate", name, "--size", f"{high + 1}x{high}", "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"not {high + 1}x{high}" in err
