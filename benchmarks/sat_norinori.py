"""Time Norinori's SAT engines against a plain model written from the rules.

Run with ``python benchmarks/sat_norinori.py``. Every board is counted to 2
(so each run also proves uniqueness) by

* ``reference``: the model below, kept here and not in the package: a
  variable per cell; exactly two shaded cells per region by a sequential
  counter; each shaded cell with a shaded neighbour and not two (a clause
  per two neighbours); counted with the same solver pencilbox uses and a
  blocking clause over the cells;
* ``sat``: pencilbox's plain encoding (``counting.count(..., "sat")``);
* ``hybrid``: the face's ``hybrid_rung`` and ``hybrid_extra`` rules to their
  fixpoint (by the face's ``hybrid_encoder``, on the board's masks), then
  SAT on what is left (``counting.count(..., "hybrid")``).

The boards: the 24 janko boards of ``tests/data/norinori/norinori_sample.json``
(8x8 to 36x54, loaded from their URLs) and every board of the shipped bank
(``src/pencilbox/puzzles/norinori/bank.json``), each held to its published
answer. Times are CPU seconds of this process (``time.process_time``; the
solver runs in-process) around one count, parsing excluded, with the
garbage collector off (as ``timeit`` has it), the best of ``--repeat`` runs
(default 5); the engines take turns within each round, so a burst of
outside load lands on all of them alike. Prints, per set of
boards, each engine's total, median and maximum, and the two ratios the
target is stated in: sat / reference (<= 1) and hybrid / reference (<= 0.4).
``--boards`` also prints one row per board. The summaries are written to
``benchmarks/results/sat_norinori.json`` (``--out`` elsewhere), which the
notes quote, with how many of the janko answers' dominoes cross a region
border (what the generator's trades aim at). Exits 1 if an engine gives a
wrong count or answer.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from pencilbox import counting, formats, registry  # noqa: E402
from pencilbox.puzzles.norinori.crossing import crossing  # noqa: E402
from pencilbox.puzzles.norinori.model import Norinori  # noqa: E402
from pencilbox.sat.core import SOLVER, load_solver  # noqa: E402
from results_file import Recorder  # noqa: E402
from texttable import table  # noqa: E402

KIND = registry.get("norinori")
SAMPLE = ROOT / "tests" / "data" / "norinori" / "norinori_sample.json"
ENGINES = ("reference", "sat", "hybrid")
Rows = list[list[int]]
Board = tuple[str, Norinori, Rows]


# -- the reference model: the rules, stated plainly --------------------------------


def reference_clauses(puzzle: Norinori) -> list[list[int]]:
    """Cell ``c`` is variable ``c + 1``, true when shaded; counter variables follow."""
    rows, cols = puzzle.rows, puzzle.cols
    top = rows * cols
    clauses: list[list[int]] = []
    regions: dict[int, list[int]] = {}
    for cell, region in enumerate(puzzle.regions):
        regions.setdefault(region, []).append(cell + 1)
    for cells in regions.values():
        # s[i][j]: at least j+1 of cells[0..i] are shaded, both ways (Sinz, exactly k=2)
        s = [[top + 2 * i + 1, top + 2 * i + 2] for i in range(len(cells))]
        top += 2 * len(cells)
        for i, x in enumerate(cells):
            if i == 0:
                clauses += [[-x, s[0][0]], [x, -s[0][0]], [-s[0][1]]]
                continue
            a, b = s[i - 1]
            one, two = s[i]
            clauses += [[-a, one], [-x, one], [-one, a, x]]  # one = a or x
            clauses += [[-b, two], [-x, -a, two], [-two, b, x], [-two, b, a]]  # two = b or x and a
            clauses.append([-x, -b])  # never a third
        clauses.append([s[-1][1]])
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near = [
            rr * cols + cc + 1
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < rows and 0 <= cc < cols
        ]
        x = cell + 1
        clauses.append([-x, *near])  # a shaded cell has a shaded neighbour
        clauses += [[-x, -a, -b] for i, a in enumerate(near) for b in near[i + 1 :]]  # one only
    return clauses


def reference_count(puzzle: Norinori, limit: int = 2) -> tuple[int, bool, list[Rows]]:
    """Answers up to ``limit``, whether that is all, and their grids."""
    cells = puzzle.rows * puzzle.cols
    found: list[Rows] = []
    with load_solver()(name=SOLVER, bootstrap_with=reference_clauses(puzzle)) as solver:
        while solver.solve():
            model = solver.get_model() or []
            shaded = [int(model[cell] > 0) for cell in range(cells)]
            found.append(
                [shaded[r * puzzle.cols : (r + 1) * puzzle.cols] for r in range(puzzle.rows)]
            )
            if len(found) >= limit:
                return len(found), False, found
            solver.add_clause([-model[cell] for cell in range(cells)])
    return len(found), True, found


# -- the boards and the engines ------------------------------------------------------


def sample_boards() -> list[Board]:
    boards = []
    for record in json.loads(SAMPLE.read_text("utf-8"))["puzzles"]:
        answer = [[int(t == "x") for t in row.split()] for row in record["solution_verbatim"]]
        boards.append((record["id"], formats.load(record["puzzlink_url_derived"])[1], answer))
    return boards


def bank_boards() -> list[Board]:
    return [
        (f"bank-{record['id']}", KIND.from_json(record["json"]), record["solution"])
        for record in KIND.bank()
    ]


def run(engine: str, puzzle: Norinori) -> tuple[int, bool, list[Rows]]:
    if engine == "reference":
        return reference_count(puzzle)
    report = counting.count(KIND, puzzle, 2, engine)
    return report.count, report.exhaustive, report.solutions


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    """The CPU seconds of one run of ``work``, and what it returned.

    The garbage collector collects first and is off while ``work`` runs, as
    ``timeit`` has it: otherwise a full collection of the whole heap lands
    inside whichever run crosses its threshold, and on the largest board that
    came and went from run to run (12 or 21 ms for one count)."""
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        result = work()
        return time.process_time() - started, result
    finally:
        gc.enable()


def best_times(works: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The best of ``repeat`` CPU times (:func:`timed`) of each piece of work,
    taking turns round by round."""
    best = dict.fromkeys(works, float("inf"))
    for _ in range(repeat):
        for name, work in works.items():
            best[name] = min(best[name], timed(work)[0])
    return best


