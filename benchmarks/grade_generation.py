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

The figures go to ``benchmarks/results/grade_generation.json`` (``--out``),
nested by type, mode, size and grade, for ``docs/setter-notes.md`` to quote;
its table is :func:`render` of that file (``scripts/quote_stats.py`` redraws
it, and a test holds the page to the file).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # texttable beside this file

from pencilbox import batch, registry, targeting  # noqa: E402
from results_file import Recorder  # noqa: E402
from texttable import table  # noqa: E402

Figures = dict[str, dict[str, dict[str, dict[str, dict[str, Any]]]]]
"""type -> mode -> size -> grade -> {kept, of, rate, median, max}."""
HEADERS = ["type", "mode", "size", "grade", "hit rate", "median s/kept", "max s/kept"]

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


def measure(name: str, sizes: Sequence[str], count: int) -> dict[str, dict[str, dict[str, Any]]]:
    """One type's figures: mode -> size -> grade -> its hits and seconds per kept puzzle."""
    kind = registry.get(name)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for mode in kind.generate_modes:
        for size in sizes:
            rows, cols = (int(part) for part in size.split("x"))
            made = stream(name, mode, rows, cols, count)
            by_grade = out.setdefault(mode, {}).setdefault(size, {})
            for grade in targeting.grade_names(kind):
                kept = costs(made, grade)
                by_grade[grade] = {
                    "kept": len(kept),
                    "of": count,
                    "rate": round(len(kept) / count, 3),
                    "median": round(statistics.median(kept), 3) if kept else None,
                    "max": round(max(kept), 3) if kept else None,
                }
    return out


def render(figures: Figures) -> str:
    """The table of ``figures``, as printed and as docs/setter-notes.md shows it."""
    rows = []
    for name, modes in figures.items():
        for mode, sizes in modes.items():
            for size, grades in sizes.items():
                for grade, got in grades.items():
                    rate = f"{got['kept']}/{got['of']} ({100 * got['rate']:.0f}%)"
                    median = "-" if got["median"] is None else f"{got['median']:.3f}"
                    worst = "-" if got["max"] is None else f"{got['max']:.3f}"
                    rows.append([name, mode, size, grade, rate, median, worst])
    return table(HEADERS, rows, left=4)


def render_result(measured: dict[str, Any]) -> str:
    """The table of a result file's ``measured`` (see ``results_file.rerender``)."""
    return render(measured["by_type"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes 5x5 and 6x6, 12 puzzles each")
    parser.add_argument("--types", nargs="*", default=None, help="types (default: all)")
    parser.add_argument("--sizes", nargs="*", default=["5x5", "6x6", "7x7"], help="RxC sizes")
    parser.add_argument("--count", type=int, default=30, help="puzzles per type, mode and size")
    parser.add_argument(
        "--out", type=Path, default=None, help="result file (default: benchmarks/results/)"
    )
    args = parser.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else tuple(args.sizes)
    count = QUICK_COUNT if args.quick else args.count
    names = args.types or registry.names()
    recorder = Recorder("grade_generation", argv)
    started = time.perf_counter()
    figures = {name: measure(name, sizes, count) for name in names}
    print(render(figures))
    seconds = time.perf_counter() - started
    print(f"\n{len(names)} types, {count} puzzles per mode and size, {seconds:.0f} s in all")
    recorder.write({"count": count, "sizes": list(sizes), "by_type": figures}, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
