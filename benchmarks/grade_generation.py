"""Grade-targeted generation: how often each grade comes up, and what a kept puzzle costs.

Run with ``python benchmarks/grade_generation.py --quick`` (a few minutes at
most on a shared machine) or choose ``--types``, ``--sizes`` and ``--count``.
For each type, generator mode and size it makes ``--count`` puzzles in one
process, each exactly as ``pencilbox generate --grade`` tries them
(:func:`pencilbox.batch.make_record` with the seeds ``bench:<size>:<i>``),
and for every grade of the type's ladder (and ``search``) reports

- the hit rate: the share of the puzzles made that have that grade;
- the median and maximum seconds per kept puzzle: the stream is walked in
  order as :func:`pencilbox.targeting.make_targeted` walks its attempts, and
  the seconds of every attempt from one hit to the next (the hit included)
  are what that kept puzzle cost. A grade never hit shows ``-``.

Times are wall-clock seconds, generation and grading together.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # texttable beside this file

from pencilbox import batch, registry, targeting  # noqa: E402
from texttable import table  # noqa: E402

QUICK_SIZES = ("5x5", "6x6")
QUICK_COUNT = 12


def stream(name: str, mode: str, rows: int, cols: int, count: int) -> list[tuple[str, float]]:
    """``count`` puzzles made in order: each one's grade rung and its seconds."""
    made = []
    for index in range(count):
        started = time.perf_counter()
        record = batch.make_record(name, rows, cols, mode, f"bench:{rows}x{cols}", index)
        made.append((str(record["grade"]["rung"]), time.perf_counter() - started))
    return made


def costs(made: Sequence[tuple[str, float]], grade: str) -> list[float]:
    """Seconds per kept puzzle of ``grade``: each hit's own time plus the misses before it."""
    kept, spent = [], 0.0
    for rung, seconds in made:
        spent += seconds
        if rung == grade:
            kept.append(spent)
            spent = 0.0
    return kept


def rows_for(name: str, sizes: Sequence[str], count: int) -> list[list[str]]:
    kind = registry.get(name)
    out = []
    for mode in kind.generate_modes:
        for size in sizes:
            rows, cols = (int(part) for part in size.split("x"))
            made = stream(name, mode, rows, cols, count)
            for grade in targeting.grade_names(kind):
                kept = costs(made, grade)
                rate = f"{len(kept)}/{count} ({100 * len(kept) / count:.0f}%)"
                median = f"{statistics.median(kept):.3f}" if kept else "-"
                worst = f"{max(kept):.3f}" if kept else "-"
                out.append([name, mode, size, grade, rate, median, worst])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes 5x5 and 6x6, 12 puzzles each")
    parser.add_argument("--types", nargs="*", default=None, help="types (default: all)")
    parser.add_argument("--sizes", nargs="*", default=["5x5", "6x6", "7x7"], help="RxC sizes")
    parser.add_argument("--count", type=int, default=30, help="puzzles per type, mode and size")
    args = parser.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else tuple(args.sizes)
    count = QUICK_COUNT if args.quick else args.count
    names = args.types or registry.names()
    started = time.perf_counter()
    rows = [row for name in names for row in rows_for(name, sizes, count)]
    headers = ["type", "mode", "size", "grade", "hit rate", "median s/kept", "max s/kept"]
    print(table(headers, rows, left=4))
    print(
        f"\n{len(names)} types, {count} puzzles per mode and size, "
        f"{time.perf_counter() - started:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
