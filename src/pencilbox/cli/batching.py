"""``pencilbox batch solve|grade INPUT``: many puzzles, one JSON line each.

INPUT is JSON Lines (each line an object with an ``id`` and a ``puzzle`` in
any accepted form: text, URL, or a JSON object), a folder of puzzle files
(the id is the file name), or a dataset: one JSON document with a list of
records, at its top or under ``puzzles`` (see :mod:`.batch_inputs`).

Each puzzle is solved or graded by a worker, the same way ``pencilbox solve``
and ``pencilbox grade`` do it, and its line is written and flushed as soon as
it finishes, so an interrupted run keeps every finished line and ``--resume``
goes on from there. A puzzle that does not parse gets an ``error`` line and
the batch goes on. The summary (counts by outcome, median and max seconds)
goes to stderr, or to stdout as one JSON object with ``--json`` when the
lines go to a file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from typing import Any

from .. import formats, solving
from ..errors import PuzzleError, Unavailable
from ..executors import width
from ..parallel import as_finished
from . import batch_inputs
from .common import BATCH_MODES, PROG
from .output import output_file
from .solving import _count
from .workers import executor_for, progress_bar

Line = dict[str, Any]

MODES = BATCH_MODES


def cmd_batch(args: argparse.Namespace) -> int:
    """Exit 0 when every puzzle was read (whatever its answer), 1 when any was not."""
    if args.resume and args.out in (None, "-"):
        raise PuzzleError("--resume needs --out FILE: it skips the ids already there")
    if args.json and args.out in (None, "-"):
        raise PuzzleError("--json prints the summary on stdout: give the lines an --out FILE")
    if args.mode == "grade" and (args.engine != "rungs" or args.rules):
        raise PuzzleError("--engine and --rules apply to batch solve, not batch grade")
    items = batch_inputs.read(args.input)  # a missing or unreadable INPUT fails here, first
    done = batch_inputs.resume_from(args.out) if args.resume else set()
    todo = [(key, source) for key, source in items if key not in done]
    options = {"engine": args.engine, "rules": args.rules, "limit": args.limit}
    jobs = ((args.mode, options, key, source) for key, source in todo)
    outcomes: Counter[str] = Counter()
    seconds: list[float] = []
    started = time.perf_counter()
    with (
        output_file(args.out, append=args.resume) as out,
        executor_for(args.workers, args.executor) as executor,
        progress_bar(len(todo), f"batch {args.mode}") as advance,
    ):
        for line in as_finished(executor, run_one, jobs, window=4 * width(executor)):
            out.write(json.dumps(line) + "\n")
            out.flush()  # an interrupted run keeps every finished line
            outcomes[outcome(line)] += 1
            if "seconds" in line:
                seconds.append(line["seconds"])
            advance()
    summary = summarize(outcomes, seconds, time.perf_counter() - started, len(items) - len(todo))
    _report(summary, args.json)
    return 1 if outcomes["error"] else 0


def run_one(mode: str, options: dict[str, Any], key: str, source: Any) -> Line:
    """The line of one puzzle: its answer, or ``error`` when it does not parse.

    Runs in a worker: everything it needs comes in its arguments.
    """
    started = time.perf_counter()
    try:
        kind, puzzle = _load(source)
        answer = _grade(kind, puzzle) if mode == "grade" else _solve(kind, puzzle, options)
    except (PuzzleError, Unavailable) as error:  # this puzzle only: the batch goes on
        return {"id": key, "error": str(error)}
    return {"id": key, **answer, "seconds": round(time.perf_counter() - started, 4)}


def _load(source: Any) -> tuple[Any, Any]:
    if isinstance(source, batch_inputs.Unreadable):
        raise PuzzleError(source.reason)
    if isinstance(source, dict):
        return formats.load_object(source)
    if isinstance(source, str):
        return formats.load(source)
    raise PuzzleError("'puzzle' must be text, a URL or a JSON object")


def _solve(kind: Any, puzzle: Any, options: dict[str, Any]) -> dict[str, Any]:
    """As ``pencilbox solve`` counts (the same function), cut to the batch's fields."""
    args = argparse.Namespace(trace=False, **options)
    report = _count(kind, puzzle, args)
    found = report.as_json(kind, puzzle)
    line = {field: found[field] for field in ("puzzle", "count", "unique", "exhaustive")}
    line["solution"] = found["solution"]
    line["solved_by"] = found.get("solved_by", found.get("engine"))
    return line


def _grade(kind: Any, puzzle: Any) -> dict[str, Any]:
    grade = solving.grade(kind, puzzle)
    # A grade counts to two at most: below that limit the count is the whole truth.
    return {
        "puzzle": kind.name,
        "count": grade.count,
        "unique": grade.unique,
        "exhaustive": grade.count < 2,
        "grade": grade.as_json(),
    }


OUTCOMES = ("unique", "many", "none", "unchecked", "error")
"""A line's outcome: one answer; two or more; none; one found, the count stopped
there (``--limit 1``); the puzzle did not parse."""


def outcome(line: Line) -> str:
    """Which of :data:`OUTCOMES` a line is."""
    if "error" in line:
        return "error"
    if line["unique"]:
        return "unique"
    if line["count"] >= 2:
        return "many"
    return "none" if line["count"] == 0 else "unchecked"


def summarize(
    outcomes: Counter[str], seconds: list[float], wall: float, skipped: int
) -> dict[str, Any]:
    """The run in one object: puzzles by outcome and the time they took."""
    return {
        "puzzles": sum(outcomes.values()),
        "skipped": skipped,
        "outcomes": {name: outcomes[name] for name in OUTCOMES},
        "median_seconds": round(statistics.median(seconds), 4) if seconds else None,
        "max_seconds": round(max(seconds), 4) if seconds else None,
        "wall_seconds": round(wall, 2),
    }


def _report(summary: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(summary))
        return
    found = summary["outcomes"]
    words = ", ".join(f"{found[name]} {name}" for name in found)
    median, longest = summary["median_seconds"], summary["max_seconds"]
    timing = f"median {median} s, max {longest} s" if median is not None else "no timings"
    skipped = f" ({summary['skipped']} already done)" if summary["skipped"] else ""
    print(
        f"{PROG}: {summary['puzzles']} puzzles{skipped}: {words}; {timing}; "
        f"{summary['wall_seconds']} s in all",
        file=sys.stderr,
    )
