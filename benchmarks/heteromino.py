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
   plus search, for the cost of search when the rungs do not finish;
4. with ``--oracles``, times the generator's oracles (SAT plain and hybrid,
   engine 1, see ``oracle.py``) on the region-clean boards that seeded walks
   of each ``--oracle-sizes`` size visit;
5. with ``--generate N``, generates N puzzles of each ``--gen-sizes`` size
   (seeds ``bench-gen:<size>:<i>``) with each ``--oracle`` in turn and
   reports median / mean / max seconds, puzzles per minute and time per
   walk move in one process.

Times are wall-clock seconds on this machine (shared, so treat small
differences as noise); ``--cpu`` reports process CPU time instead, which is
steadier on a busy machine. The generation figures (``--generate``) are
written to ``benchmarks/results/heteromino.json`` (``--out`` elsewhere),
which the notes quote. Exits 1 if a real board is not unique or disagrees
with its answer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the data reader shared with the tests
sys.path.insert(0, str(ROOT / "benchmarks"))

from pencilbox import solving  # noqa: E402
from pencilbox.engine import (  # noqa: E402
    Contradiction,
    Log,
    Rule,
    State,
    count_solutions,
    propagate,
)
from pencilbox.formats import load  # noqa: E402
from pencilbox.puzzles.heteromino import KIND  # noqa: E402
from pencilbox.puzzles.heteromino import generate as gen  # noqa: E402
from pencilbox.puzzles.heteromino.boards import random_board  # noqa: E402
from pencilbox.puzzles.heteromino.model import Heteromino  # noqa: E402
from pencilbox.puzzles.heteromino.oracle import ORACLE, ORACLES  # noqa: E402
from pencilbox.puzzles.heteromino.state import new_state  # noqa: E402
from pencilbox.puzzles.heteromino.tables import Tables, tables_for  # noqa: E402
from results_file import Recorder  # noqa: E402
from test_heteromino_oracle import walk_boards  # noqa: E402
from test_heteromino_real import RealHeteromino, real_heterominoes  # noqa: E402
from texttable import table  # noqa: E402

Clock = Callable[[], float]


def settled_share(puzzle: Heteromino, rung: str) -> float:
    """The share of white cells the rung alone settles from the bare board."""
    view = solving.rung_view(KIND, puzzle, rung)
    return len(view.settled) / puzzle.white_count if puzzle.white_count else 1.0


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
        state = new_state(puzzle, tables)
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
            found = count_solutions(new_state(puzzle), KIND.ladder.rules(rung), 2)
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


def bench_oracles(clock: Clock, rows: int, cols: int, repeat: int, with_rungs: bool) -> None:
    """Each oracle on the same walk boards: mean / median / max per board.

    Engine 1's contenders (``rungs`` and the count-only rung searches) are
    timed only ``with_rungs``: on 12x12 walk boards their search takes up to
    seconds a board, minutes in all.

    Contenders run interleaved board by board (so a burst of load elsewhere
    hits them all alike) and each board's tables are dropped before every
    call, outside the timer: a walk's boards are new to the cache too. Per
    contender and board the best of ``repeat`` runs is kept.
    """
    puzzles = walk_boards(rows, cols, 4, 150, f"bench-walk:{rows}x{cols}")
    contenders = oracle_contenders(with_rungs)
    best: dict[str, list[float]] = {name: [] for name in contenders}
    for puzzle in puzzles:
        for name, oracle in contenders.items():
            times = []
            for _ in range(repeat):
                forget_tables()
                started = clock()
                oracle(puzzle)
                times.append(clock() - started)
            best[name].append(min(times))
    lines = [
        [
            name,
            f"{1000 * statistics.fmean(times):.2f}",
            f"{1000 * statistics.median(times):.2f}",
            f"{1000 * max(times):.1f}",
            f"{sum(times):.2f}",
        ]
        for name, times in best.items()
    ]
    verdicts = [ORACLES[ORACLE](KIND, puzzle).count for puzzle in puzzles]
    print()
    print(
        f"Generator oracles on {len(puzzles)} region-clean {rows}x{cols} boards from 4 walks"
        f" (none/one/more: {'/'.join(str(verdicts.count(k)) for k in (0, 1, 2))};"
        f" best of {repeat} per board)"
    )
    print(table(["oracle", "mean ms", "median ms", "max ms", "total s"], lines))


def oracle_contenders(with_rungs: bool) -> dict[str, Callable[[Heteromino], object]]:
    """What :func:`bench_oracles` times: the generator's oracles (engine 1's only
    ``with_rungs``) and plain counts to 2, by name."""
    from pencilbox import counting
    from pencilbox.puzzles.heteromino.oracle import ROOT_RULES, SEARCH_RULES

    def rungs_count(puzzle: Heteromino) -> None:
        state = new_state(puzzle)
        try:
            propagate(state, ROOT_RULES)
        except Contradiction:
            return
        count_solutions(state, SEARCH_RULES, 2)

    def fit_count(puzzle: Heteromino) -> None:
        count_solutions(new_state(puzzle), KIND.ladder.rules("fit"), 2)

    contenders: dict[str, Callable[[Heteromino], object]] = {
        **{
            name + (" (used)" if name == ORACLE else ""): partial(fn, KIND)
            for name, fn in ORACLES.items()
            if with_rungs or name != "rungs"
        },
        "count to 2 only: sat": lambda puzzle: counting.count(KIND, puzzle, 2, "sat"),
        "count to 2 only: hybrid": lambda puzzle: counting.count(KIND, puzzle, 2, "hybrid"),
    }
    if with_rungs:
        contenders["count to 2 only: region root + fit"] = rungs_count
        contenders["count to 2 only: fit (the old oracle)"] = fit_count
    return contenders


