"""Plain SAT vs hybrid vs rungs on the shared Suguru and Heteromino boards.

Run with ``python benchmarks/sat_small.py``. For every Suguru and every
Heteromino copied into ``tests/data`` (read by the test suite's own readers)
it proves uniqueness three ways, counting to 2:

* ``rungs``  -- ``solving.solve``: the top rung plus search (the default engine);
* ``sat``    -- ``counting.count(..., "sat")``: the plain encoding;
* ``hybrid`` -- ``counting.count(..., "hybrid")``: the face's ``hybrid_rung`` to a
  fixpoint, then SAT on what is left.

Each is timed ``--repeat`` times per board (best kept: other work only ever
adds time) with every per-board cache cleared first, so a time is what a
board seen for the first time costs. ``--clock cpu`` (the default) reads
process CPU time, steadier on a shared machine than wall time
(``--clock wall``); the SAT solver runs in-process, so CPU time counts it.
Every answer is checked against the published (or derived) one.

Per puzzle it prints a per-board table (milliseconds), the totals, the
hybrid / plain ratio overall and per board, and the slowest board by its
fastest engine. ``--sweep`` also times the hybrid with each rung of the
ladder in turn (the measurement ``hybrid_rung`` is chosen by), and, for an
type with ``hybrid_extra`` rules, each rung without them.

``--generator`` times the Suguru generator (one process, seeds
0..N-1, best of ``--repeat`` CPU times per seed) with each uniqueness oracle
carving can use once the witness rung is stuck -- ``rungs`` (witness +
search) and ``sat`` -- interleaved seed by seed so both see the same load,
and prints puzzles per minute per size and mode.

``--bank`` also times every board of the shipped Suguru and Heteromino
banks the same way (held to the bank's solutions), the boards
``benchmarks/run.py`` reports on.

``--heteromino12 N`` times counting to 2 on 12x12 Heteromino boards like the
ones its generator counts: the 12x12 boards of the shipped bank (all unique)
and N random boards with 21..30 black cells (the generator's density band)
whose white regions all hold multiples of 3 cells (the only boards its walk
counts). The shared and bank boards' totals and hybrid / plain ratios are
written to ``benchmarks/results/sat_small.json`` (``--out`` elsewhere),
which the notes quote. Exits 1 if an answer is wrong, engines disagree, or
the two generator oracles carve different puzzles.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the data readers shared with the tests
sys.path.insert(0, str(ROOT / "benchmarks"))

from conftest import real_sugurus  # noqa: E402
from pencilbox import counting, registry, solving  # noqa: E402
from pencilbox.formats import load  # noqa: E402
from pencilbox.puzzles.heteromino.tables import tables_for  # noqa: E402
from results_file import Recorder  # noqa: E402
from test_heteromino_real import real_heterominoes  # noqa: E402
from texttable import table  # noqa: E402

ENGINES = ("rungs", "sat", "hybrid")
Rows = list[list[int]]


@dataclass(frozen=True)
class Board:
    """One shared board and the answer it is held to (None: none published)."""

    name: str
    puzzle: Any
    answer: Rows | None


def suguru_boards() -> list[Board]:
    return [
        Board(case.name, load(case.text or case.url)[1], case.solution) for case in real_sugurus()
    ]


def heteromino_boards() -> list[Board]:
    return [Board(case.name, load(case.url)[1], case.answer) for case in real_heterominoes()]


def bank_boards(kind_name: str) -> list[Board]:
    """The kind's shipped bank (as ``benchmarks/run.py`` reads it), held to its solutions."""
    kind = registry.get(kind_name)
    return [
        Board(f"bank-{record['id']}", kind.from_json(record["json"]), record["solution"])
        for record in kind.bank()
    ]


def forget_caches() -> None:
    """Drop every per-board cache, so each run pays what a new board costs."""
    tables_for.cache_clear()


def run_engine(kind: Any, puzzle: Any, engine: str) -> tuple[int, bool, list[Rows]]:
    if engine == "rungs":
        report = solving.solve(kind, puzzle, limit=2)
        return report.count, report.exhaustive, report.solutions
    found = counting.count(kind, puzzle, 2, engine)
    return found.count, found.exhaustive, found.solutions


