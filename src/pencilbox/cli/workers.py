"""Running long commands: the executor ``--workers``/``--executor`` ask for, and
a progress bar with rate and time left."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any, Protocol

from ..executors import open_executor

__all__ = ["Advance", "counting_executor", "executor_for", "progress_bar"]


@contextmanager
def executor_for(workers: int | None, where: str | None = None) -> Iterator[Executor]:
    """The executor of a long command (see :func:`pencilbox.executors.open_executor`)."""
    with open_executor(workers, where) as executor:
        yield executor


class Advance(Protocol):
    """Moves a progress bar on by ``steps`` finished items."""

    def __call__(self, steps: int = 1) -> None: ...


@contextmanager
def progress_bar(total: int | None, what: str) -> Iterator[Advance]:
    """A rich progress bar on stderr, shown only when stderr is a terminal.

    Yields ``advance(steps=1)``, to call as items finish. With ``total``
    None the bar counts and shows the rate only. stdout is never touched,
    so JSON Lines written there stay clean.
    """
    if not sys.stderr.isatty():
        yield lambda steps=1: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
    ]
    if total is not None:  # with no total there is no share done and no time left
        columns[3:3] = [TaskProgressColumn()]
        columns += [TextColumn("left"), TimeRemainingColumn()]
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=total, rate="")

        def advance(steps: int = 1) -> None:
            bar.advance(task, steps)
            speed = bar.tasks[task].speed  # items a second, over rich's recent window
            bar.update(task, rate=f"{speed:.1f}/s" if speed else "")

        yield advance


def counting_executor(executor: Executor, advance: Advance) -> Executor:
    """``executor`` with every finished job moving the bar on: for work whose
    jobs are submitted out of sight (a type's ``stats``)."""
    return _Counting(executor, advance)


class _Counting(Executor):
    def __init__(self, inner: Executor, advance: Advance) -> None:
        self._inner = inner
        self._advance = advance

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self._inner.submit(fn, *args, **kwargs)
        future.add_done_callback(lambda _: self._advance())
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass  # the inner executor belongs to whoever made it
