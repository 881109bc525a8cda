"""Time the LITS solver on every real puzzle in tests/data/lits.

Run with ``python benchmarks/lits.py``. Each puzzle is loaded from its URL
and solved with one rung plus search (default: the top rung, ``probe``,
which is what ``pencilbox solve`` uses), counting up to 2 solutions so each
solve also proves uniqueness; the answer is checked against the published
one (or, where the source published none, against another solver's).
The reader of the data is the test suite's own (``tests/test_lits_real.py``).

The time is seconds around ``solving.solve`` (board tables included,
parsing excluded), the median of ``--repeat`` runs per puzzle (default 3),
both wall-clock and CPU time of this process: the machine is shared, and
when other work loads it the wall-clock figures grow while the CPU ones
stay put. The load average is printed with the results.
Prints count, median and max seconds per size and per source, then the
three targets (10x10, the 24x24 noqx example, the 40x57 janko). Exits 1 if
a puzzle that should be unique is not, or disagrees with its answer.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the data reader shared with the tests

from pencilbox import formats, solving  # noqa: E402
from test_lits_real import RealLits, real_lits  # noqa: E402
from texttable import table  # noqa: E402


@dataclass(frozen=True)
class Timed:
    name: str
    source: str
    size: str
    cells: int
    seconds: float
    cpu: float
    count: int
    exhaustive: bool
    solved_by: str
    branch_points: int
    ok: bool


def time_case(case: RealLits, rung: str | None, repeat: int) -> Timed:
    kind, puzzle = formats.load(case.url)
    times = []
    cpu = []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        report = solving.solve(kind, puzzle, rung=rung, limit=2)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    if case.unique:
        ok = report.unique and (case.solution is None or report.solutions[0] == case.solution)
    else:
        ok = report.count == 2 and not report.exhaustive
    return Timed(
        case.name,
        case.name.split("-")[0],
        f"{puzzle.rows}x{puzzle.cols}",
        puzzle.rows * puzzle.cols,
        statistics.median(times),
        statistics.median(cpu),
        report.count,
        report.exhaustive,
        report.solved_by,
        report.branch_points,
        ok,
    )


def grouped(results: Sequence[Timed], key: str) -> list[list[str]]:
    groups: dict[str, list[Timed]] = defaultdict(list)
    for result in results:
        groups[getattr(result, key)].append(result)
    order = sorted(groups, key=lambda k: min(r.cells for r in groups[k]))
    rows = []
    for name in order:
        group = groups[name]
        times = [r.seconds for r in group]
        cpu = [r.cpu for r in group]
        rows.append(
            [
                name,
                str(len(group)),
                str(sum(r.solved_by != "search" for r in group)),
                f"{statistics.median(times):.3f}",
                f"{max(times):.3f}",
                f"{statistics.median(cpu):.3f}",
                f"{max(cpu):.3f}",
            ]
        )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rung", default=None, help="rule set (default: the top rung)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle (median kept)")
    parser.add_argument("--only", default="", help="only puzzles whose name contains this")
    args = parser.parse_args(argv)
    cases = [case for case in real_lits() if args.only in case.name]
    results = [time_case(case, args.rung, args.repeat) for case in cases]
    rung = args.rung or "probe"
    print(f"Solving {len(results)} real LITS from tests/data/lits with {rung} + search")
    print("(count to 2 = prove unique; median of", args.repeat, "runs per puzzle)")
    headers = ["", "puzzles", "no search", "median s", "max s", "median cpu", "max cpu"]
    print()
    print(table(["size", *headers[1:]], grouped(results, "size")))
    print()
    print(table(["source", *headers[1:]], grouped(results, "source")))
    print()
    targets = [
        ("10x10 (all)", [r for r in results if r.size == "10x10"], 0.040),
        ("24x24 noqx", [r for r in results if r.name == "noqx-24x24"], 0.5),
        ("40x57 janko", [r for r in results if r.size == "40x57"], 3.0),
    ]
    rows = []
    for label, group, target in targets:
        if group:
            worst = max(r.seconds for r in group)
            worst_cpu = max(r.cpu for r in group)
            rows.append(
                [
                    label,
                    f"{target:.3f}",
                    f"{worst:.3f}",
                    "yes" if worst <= target else "NO",
                    f"{worst_cpu:.3f}",
                    "yes" if worst_cpu <= target else "NO",
                ]
            )
    print(table(["target", "target s", "max s", "met", "max cpu", "met"], rows))
    load = os.getloadavg()[0]
    print(f"(load average while running: {load:.1f} on {os.cpu_count()} cores)")
    problems = [r for r in results if not r.ok]
    for r in problems:
        print(f"  ! {r.name} ({r.size}): count {r.count}{'' if r.exhaustive else '+'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