Summary = dict[str, dict[str, float | int]]


def bench(label: str, boards: list[Board], repeat: int, per_board: bool) -> tuple[bool, Summary]:
    """Print the summary of one set of boards: (every engine was right, the figures)."""
    ok = True
    times: dict[str, list[float]] = {e: [] for e in ENGINES}
    rows = []
    for name, puzzle, answer in boards:
        for engine in ENGINES:
            count, exhaustive, solutions = run(engine, puzzle)
            if not (count == 1 and exhaustive and solutions[0] == answer):
                ok = False
                print(f"  ! {name}: {engine} count {count} exhaustive {exhaustive}")
        best = best_times({e: partial(run, e, puzzle) for e in ENGINES}, repeat)
        for engine in ENGINES:
            times[engine].append(best[engine])
        size = f"{puzzle.rows}x{puzzle.cols}"
        rows.append([name, size, *(f"{best[e] * 1000:.2f}" for e in ENGINES)])
    if per_board:
        print(table(["board", "size", *(f"{e} ms" for e in ENGINES)], rows))
    reference = sum(times["reference"])
    summary = [
        [
            engine,
            f"{sum(spent) * 1000:.1f}",
            f"{statistics.median(spent) * 1000:.2f}",
            f"{max(spent) * 1000:.2f}",
            f"{sum(spent) / reference:.2f}",
        ]
        for engine, spent in times.items()
    ]
    print(f"\n{label}: {len(boards)} boards, counting to 2; CPU ms, best of {repeat} per board")
    print(table(["engine", "total", "median", "max", "/ reference"], summary))
    figures: Summary = {
        engine: {
            "boards": len(spent),
            "total_ms": round(sum(spent) * 1000, 2),
            "median_ms": round(statistics.median(spent) * 1000, 3),
            "max_ms": round(max(spent) * 1000, 3),
            "ratio": round(sum(spent) / reference, 3),
        }
        for engine, spent in times.items()
    }
    return ok, figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per board, best kept (5)")
    parser.add_argument("--only", choices=("sample", "bank", "all"), default="all")
    parser.add_argument("--boards", action="store_true", help="also print one row per board")
    parser.add_argument("--out", type=Path, help="result file (default benchmarks/results/)")
    args = parser.parse_args(argv)
    recorder = Recorder("sat_norinori", argv)
    measured: dict[str, object] = {"repeat": max(1, args.repeat), "unit": "CPU ms, best of repeat"}
    sets: dict[str, Callable[[], list[Board]]] = {
        "janko sample": sample_boards,
        "bank": bank_boards,
    }
    load_solver()
    ok = True
    if args.only in ("sample", "all"):
        crossed = [crossing(puzzle.regions, answer) for _, puzzle, answer in sample_boards()]
        across, dominoes = sum(c[0] for c in crossed), sum(c[1] for c in crossed)
        print(f"janko sample: {across} of {dominoes} dominoes cross a region border")
        measured["janko_crossing"] = {
            "boards": len(crossed),
            "count": across,
            "of": dominoes,
            "rate": round(across / dominoes, 3),
        }
    for label, boards_of in sets.items():
        if args.only in (label.split()[-1], "all"):
            right, measured[label.split()[0]] = bench(
                label, boards_of(), max(1, args.repeat), args.boards
            )
            ok = right and ok
    recorder.write(measured, args.out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
