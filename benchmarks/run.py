"""Every benchmark in one run: real puzzles of all three types, then generation.

Run with ``make bench`` (or ``python benchmarks/run.py``). It runs, in turn,

1. ``suguru.py``, ``lits.py`` and ``heteromino.py`` (each prints count,
   median and max seconds per size for proving every real puzzle in
   ``tests/data`` unique, and checks each answer); see their docstrings;
2. generation timing for every puzzle type that has a generator, through the
   shared face (``kind.generate`` with ``random.Random(seed)``, one process,
   one puzzle per seed): median and max seconds per size.

``--quick`` generates fewer puzzles. Exits 1 if any solving benchmark found
a puzzle that is not unique or disagrees with its answer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import heteromino  # noqa: E402
import lits  # noqa: E402
import suguru  # noqa: E402
from pencilbox import registry  # noqa: E402

# (type, size, mode, puzzles; quick puzzles): the sizes the issues set targets for.
GENERATION = (
    ("suguru", (8, 8), "solvable", 30, 10),
    ("suguru", (10, 10), "solvable", 10, 4),
    ("lits", (10, 10), None, 10, 3),
    ("lits", (15, 15), None, 3, 1),
    ("heteromino", (8, 8), None, 10, 3),
    ("heteromino", (12, 12), None, 3, 1),
)


def bench_generation(quick: bool) -> None:
    rows = []
    for name, (height, width), mode, count, quick_count in GENERATION:
        kind = registry.get(name)
        if not kind.generate_modes:
            rows.append([name, f"{height}x{width}", "-", "0", "no generator", "", ""])
            continue
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
    print()
    print("Generation, one process, seeds 0..N-1 (seconds per puzzle)")
    print(suguru.table(["type", "size", "mode", "N", "median s", "max s", "per minute"], rows))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and puzzles")
    args = parser.parse_args(argv)
    repeat = ["--repeat", "1" if args.quick else "3"]
    failed = 0
    print("== Suguru ==")
    failed |= suguru.main([*repeat, "--gen-count", "0"])
    print("\n== LITS ==")
    failed |= lits.main(repeat)
    print("\n== Heteromino ==")
    failed |= heteromino.main([*repeat, "--random", "0"])
    bench_generation(args.quick)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