def best_times(
    clock: Callable[[], float], repeat: int, works: Mapping[str, Callable[[], object]]
) -> dict[str, float]:
    """The best of ``repeat`` times of each piece of work, taking turns round by round."""
    best = dict.fromkeys(works, float("inf"))
    for _ in range(repeat):
        for name, work in works.items():
            forget_caches()
            started = clock()
            work()
            best[name] = min(best[name], clock() - started)
    return best


def bench(
    kind_name: str,
    boards: list[Board],
    clock: Callable[[], float],
    repeat: int,
    record: dict[str, Any] | None = None,
) -> tuple[dict[str, float], bool]:
    """Print the per-board table; return total seconds per engine and whether all
    checked out. ``record``, if given, receives the summary the notes quote."""
    kind = registry.get(kind_name)
    totals = dict.fromkeys(ENGINES, 0.0)
    rows = []
    ok = True
    worst_ratio = (0.0, "")
    fastest_max = (0.0, "")
    for board in boards:
        for engine in ENGINES:
            count, exhaustive, solutions = run_engine(kind, board.puzzle, engine)
            right = count == 1 and exhaustive
            if board.answer is not None:
                right = right and solutions[0] == board.answer
            if not right:
                ok = False
                print(f"  ! {board.name}: {engine} count {count} exhaustive {exhaustive}")
        # engines take turns within each round, so a burst of outside load
        # lands on all of them rather than on one
        times = best_times(
            clock, repeat, {e: partial(run_engine, kind, board.puzzle, e) for e in ENGINES}
        )
        for engine in ENGINES:
            totals[engine] += times[engine]
        ratio = times["hybrid"] / times["sat"]
        worst_ratio = max(worst_ratio, (ratio, board.name))
        fastest = min(times.values())
        fastest_max = max(fastest_max, (fastest, board.name))
        rows.append(
            [
                board.name,
                f"{board.puzzle.rows}x{board.puzzle.cols}",
                *(f"{times[e] * 1000:.2f}" for e in ENGINES),
                f"{ratio:.2f}",
                min(ENGINES, key=lambda e: times[e]),
            ]
        )
    rows.append(
        [
            "total",
            "",
            *(f"{totals[e] * 1000:.1f}" for e in ENGINES),
            f"{totals['hybrid'] / totals['sat']:.2f}",
            min(ENGINES, key=lambda e: totals[e]),
        ]
    )
    print(table(["board", "size", *(f"{e} ms" for e in ENGINES), "hyb/sat", "fastest"], rows))
    print(
        f"  hybrid / plain: total {totals['hybrid'] / totals['sat']:.2f}, "
        f"worst board {worst_ratio[0]:.2f} ({worst_ratio[1]}); "
        f"slowest board by its fastest engine: {fastest_max[0] * 1000:.2f} ms ({fastest_max[1]})"
    )
    if record is not None:
        record.update(
            {
                "boards": len(boards),
                "total_ms": {e: round(totals[e] * 1000, 2) for e in ENGINES},
                "hybrid_to_plain": round(totals["hybrid"] / totals["sat"], 3),
                "worst_board": {
                    "name": worst_ratio[1],
                    "hybrid_to_plain": round(worst_ratio[0], 3),
                },
            }
        )
    return totals, ok


