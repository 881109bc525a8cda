"""Time the Fillomino SAT engines on every janko board: plain, hybrid, default solve.

Run with ``python benchmarks/fillomino.py``. Each of the 23 janko boards in
``tests/data/fillomino/fillomino_sample.json`` (5x4 to 30x45) is built from
its givens and counted up to 2 (so each count proves uniqueness) by

* ``sat``: the plain encoding of the bare board (:mod:`pencilbox.puzzles.fillomino.cnf`);
* ``hybrid``: the ladder's hybrid rung propagated, then the encoding of what is left;
* ``default``: what ``pencilbox solve`` does (``counting.count_default``: the
  ladder's default rung propagated, then SAT).

Each count's answer is compared with janko's. A count is repeated
``--repeat`` times and its least time kept (the machine is shared: other
work only ever adds time); beside the wall-clock seconds the count reports,
the process's CPU seconds are kept too (least of the repeats), which a
loaded machine inflates less. Printed: a row per board (seconds, and for the
plain encoding its variables and clauses up front, solver calls, and cuts:
the clauses ``refine`` added, a rooted region's included), then per
engine the sum, median and maximum of both. Exits 1 if a board is not
proven unique or disagrees with janko's answer.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pencilbox import counting, formats
from pencilbox.puzzles.fillomino import KIND
from pencilbox.puzzles.fillomino.model import Fillomino
from texttable import table  # the benchmarks' own (this script's folder)

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "fillomino" / "fillomino_sample.json"
ENGINES = ("sat", "hybrid", "default")


def boards() -> list[tuple[str, Fillomino, list[list[int]]]]:
    """Every janko board, read as ``pencilbox`` reads a dataset record: its id,
    the board and janko's answer."""
    found = []
    for record in json.loads(SAMPLE.read_text(encoding="utf-8"))["puzzles"]:
        loaded = formats.read(json.dumps(record))
        assert loaded.kind is KIND and loaded.answer is not None, record["id"]
        found.append((record["id"], loaded.puzzle, loaded.answer))
    return found


def run(engine: str, puzzle: Fillomino) -> Any:
    if engine == "default":
        return counting.count_default(KIND, puzzle, 2)
    return counting.count(KIND, puzzle, 2, engine)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="counts per board, least kept (3)")
    parser.add_argument("--only", help="the board ids to run, comma-separated (default all)")
    args = parser.parse_args(argv)
    wanted = set(args.only.split(",")) if args.only else None
    rows: list[list[str]] = []
    seconds: dict[str, list[float]] = {engine: [] for engine in ENGINES}
    cpu: dict[str, list[float]] = {engine: [] for engine in ENGINES}
    problems = []
    for name, puzzle, answer in boards():
        if wanted is not None and name not in wanted:
            continue
        row = [name, f"{puzzle.rows}x{puzzle.cols}"]
        plain = None
        for engine in ENGINES:
            best = None
            least_cpu = float("inf")
            for _ in range(max(1, args.repeat)):
                started = time.process_time()
                report = run(engine, puzzle)
                least_cpu = min(least_cpu, time.process_time() - started)
                if best is None or report.seconds < best.seconds:
                    best = report
            assert best is not None
            cpu[engine].append(least_cpu)
            if engine == "sat":
                plain = best
            seconds[engine].append(best.seconds)
            ok = best.count == 1 and best.exhaustive and best.solutions[0] == answer
            if not ok:
                problems.append(
                    f"{name} {engine}: count {best.count}, exhaustive {best.exhaustive}"
                )
            row.append(f"{best.seconds:.3f}" + ("" if ok else " !"))
        assert plain is not None
        row += [str(plain.variables), str(plain.clauses), str(plain.calls), str(plain.cuts)]
        rows.append(row)
    print(
        f"Counting the janko Fillomino boards up to 2 (proves unique); seconds per board, "
        f"least of {max(1, args.repeat)}; the plain encoding's size and work"
    )
    headers = ["board", "size", *(f"{e} s" for e in ENGINES), "vars", "clauses", "calls", "cuts"]
    print(table(headers, rows, left=2))
    print()
    summary = [
        [
            engine,
            str(len(times)),
            *(
                f"{figure:.3f}"
                for spent in (times, cpu[engine])
                for figure in (sum(spent), statistics.median(spent), max(spent))
            ),
        ]
        for engine, times in seconds.items()
        if times
    ]
    headers = ["engine", "boards", "sum s", "median s", "max s", "cpu sum", "cpu median", "cpu max"]
    print(table(headers, summary))
    for problem in problems:
        print(f"  ! {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