def bench_generate(
    clock: Clock, sizes: Sequence[tuple[int, int]], count: int, oracles: Sequence[str]
) -> dict[str, dict[str, dict[str, float]]]:
    """Generate ``count`` puzzles per size with each oracle, same seeds, the
    oracles taking turns seed by seed: seconds each, and puzzles per minute
    (printed, and returned per size and oracle)."""
    lines = []
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for rows, cols in sizes:
        times: dict[str, list[float]] = {oracle: [] for oracle in oracles}
        moves: dict[str, list[int]] = {oracle: [] for oracle in oracles}
        for index in range(count):
            for oracle in oracles:
                forget_tables()
                started = clock()
                rng = random.Random(f"bench-gen:{rows}x{cols}:{index}")
                made = gen.generate(KIND, rng, rows, cols, oracle=oracle)
                times[oracle].append(clock() - started)
                moves[oracle].append(made.info["moves"])
        for oracle in oracles:
            spent = times[oracle]
            figures.setdefault(f"{rows}x{cols}", {})[oracle] = {
                "puzzles": count,
                "median_seconds": round(statistics.median(spent), 3),
                "mean_seconds": round(statistics.fmean(spent), 3),
                "max_seconds": round(max(spent), 3),
                "per_minute": round(60 * count / sum(spent), 1),
                "median_moves": statistics.median(moves[oracle]),
                "ms_per_move": round(1000 * sum(spent) / max(1, sum(moves[oracle])), 2),
            }
            lines.append(
                [
                    f"{rows}x{cols}",
                    oracle,
                    str(count),
                    f"{statistics.median(spent):.2f}",
                    f"{statistics.fmean(spent):.2f}",
                    f"{max(spent):.2f}",
                    f"{60 * count / sum(spent):.1f}",
                    f"{statistics.median(moves[oracle]):.0f}",
                    f"{1000 * sum(spent) / max(1, sum(moves[oracle])):.2f}",
                ]
            )
    print()
    print("Generation, one process, oracles taking turns (seeds bench-gen:<size>:<i>)")
    print(
        table(
            [
                "size",
                "oracle",
                "puzzles",
                "median s",
                "mean s",
                "max s",
                "per minute",
                "median moves",
                "ms per move",
            ],
            lines,
        )
    )
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="solves per board and rung (5)")
    parser.add_argument("--random", type=int, default=200, help="random boards (200; 0 skips)")
    parser.add_argument("--size", default="8x8", help="random board size (8x8)")
    parser.add_argument("--black", type=int, default=10, help="black cells per random board (10)")
    parser.add_argument("--cpu", action="store_true", help="process CPU time, not wall time")
    parser.add_argument("--oracles", action="store_true", help="time the generator's oracles")
    parser.add_argument("--generate", type=int, default=0, help="puzzles per size (0 skips)")
    parser.add_argument("--gen-sizes", nargs="+", default=["8x8", "12x12"], help="for --generate")
    parser.add_argument(
        "--oracle",
        nargs="+",
        choices=sorted(ORACLES),
        default=[ORACLE],
        help="for --generate: one or more, compared on the same seeds",
    )
    parser.add_argument(
        "--with-rungs", action="store_true", help="for --oracles: engine 1 too (slow on 12x12)"
    )
    parser.add_argument(
        "--oracle-sizes", nargs="+", default=["12x12"], help="for --oracles (12x12)"
    )
    parser.add_argument("--skip-real", action="store_true", help="skip the real boards")
    parser.add_argument("--out", type=Path, help="result file (default benchmarks/results/)")
    args = parser.parse_args(argv)
    recorder = Recorder("heteromino", argv)
    clock: Clock = time.process_time if args.cpu else time.perf_counter
    print(f"clock: {'process CPU' if args.cpu else 'wall'} seconds")
    ok = True
    if not args.skip_real:
        ok = bench_real(clock, args.repeat)
        largest = max(real_heterominoes(), key=lambda case: len(case.url))
        bench_parts(clock, largest, args.repeat)
    if args.random > 0:
        rows, cols = _size(args.size)
        bench_random(clock, args.random, rows, cols, args.black)
    if args.oracles:
        for text in args.oracle_sizes:
            bench_oracles(clock, *_size(text), 3, args.with_rungs)
    if args.generate > 0:
        sizes = [_size(text) for text in args.gen_sizes]
        made = bench_generate(clock, sizes, args.generate, args.oracle)
        clocked = "cpu" if args.cpu else "wall"
        recorder.write({"clock": clocked, "generate": made}, args.out)
    return 0 if ok else 1


def _size(text: str) -> tuple[int, int]:
    rows, cols = text.lower().split("x")
    return int(rows), int(cols)


if __name__ == "__main__":
    sys.exit(main())
