"""Stopping an input that hangs: :class:`Watchdog` arms a SIGALRM timer
around each input and raises :class:`Hung` inside it when the timer rings.
The doors' judges let :class:`Hung` through so the runner can record the hang.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any


class Hung(Exception):
    """Raised by the watchdog timer inside an input that runs far too long."""


class Watchdog:
    """Stops an input that runs for ``seconds`` with :class:`Hung` (a SIGALRM timer).

    Only on the main thread of a system with ``setitimer``; elsewhere it does
    nothing and a hanging parser hangs the run (the CPU limit still reports
    every input that finishes late).
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = hasattr(signal, "setitimer") and (
            threading.current_thread() is threading.main_thread()
        )
        self._previous: Any = None

    def __enter__(self) -> Watchdog:
        if self.active:
            self._previous = signal.signal(signal.SIGALRM, self._ring)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)

    @staticmethod
    def _ring(signum: int, frame: FrameType | None) -> None:
        raise Hung

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        try:
            yield
        finally:
            if self.active:
                signal.setitimer(signal.ITIMER_REAL, 0)
