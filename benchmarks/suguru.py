"""Time the Suguru solver on every real puzzle in tests/data, and the generator.

Run with ``python benchmarks/suguru.py`` (``make bench`` runs it with the others). It

1. solves every Suguru copied into ``tests/data/suguru`` (the reader is the
   test suite's own, ``tests/conftest.py``), counting up to 2 solutions so
   each solve also proves uniqueness, and checks the solution against the
   published one (or, where the source published none, against the one
   another solver derived);
2. times the generation of 8x8 puzzles in the ``solvable`` mode, one process,
   seeds 0..N-1 (each generation once).

Times are wall-clock seconds around one library call on this machine; a
solve is repeated and its best time kept. The machine is shared, so treat
small differences as noise.
Exits 1 if any puzzle is not unique or disagrees with its published solution.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the data reader shared with the tests

from conftest import RealSuguru, real_sugurus  # noqa: E402
from pencilbox import formats, registry, solving  # noqa: E402
from texttable import table  # noqa: E402


@dataclass(frozen=True)
class Solved:
    """One real puzzle, solved: how long, how many solutions, and did it match."""

    name: str
    size: str
    seconds: float
    count: int
    exhaustive: bool
    expected: str  # "published", "derived" or "none": what the solution is checked against
    matches: bool | None  # None when there is nothing to check against


def solve_case(case: RealSuguru, repeat: int) -> Solved:
    kind, puzzle = formats.load(case.text or case.url)
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        report = solving.solve(kind, puzzle, limit=2)
        timings.append(time.perf_counter() - started)
    seconds = min(timings)  # the least disturbed run: other work only ever adds time
    matches = None
    if case.solution is not None:
        matches = bool(report.solutions) and report.solutions[0] == case.solution
    expected = (
        "none" if case.solution is None else ("published" if case.solution_published else "derived")
    )
    return Solved(
        case.name,
        f"{puzzle.rows}x{puzzle.cols}",
        seconds,
        report.count,
        report.exhaustive,
        expected,
        matches,
    )


def size_key(size: str) -> tuple[int, int]:
    rows, cols = size.split("x")
    return int(rows), int(cols)


def bench_solver(repeat: int) -> bool:
    """Print the per-size solving table; True when every puzzle checks out."""
    results = [solve_case(case, repeat) for case in real_sugurus()]
    by_size: dict[str, list[Solved]] = defaultdict(list)
    for result in results:
        by_size[result.size].append(result)
    rows = []
    for size in sorted(by_size, key=size_key):
        group = by_size[size]
        times = [r.seconds for r in group]
        unique = sum(1 for r in group if r.exhaustive and r.count == 1)
        checked = [r for r in group if r.matches is not None]
        rows.append(
            [
                size,
                str(len(group)),
                str(unique),
                f"{sum(1 for r in checked if r.matches)}/{len(checked)}",
                f"{statistics.median(times):.4f}",
                f"{max(times):.4f}",
            ]
        )
    print(
        f"Solving {len(results)} real Suguru from tests/data, counting to 2 (proves unique); "
        f"seconds per puzzle: best of {repeat} runs"
    )
    print(table(["size", "puzzles", "unique", "match", "median s", "max s"], rows))
    problems = [r for r in results if not (r.exhaustive and r.count == 1) or r.matches is False]
    for r in problems:
        print(
            f"  ! {r.name} ({r.size}): count {r.count}{'' if r.exhaustive else '+'}, "
            f"solution matches {r.expected}: {r.matches}"
        )
    unchecked = [r.name for r in results if r.matches is None]
    if unchecked:
        print(f"  (no solution published to check against: {', '.join(unchecked)})")
    derived = [r.name for r in results if r.expected == "derived"]
    if derived:
        print(
            f"  (checked against another solver's answer, not a published one: "
            f"{', '.join(derived)})"
        )
    return not problems


def bench_generator(type_name: str, rows: int, cols: int, mode: str, count: int) -> None:
    kind = registry.get(type_name)
    times = []
    givens = []
    for seed in range(count):
        started = time.perf_counter()
        made = kind.generate(random.Random(seed), rows, cols, mode)
        times.append(time.perf_counter() - started)
        givens.append(sum(1 for row in kind.to_json(made.puzzle)["givens"] for g in row if g))
    print()
    print(
        f"Generating {rows}x{cols} {type_name} in mode {mode!r}, one process, seeds 0..{count - 1}"
    )
    print(
        table(
            ["size", "N", "median s", "max s", "mean givens"],
            [
                [
                    f"{rows}x{cols}",
                    str(count),
                    f"{statistics.median(times):.3f}",
                    f"{max(times):.3f}",
                    f"{statistics.fmean(givens):.1f}",
                ]
            ],
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="solves per puzzle, best kept (5)")
    parser.add_argument("--gen-count", type=int, default=50, help="puzzles to generate (50)")
    parser.add_argument("--gen-size", default="8x8", help="generated board size (8x8)")
    parser.add_argument("--gen-mode", default="solvable", help="generator mode (solvable)")
    args = parser.parse_args(argv)
    ok = bench_solver(max(1, args.repeat))
    if args.gen_count > 0:
        rows, cols = size_key(args.gen_size)
        bench_generator("suguru", rows, cols, args.gen_mode, args.gen_count)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
