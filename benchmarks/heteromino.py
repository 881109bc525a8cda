"""Time the Heteromino solver: every real board, each rung, and random boards.

Run with ``python benchmarks/heteromino.py``. It

1. solves every Heteromino copied into ``tests/data/heteromino`` (read by the
   test suite's own reader, ``tests/test_heteromino_real.py``) with each rung
   plus search, counting up to 2 solutions so each solve also proves
   uniqueness, and checks the answer against the published (or derived) one;
   ``--repeat`` runs each solve several times and reports the median and
   the maximum;
2. splits the top rung's time on the largest board into its parts (tables,
   each rule) with the rule functions wrapped by timers;
3. counts random boards (``--random N`` of size ``--size``) with each rung
   plus search, for the cost of search when the rungs do not finish.

Times are wall-clock seconds on this machine (shared, so treat small
differences as noise); ``--cpu`` reports process CPU time instead, which is
steadier on a busy machine. Exits 1 if a real board is not unique or
disagrees with its answer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the data reader shared with the tests

from pencilbox import solving  # noqa: E402
from pencilbox.engine import Log, Rule, State, count_solutions, propagate  # noqa: E402
from pencilbox.formats import load  # noqa: E402
from pencilbox.puzzles.heteromino import KIND, rules  # noqa: E402
from pencilbox.puzzles.heteromino.model import Heteromino  # noqa: E402
from pencilbox.puzzles.heteromino.pieces import Tables, tables_for  # noqa: E402
from pencilbox.puzzles.heteromino.randomboards import random_board  # noqa: E402
from test_heteromino_real import RealHeteromino, real_heterominoes  # noqa: E402

Clock = Callable[[], float]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table: first column left-aligned, the rest right-aligned."""
    widths = [max(len(str(row[i])) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        parts = [str(cells[0]).ljust(widths[0])]
        parts += [str(cell).rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join(parts)

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


def settled_share(puzzle: Heteromino, rung: str) -> float:
    """The share of white cells the rung alone settles from the bare board."""
    view = solving.rung_view(KIND, puzzle, rung)
    return len(view["settled"]) / puzzle.white_count if puzzle.white_count else 1.0


def bench_real(clock: Clock, repeat: int) -> bool:
    """Per board and rung: solutions, branch points, alone-settled share, median/max s."""
    rows = []
    ok = True
    for case in real_heterominoes():
        puzzle = load(case.url)[1]
        for rung in KIND.ladder.names:
            times = []
            report = None
            for _ in range(repeat):
                forget_tables()
                started = clock()
                report = solving.solve(KIND, puzzle, rung=rung, limit=2)
                times.append(clock() - started)
            assert report is not None
            matches = report.unique and report.solutions[0] == case.answer
            ok = ok and matches
            rows.append(
                [
                    case.name,
                    rung,
                    f"{report.count}{'' if report.exhaustive else '+'}",
                    "yes" if matches else "NO",
                    str(report.branch_points),
                    f"{100 * settled_share(puzzle, rung):.0f}%",
                    f"{statistics.median(times):.4f}",
                    f"{max(times):.4f}",
                ]
            )
    print(f"Real Heteromino boards from tests/data, each rung + search, count to 2, x{repeat}")
    print(
        table(
            ["board", "rung", "count", "match", "branch pts", "alone", "median s", "max s"],
            rows,
        )
    )
    print("  (alone: white cells the rung settles from the bare board, no search)")
    return ok


def forget_tables() -> None:
    """Drop the cached board tables, so every timed solve builds its own."""
    tables_for.cache_clear()


def bench_parts(clock: Clock, case: RealHeteromino, repeat: int) -> None:
    """Where the top rung's time goes on one board."""
    puzzle = load(case.url)[1]
    spent: dict[str, list[float]] = {"tables": [], "solve (all)": []}
    calls: dict[str, int] = {}
    for _ in range(repeat):
        started = clock()
        tables = Tables.of(puzzle)
        spent["tables"].append(clock() - started)
        per_rule: dict[str, float] = {}
        timed = [_timed(rule, clock, per_rule, calls) for rule in KIND.ladder.rules()]
        state = rules.new_state(puzzle, tables)
        started = clock()
        propagate(state, timed)
        spent["solve (all)"].append(clock() - started)
        assert state.is_solved()
        for name, seconds in per_rule.items():
            spent.setdefault(f"rule {name}", []).append(seconds)
    print()
    print(f"Where the time goes: {case.name}, top rung from the bare board, x{repeat}")
    print(
        table(
            ["part", "calls/run", "median s", "max s"],
            [
                [
                    part,
                    str(calls.get(part.removeprefix("rule "), 0) // repeat)
                    if "rule" in part
                    else "",
                    f"{statistics.median(times):.4f}",
                    f"{max(times):.4f}",
                ]
                for part, times in spent.items()
            ],
        )
    )


def _timed(rule: Rule, clock: Clock, spent: dict[str, float], calls: dict[str, int]) -> Rule:
    """``rule`` with a timer around each application (run without a log)."""

    def apply(state: State, log: Log) -> bool:
        began = clock()
        try:
            return rule.apply(state, None)
        finally:
            spent[rule.name] = spent.get(rule.name, 0.0) + clock() - began
            calls[rule.name] = calls.get(rule.name, 0) + 1

    return Rule(rule.name, apply, rule.summary)


def bench_random(clock: Clock, count: int, rows: int, cols: int, black: int) -> None:
    """Each rung + search on random boards (count to 2): the cost of deciding
    uniqueness, over every board drawn and over the unique ones alone."""
    boards = [
        random_board(random.Random(f"bench-{n}"), rows, cols, black_count=black)
        for n in range(count)
    ]
    results: dict[str, list[tuple[int, int, float]]] = {}
    for rung in KIND.ladder.names:
        for puzzle in boards:
            started = clock()
            found = count_solutions(rules.new_state(puzzle), KIND.ladder.rules(rung), 2)
            results.setdefault(rung, []).append(
                (found.count, found.branch_points, clock() - started)
            )
    unique = [i for i, (n, _, _) in enumerate(results[KIND.ladder.top]) if n == 1]
    lines = []
    for label, chosen in (("all", range(count)), ("unique", unique)):
        if not chosen:
            continue
        for rung in KIND.ladder.names:
            picked = [results[rung][i] for i in chosen]
            outcomes = [sum(1 for n, _, _ in picked if n == k) for k in (0, 1, 2)]
            times = [seconds for _, _, seconds in picked]
            lines.append(
                [
                    f"{label} ({len(picked)})",
                    rung,
                    "/".join(str(n) for n in outcomes),
                    f"{statistics.fmean(b for _, b, _ in picked):.1f}",
                    f"{statistics.median(times):.4f}",
                    f"{max(times):.4f}",
                ]
            )
    print()
    print(f"Random {rows}x{cols} boards with {black} black cells, seeds bench-0..{count - 1}")
    print(
        table(
            ["boards", "rung", "none/one/more", "mean branch pts", "median s", "max s"],
            lines,
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="solves per board and rung (5)")
    parser.add_argument("--random", type=int, default=200, help="random boards (200; 0 skips)")
    parser.add_argument("--size", default="8x8", help="random board size (8x8)")
    parser.add_argument("--black", type=int, default=10, help="black cells per random board (10)")
    parser.add_argument("--cpu", action="store_true", help="process CPU time, not wall time")
    args = parser.parse_args(argv)
    clock: Clock = time.process_time if args.cpu else time.perf_counter
    print(f"clock: {'process CPU' if args.cpu else 'wall'} seconds")
    ok = bench_real(clock, args.repeat)
    largest = max(real_heterominoes(), key=lambda case: len(case.url))
    bench_parts(clock, largest, args.repeat)
    if args.random > 0:
        rows, cols = (int(n) for n in args.size.split("x"))
        bench_random(clock, args.random, rows, cols, args.black)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