def sweep(kind_name: str, boards: list[Board], clock: Callable[[], float], repeat: int) -> None:
    """Hybrid total with each rung as the hybrid's rung (the encoder's choice restored after).

    The rungs take turns on each board within each round, like the engines.
    A face's own hybrid encoder (one fixed set of rules, reached its own way)
    is set aside meanwhile, so that every setup propagates its rules from a
    state: the sweep compares rule sets, each the same way."""
    kind = registry.get(kind_name)
    chosen = kind.hybrid_rung
    extra = kind.hybrid_extra
    own = kind.hybrid_encoder
    kind.hybrid_encoder = None

    def hybrid_with(rung: str, rules: tuple[Any, ...], puzzle: Any) -> None:
        kind.hybrid_rung = rung
        if extra:
            kind.hybrid_extra = rules
        counting.count(kind, puzzle, 2, "hybrid")

    # (rung, its extra rules) -> label; the encoder's own choice is marked
    setups = {(rung, extra): rung + (" + extra" if extra else "") for rung in kind.ladder.names}
    if extra:  # and each rung without them
        setups.update({(rung, ()): rung for rung in kind.ladder.names})
    totals = dict.fromkeys(setups, 0.0)
    worst = dict.fromkeys(setups, 0.0)
    try:
        for board in boards:
            works = {setup: partial(hybrid_with, *setup, board.puzzle) for setup in setups}
            for setup, seconds in best_times(clock, repeat, works).items():
                totals[setup] += seconds
                worst[setup] = max(worst[setup], seconds)
    finally:
        kind.hybrid_rung = chosen
        kind.hybrid_encoder = own
        if extra:
            kind.hybrid_extra = extra
    rows = [
        [
            setups[setup] + (" (chosen)" if setup == (chosen, extra) else ""),
            f"{total * 1000:.1f}",
            f"{worst[setup] * 1000:.2f}",
        ]
        for setup, total in totals.items()
    ]
    print(table(["hybrid rung", "total ms", "max ms"], rows))


