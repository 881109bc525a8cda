"""One table for the whole project: every engine on every real and bank puzzle,
and generation throughput.

Run with ``make bench`` (or ``python benchmarks/run.py``). Three sections:

1. per puzzle type and per *source* of the real puzzles in ``tests/data``
   (copied from ``../shared/puzzles``): how many boards, and the median and
   max seconds to prove each unique with the rung ladder (``solving.solve``,
   top rung + search, counting to 2), plain SAT and the hybrid
   (``pencilbox.counting``). Each figure per board is the best of ``--repeat``
   runs, the engines taking turns; every engine's answer must equal the rung
   engine's (the published answers are checked by the tests). Under the
   table: total seconds per engine and type, the hybrid's total over the
   LITS and Suguru sets as a share of plain SAT's, and the boards where the
   hybrid was more than 10% slower than plain;
2. the same per bank size (the shipped banks);
3. generation throughput per size: puzzles per minute in one process,
   seeds 0..N-1, through the face (``kind.generate``).

Times are CPU seconds of this process around the call (tables, encoding
and the answer's re-check included, parsing excluded): the machine is
shared, and CPU time with best-of-N is what stays put when another process
takes a core. The load average is printed too. Exits 1 if any engine
disagrees or a board is not unique.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the real-data readers shared with the tests

from conftest import real_sugurus  # noqa: E402
from pencilbox import counting, formats, registry, solving  # noqa: E402
from pencilbox.kind import PuzzleKind, Rows  # noqa: E402
from test_heteromino_real import real_heterominoes  # noqa: E402
from test_lits_real import real_lits  # noqa: E402
from test_norinori_real import RECORDS as JANKO_NORINORI  # noqa: E402
from texttable import table  # noqa: E402

ENGINES = ("rungs", "sat", "hybrid")

# (type, size, mode, puzzles; quick puzzles)
GENERATION = (
    ("suguru", (6, 6), "solvable", 30, 10),
    ("suguru", (8, 8), "solvable", 30, 10),
    ("suguru", (10, 10), "solvable", 10, 4),
    ("lits", (8, 8), None, 10, 4),
    ("lits", (10, 10), None, 10, 4),
    ("lits", (15, 15), None, 4, 1),
    ("heteromino", (8, 8), None, 10, 4),
    ("heteromino", (12, 12), None, 4, 1),
    ("norinori", (8, 8), None, 10, 4),
    ("norinori", (10, 10), None, 10, 4),
)


def prove(kind: PuzzleKind[Any], puzzle: Any, engine: str) -> tuple[bool, Rows | None]:
    """Count to 2 with ``engine``: (unique, the answer)."""
    if engine == "rungs":
        report = solving.solve(kind, puzzle, limit=2)
        return report.unique, report.solutions[0] if report.solutions else None
    found = counting.count(kind, puzzle, 2, engine)
    return found.unique, found.solutions[0] if found.solutions else None


def cpu_seconds(run: Callable[[], object]) -> float:
    started = time.process_time()
    run()
    return time.process_time() - started


Case = tuple[str, str, Any]  # (type, group, puzzle)


def real_cases() -> list[Case]:
    cases: list[Case] = []
    for found in real_sugurus():
        cases.append(("suguru", _source(found.name), formats.load(found.url)[1]))
    for lits in real_lits():
        if lits.unique:
            cases.append(("lits", _source(lits.name), formats.load(lits.url)[1]))
    for het in real_heterominoes():
        cases.append(("heteromino", _source(het.name), formats.load(het.url)[1]))
    for record in JANKO_NORINORI:
        cases.append(("norinori", "janko", formats.load(record["puzzlink_url_derived"])[1]))
    return cases


def _source(name: str) -> str:
    return name.split("-")[0].split("_")[0]


def bank_cases(per_size: int | None) -> list[Case]:
    cases: list[Case] = []
    for name in registry.names():
        kind = registry.get(name)
        taken: dict[str, int] = defaultdict(int)
        for record in kind.bank():
            size = f"{record['rows']}x{record['cols']}"
            if per_size is not None and taken[size] >= per_size:
                continue
            taken[size] += 1
            cases.append((name, size, kind.from_json(record["json"])))
    return cases


def bench_cases(cases: list[Case], repeat: int, label: str) -> bool:
    """Time every engine on every case; print one row per (type, group)."""
    groups: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(
        lambda: {engine: [] for engine in ENGINES}
    )
    slower: list[str] = []
    ok = True
    for name, group, puzzle in cases:
        kind = registry.get(name)
        answers = {}
        for engine in ENGINES:
            unique, answer = prove(kind, puzzle, engine)  # warm-up, and the check
            if not unique:
                print(f"NOT UNIQUE by {engine}: {name} {group} {kind.to_url(puzzle)}")
                ok = False
            answers[engine] = answer
        if len({repr(a) for a in answers.values()}) != 1:
            print(f"ENGINES DISAGREE: {name} {group} {kind.to_url(puzzle)}")
            ok = False
        best = dict.fromkeys(ENGINES, float("inf"))
        for _ in range(repeat):
            for engine in ENGINES:
                spent = cpu_seconds(lambda k=kind, p=puzzle, e=engine: prove(k, p, e))
                best[engine] = min(best[engine], spent)
        for engine in ENGINES:
            groups[name, group][engine].append(best[engine])
        if best["hybrid"] > 1.1 * best["sat"]:
            slower.append(
                f"{name} {group} {puzzle.rows}x{puzzle.cols}: hybrid "
                f"{best['hybrid']:.4f} s vs plain {best['sat']:.4f} s"
            )
    rows = []
    totals: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(ENGINES, 0.0))
    for (name, group), times in sorted(groups.items(), key=lambda item: _order(item[0])):
        row = [name, group, str(len(times["rungs"]))]
        for engine in ENGINES:
            row += [f"{statistics.median(times[engine]):.4f}", f"{max(times[engine]):.4f}"]
            totals[name][engine] += sum(times[engine])
        rows.append(row)
    headers = [
        "type",
        label,
        "N",
        *(f"{engine} {stat}" for engine in ENGINES for stat in ("med", "max")),
    ]
    print(table(headers, rows, left=2))
    for name, total in totals.items():
        print(
            f"total {name}: "
            + ", ".join(f"{engine} {total[engine]:.3f} s" for engine in ENGINES)
            + f"; hybrid/plain {total['hybrid'] / total['sat']:.2f}"
        )
    shared = [totals[name] for name in ("lits", "suguru") if name in totals]
    plain = sum(total["sat"] for total in shared)
    hybrid = sum(total["hybrid"] for total in shared)
    if plain:
        print(f"LITS + Suguru: hybrid/plain {hybrid / plain:.2f}")
    print(f"boards where the hybrid is >10% slower than plain: {len(slower)}")
    for line in slower:
        print("  " + line)
    return ok


def _order(key: tuple[str, str]) -> tuple[str, int, str]:
    name, group = key
    if "x" in group and group.replace("x", "").isdigit():
        rows, cols = group.split("x")
        return name, int(rows) * int(cols), group
    return name, 0, group


def bench_generation(quick: bool, wanted: set[str]) -> None:
    rows = []
    for name, (height, width), mode, count, quick_count in GENERATION:
        if name not in wanted:
            continue
        kind = registry.get(name)
        chosen = mode or kind.generate_modes[0]
        n = quick_count if quick else count
        times = []
        for seed in range(n):
            started = time.perf_counter()
            kind.generate(random.Random(seed), height, width, chosen)
            times.append(time.perf_counter() - started)
        rows.append(
            [
                name,
                f"{height}x{width}",
                chosen,
                str(n),
                f"{statistics.median(times):.3f}",
                f"{max(times):.3f}",
                f"{60 * n / sum(times):.1f}",
            ]
        )
    print(table(["type", "size", "mode", "N", "median s", "max s", "per minute"], rows, left=3))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per board (best taken)")
    parser.add_argument("--quick", action="store_true", help="one run, fewer bank and generated")
    parser.add_argument("--no-generation", action="store_true", help="skip section 3")
    parser.add_argument("--types", nargs="+", choices=registry.names(), help="default: all")
    args = parser.parse_args(argv)
    wanted = set(args.types or registry.names())
    repeat = 1 if args.quick else args.repeat
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print("\n== Proving the real puzzles unique (CPU seconds per board, best of N) ==")
    ok = bench_cases([c for c in real_cases() if c[0] in wanted], repeat, "source")
    print("\n== Proving the bank unique (CPU seconds per board, best of N) ==")
    banks = [c for c in bank_cases(3 if args.quick else None) if c[0] in wanted]
    ok &= bench_cases(banks, 1 if args.quick else 2, "size")
    if not args.no_generation:
        print("\n== Generation, one process, seeds 0..N-1 ==")
        bench_generation(args.quick, wanted)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
