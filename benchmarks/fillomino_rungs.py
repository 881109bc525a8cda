"""Time Fillomino's rungs on the janko boards, and the default solve.

Run with ``python benchmarks/fillomino_rungs.py``. Each janko board in
``tests/data/fillomino/fillomino_sample.json`` (all 23 with ``--all``, else
the largest ``--largest``, default 8) is built from its givens and

* each rung of the ladder is propagated to its fixpoint from the untouched
  board: the cells it settles, and its seconds;
* the default solve (``counting.count_default``: the face's default rung
  propagated, then SAT for what is left) counts it up to 2, proving it unique,
  and its answer is compared with janko's; also the same with each rung of
  ``--solve-rungs`` in place of the default one, so the choice is measured.

Each figure is the least of ``--repeat`` runs (the machine is shared: other
work only adds time); beside the wall-clock seconds the process's CPU
seconds for the same run. Exits 1 if a default solve is not unique or
differs from janko's answer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from fillomino import boards as janko_boards  # the SAT benchmark's reader (this folder)
from pencilbox import counting
from pencilbox.engine import Contradiction, propagate
from pencilbox.puzzles.fillomino import KIND
from pencilbox.puzzles.fillomino.model import Fillomino
from pencilbox.puzzles.fillomino.state import settled_cells
from pencilbox.puzzles.fillomino.tables import tables_for
from texttable import table  # the benchmarks' own (this script's folder)


def boards() -> list[tuple[str, Fillomino, list[list[int]]]]:
    """Every janko board, smallest first: its id, the board, janko's answer."""
    return sorted(janko_boards(), key=lambda item: item[1].cells)


def timed(run: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """The least wall-clock and CPU seconds of ``repeat`` runs, and the last result.

    The board's memo (regions' placements) is emptied before each run, so
    every run starts cold, as a fresh process would.
    """
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(max(1, repeat)):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, result


def propagated(puzzle: Fillomino, rung: str) -> int:
    """Cells settled by ``rung`` from the untouched board (-1: a contradiction)."""
    tables_for(puzzle).memo.clear()
    state = KIND.initial_state(puzzle)
    try:
        propagate(state, KIND.ladder.rules(rung))
    except Contradiction:
        return -1
    return len(settled_cells(puzzle, state))


def default_solve(puzzle: Fillomino, rung: str | None) -> Any:
    tables_for(puzzle).memo.clear()
    return counting.count_default(KIND, puzzle, 2, rung)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, least kept (3)")
    parser.add_argument("--largest", type=int, default=8, help="the largest N boards (8)")
    parser.add_argument("--all", action="store_true", help="every janko board")
    parser.add_argument("--rungs", help="rungs to propagate, comma-separated (default all)")
    parser.add_argument(
        "--solve-rungs", default="", help="rungs to try in place of the default one before SAT"
    )
    args = parser.parse_args(argv)
    chosen = boards() if args.all else boards()[-args.largest :]
    rungs = args.rungs.split(",") if args.rungs else list(KIND.ladder.names)
    solve_rungs = [None, *(r for r in args.solve_rungs.split(",") if r)]
    counting.load_solver()
    rung_rows = []
    solve_rows = []
    totals: dict[str, list[float]] = {}
    problems = []
    for name, puzzle, answer in chosen:
        row = [name, str(puzzle.cells)]
        for rung in rungs:
            wall, cpu, settled = timed(partial(propagated, puzzle, rung), args.repeat)
            row.append(f"{settled} {wall:.3f}/{cpu:.3f}")
        rung_rows.append(row)
        row = [name]
        for rung in solve_rungs:
            wall, cpu, report = timed(partial(default_solve, puzzle, rung), args.repeat)
            label = rung or f"default ({KIND.default_rung})"
            totals.setdefault(label, []).append(wall)
            totals.setdefault(label + " cpu", []).append(cpu)
            ok = report.count == 1 and report.exhaustive and report.solutions[0] == answer
            if not ok and rung is None:
                problems.append(f"{name}: count {report.count}, exhaustive {report.exhaustive}")
            row.append(f"{wall:.3f}/{cpu:.3f}" + ("" if ok else " !"))
        solve_rows.append(row)
    print(
        f"Rungs propagated from the untouched board: cells settled, wall/CPU seconds "
        f"(least of {max(1, args.repeat)})"
    )
    print(table(["board", "cells", *rungs], rung_rows, left=2))
    print()
    labels = [rung or f"default ({KIND.default_rung})" for rung in solve_rungs]
    print("Default solve up to 2 (rung propagated, then SAT): wall/CPU seconds")
    print(table(["board", *labels], solve_rows, left=1))
    print()
    summary = [
        [label, f"{sum(t):.3f}", f"{statistics.median(t):.3f}", f"{max(t):.3f}"]
        for label, t in totals.items()
    ]
    print(table(["solve", "sum s", "median s", "max s"], summary))
    for problem in problems:
        print(f"  ! {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