def bench_generator(sizes: Sequence[int], count: int, repeat: int) -> bool:
    """Suguru generation per oracle; True when both oracles carve the same puzzles."""
    from pencilbox.puzzles.suguru import KIND
    from pencilbox.puzzles.suguru.generate import MODES, Carver, generate

    asked = {"rungs": 0, "sat": 0}
    plain_unique_beyond = Carver.unique_beyond

    def counted(self: Carver, state: Any) -> bool:
        asked[self.oracle] += 1
        return plain_unique_beyond(self, state)

    chosen = Carver.oracle
    rows = []
    same = True
    Carver.unique_beyond = counted  # type: ignore[method-assign]
    try:
        for mode in MODES:
            for side in sizes:
                totals = {"rungs": 0.0, "sat": 0.0}
                asked.update(rungs=0, sat=0)
                for seed in range(count):
                    made = {}
                    for oracle in totals:
                        Carver.oracle = oracle
                        best = float("inf")
                        for _ in range(repeat):
                            started = time.process_time()
                            result = generate(KIND, random.Random(seed), side, side, mode)
                            best = min(best, time.process_time() - started)
                        totals[oracle] += best
                        made[oracle] = result.puzzle
                    same = same and made["rungs"] == made["sat"]
                rows.append(
                    [
                        f"{side}x{side}",
                        mode,
                        str(count),
                        str(asked["sat"] // repeat),
                        f"{60 * count / totals['rungs']:.0f}",
                        f"{60 * count / totals['sat']:.0f}",
                        f"{totals['rungs'] / totals['sat']:.2f}",
                    ]
                )
    finally:
        Carver.oracle = chosen
        Carver.unique_beyond = plain_unique_beyond  # type: ignore[method-assign]
    print(
        f"\nSuguru generation, one process, seeds 0..{count - 1}, best of {repeat} CPU times "
        f"per seed; puzzles per minute with each carving oracle (default: {chosen})"
    )
    headers = ["size", "mode", "puzzles", "oracle asks", "rungs /min", "sat /min", "speed-up"]
    print(table(headers, rows))
    if not same:
        print("  ! the two oracles carved different puzzles")
    return same


def white_regions_fit(puzzle: Any) -> bool:
    """Every connected region of white cells holds a multiple of 3 cells."""
    rows, cols, black = puzzle.rows, puzzle.cols, puzzle.black
    seen = list(black)
    for start in range(rows * cols):
        if seen[start]:
            continue
        seen[start] = True
        todo, size = [start], 0
        while todo:
            cell = todo.pop()
            size += 1
            r, c = divmod(cell, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                other = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and not seen[other]:
                    seen[other] = True
                    todo.append(other)
        if size % 3:
            return False
    return True


def bench_heteromino12(count: int, repeat: int) -> bool:
    """Counting to 2 on 12x12 Heteromino boards; True when all engines agree."""
    from pencilbox.puzzles.heteromino.boards import random_board

    kind = registry.get("heteromino")
    bank = [kind.from_json(record["json"]) for record in kind.bank() if record["rows"] == 12]
    rng = random.Random("sat_small:heteromino12")
    scattered: list[Any] = []
    while len(scattered) < count:
        board = random_board(rng, 12, 12, black_count=rng.choice(range(21, 31, 3)))
        if white_regions_fit(board):
            scattered.append(board)
    agree = True
    rows = []
    for label, boards in (("bank (unique)", bank), ("random, band", scattered)):
        times: dict[str, list[float]] = {e: [] for e in ENGINES}
        outcomes = [0, 0, 0]
        for puzzle in boards:
            works = {e: partial(run_engine, kind, puzzle, e) for e in ENGINES}
            counts = {run_engine(kind, puzzle, e)[0] for e in ENGINES}
            agree = agree and len(counts) == 1
            outcomes[min(counts.pop(), 2)] += 1
            for engine, seconds in best_times(time.process_time, repeat, works).items():
                times[engine].append(seconds)
        for engine in ENGINES:
            spent = sorted(times[engine])
            rows.append(
                [
                    label,
                    f"{len(boards)} (0/1/2+: {outcomes[0]}/{outcomes[1]}/{outcomes[2]})",
                    engine,
                    f"{spent[len(spent) // 2] * 1000:.1f}",
                    f"{sum(spent) / len(spent) * 1000:.1f}",
                    f"{spent[-1] * 1000:.1f}",
                ]
            )
    print(f"\nHeteromino 12x12, counting to 2; cpu ms per board, best of {repeat}")
    print(table(["boards", "count", "engine", "median", "mean", "max"], rows))
    if not agree:
        print("  ! the engines disagree on a board")
    return agree


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per board, best kept (3)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--puzzle", choices=("suguru", "heteromino", "all"), default="all")
    parser.add_argument("--sweep", action="store_true", help="also time the hybrid per rung")
    parser.add_argument(
        "--generator", type=int, default=0, metavar="N", help="also time N generations per size"
    )
    parser.add_argument("--sizes", default="6,8,10", help="generator board sides (6,8,10)")
    parser.add_argument(
        "--heteromino12", type=int, default=0, metavar="N", help="also time N random 12x12 boards"
    )
    parser.add_argument(
        "--bank",
        action="store_true",
        help="also time every shipped bank board of the puzzles asked for",
    )
    parser.add_argument("--out", type=Path, help="result file (default benchmarks/results/)")
    args = parser.parse_args(argv)
    recorder = Recorder("sat_small", argv)
    measured: dict[str, Any] = {"clock": args.clock, "repeat": max(1, args.repeat)}
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    repeat = max(1, args.repeat)
    sets = {"suguru": suguru_boards, "heteromino": heteromino_boards}
    ok = True
    counting.count(registry.get("suguru"), suguru_boards()[0].puzzle, 2)  # load the solver library
    for name, boards_of in sets.items():
        if args.puzzle not in (name, "all"):
            continue
        boards = boards_of()
        print(
            f"\n{name}: {len(boards)} shared boards, counting to 2; "
            f"{args.clock} ms per board, best of {repeat}, caches cleared per run"
        )
        _, good = bench(name, boards, clock, repeat, measured.setdefault(name, {}))
        ok = ok and good
        if args.sweep:
            sweep(name, boards, clock, repeat)
        if args.bank:
            bank = bank_boards(name)
            print(f"\n{name}: {len(bank)} bank boards, as above")
            _, good = bench(name, bank, clock, repeat, measured.setdefault(f"{name}_bank", {}))
            ok = ok and good
    if args.generator:
        sides = [int(side) for side in args.sizes.split(",")]
        ok = bench_generator(sides, args.generator, repeat) and ok
    if args.heteromino12:
        ok = bench_heteromino12(args.heteromino12, repeat) and ok
    recorder.write(measured, args.out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
