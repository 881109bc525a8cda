"""Running the fuzzer: each case is fed to its door under the watchdog, its
CPU time measured and its result judged and recorded in a
:class:`~pencilbox.fuzzing.report.FuzzReport`. :func:`run` feeds a range of a
seeded run, :func:`check_case` replays one input, :func:`fuzz_sources` fuzzes
a caller's own boards through :func:`pencilbox.formats.load`.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

from ..kind import PuzzleKind
from .cases import FAMILIES, WEB_FAMILIES, Case
from .judging import Result, round_trip_problem, try_parser
from .making import make_case
from .mutations import mutate_text
from .report import DoorTally, Failure, FuzzReport, Slowest
from .watchdog import Hung, Watchdog
from .web_doors import WebDoors

HANG_SECONDS = 30.0
"""An input still running after this long is stopped (where a timer signal is available).

Read from this module when a runner starts, so a change must be made here
(``pencilbox.fuzzing.runner``); the package does not re-export it."""


class _Runner:
    """Feeds cases one by one, timing each and keeping the report and the output file."""

    def __init__(self, report: FuzzReport, out: TextIO | None, web: WebDoors | None) -> None:
        self.report = report
        self.out = out
        self.web = web
        self.watchdog = Watchdog(HANG_SECONDS)

    def feed(self, case: Case) -> Result:
        parsed: tuple[PuzzleKind[Any], Any] | None = None
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            with self.watchdog.guard():
                if case.family in WEB_FAMILIES:
                    result = self._web_result(case)
                else:
                    # time the parser alone; the round trip afterwards is not the door's cost
                    result, parsed = try_parser(case)
        except Hung:
            stopped = f"still running after {self.watchdog.seconds:g} s"
            result, parsed = Result("failed", stopped), None
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if parsed is not None:
            problem = round_trip_problem(*parsed)
            if problem:
                result = Result("failed", problem)
        if cpu > self.report.time_limit and result.outcome != "failed":
            limit = self.report.time_limit
            result = Result("failed", f"took {cpu:.3f} s of CPU, more than {limit:g} s")
        self._record(case, result, cpu, wall)
        return result

    def _web_result(self, case: Case) -> Result:
        if self.web is None:
            raise ValueError(f"door {case.door!r} needs a WebDoors")
        if case.family == "api":
            return self.web.call_endpoint(case.data)
        return self.web.call_app(case.data)

    def _record(self, case: Case, result: Result, cpu: float, wall: float) -> None:
        report = self.report
        report.doors.setdefault(case.door, DoorTally()).add(case.index, result, cpu)
        if report.slowest is None or cpu > report.slowest.seconds:
            report.slowest = Slowest(case.door, case.index, cpu, wall, case.preview())
        if result.outcome == "failed":
            failure = Failure(
                case.door, case.index, result.problem or "", round(cpu, 4), case.input_json()
            )
            report.failures.append(failure)
            if self.out:
                self.out.write(json.dumps({"record": "failure", **asdict(failure)}) + "\n")
                self.out.flush()


def check_case(case: Case, web: WebDoors | None = None, *, time_limit: float = 1.0) -> Result:
    """Feed one input to its door, timed and judged as :func:`run` judges it.

    For replaying one input: ``check_case(make_case(seed, index))``. A web
    door's input opens (and closes) its own :class:`WebDoors` when none is given.
    """
    with contextlib.ExitStack() as stack:
        if web is None and case.family in WEB_FAMILIES:
            web = WebDoors()
            stack.callback(web.close)
        runner = _Runner(FuzzReport("one", case.index, 1, time_limit), None, web)
        stack.enter_context(runner.watchdog)
        return runner.feed(case)


def run(
    count: int,
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
    *,
    out: Path | str | None = None,
    start: int = 0,
    families: Sequence[str] = FAMILIES,
    time_limit: float = 1.0,
) -> FuzzReport:
    """Feed inputs ``start .. start + count - 1`` of run ``seed`` to the doors.

    ``progress(done, count)`` is called every 500 inputs and at the end.
    With ``out``, the file is written as JSON lines: a ``run`` record (seed,
    range, families, limit), a ``failure`` record per failure as it happens
    (door, index, problem, CPU seconds, the exact input), and a ``summary``
    record (:meth:`FuzzReport.to_json`). ``families`` limits the door
    families; ``time_limit`` is the CPU seconds one input may take.
    """
    unknown = [name for name in families if name not in FAMILIES]
    if unknown or not families:
        raise ValueError(f"unknown door families {unknown}; choose from {', '.join(FAMILIES)}")
    report = FuzzReport(str(seed), start, count, time_limit)
    needs_web = any(name in WEB_FAMILIES for name in families)
    with contextlib.ExitStack() as stack:
        handle = stack.enter_context(open(out, "w", encoding="utf-8")) if out else None
        web = WebDoors() if needs_web else None
        if web:
            stack.callback(web.close)
        runner = _Runner(report, handle, web)
        stack.enter_context(runner.watchdog)
        if handle:
            header = {
                "record": "run",
                "seed": str(seed),
                "start": start,
                "count": count,
                "families": list(families),
                "time_limit": time_limit,
            }
            handle.write(json.dumps(header) + "\n")
        cpu, wall = time.process_time(), time.perf_counter()
        for done, index in enumerate(range(start, start + count), start=1):
            runner.feed(make_case(seed, index, families))
            if progress and (done % 500 == 0 or done == count):
                progress(done, count)
        report.cpu_seconds = time.process_time() - cpu
        report.seconds = time.perf_counter() - wall
        if handle:
            handle.write(json.dumps({"record": "summary", **report.to_json()}) + "\n")
    return report


def fuzz_sources(
    sources: Sequence[str],
    count: int,
    seed: int | str,
    *,
    edits: tuple[int, int] = (1, 3),
    time_limit: float = 1.0,
) -> FuzzReport:
    """Feed ``count`` mutated copies of ``sources`` to :func:`formats.load` (door ``load``).

    Input ``index`` is ``sources[index % len(sources)]`` with ``edits`` (a
    range) random edits of :func:`mutate_text`; the judging is :func:`run`'s.
    For a format test that wants its own boards fuzzed.
    """
    report = FuzzReport(str(seed), 0, count, time_limit)
    runner = _Runner(report, None, None)
    wall = time.perf_counter()
    cpu = time.process_time()
    with runner.watchdog:
        for index in range(count):
            rng = random.Random(f"{seed}/{index}")
            text = sources[index % len(sources)]
            for _ in range(rng.randint(*edits)):
                text = mutate_text(rng, text, sources)
            runner.feed(Case("load", index, text))
    report.cpu_seconds = time.process_time() - cpu
    report.seconds = time.perf_counter() - wall
    return report
