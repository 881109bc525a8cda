"""Heteromino generation by size on each walk: the old walk against the window walk.

Run with ``python benchmarks/heteromino_walks.py`` (``--sizes 12 13 15 17 20``,
``--seeds N``, default 3; ``--walks old window`` picks the walks). Puzzle
``i`` of a size is the one ``pencilbox generate heteromino --size SxS --seed i``
makes on that walk (seed ``"i:0"``), timed as ``benchmarks/generation.py``
times it: wall-clock and CPU seconds of ``kind.generate`` (walk, grade and
checks), then a plain-SAT count outside the clock. The walk is chosen by
setting ``generate.LARGE`` for the run: below the side for the window walk,
at it for the old one (the generator picks the window walk for sides above
``LARGE``).

Prints and writes to ``benchmarks/results/heteromino_walks.json`` (``--out``
elsewhere) per walk and size the median and max seconds, the black cells'
range and the walks (scatters) the slowest puzzle took; exits 1 if a puzzle
is not unique.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # texttable, results_file

from pencilbox import counting, registry  # noqa: E402
from pencilbox.batch import puzzle_seed  # noqa: E402
from pencilbox.puzzles.heteromino import generate as gen  # noqa: E402
from results_file import Recorder  # noqa: E402
from texttable import table  # noqa: E402

SIZES = (12, 13, 15, 17, 20)


def time_one(side: int, seed: int, walk: str) -> dict[str, float | int | bool]:
    """One puzzle of ``side`` on ``walk`` ("old" or "window"): seconds, black cells,
    scatters, and whether plain SAT finds it unique."""
    kind = registry.get("heteromino")
    saved = gen.LARGE
    gen.LARGE = side if walk == "old" else side - 1
    try:
        started, cpu = time.perf_counter(), time.process_time()
        made = kind.generate(random.Random(puzzle_seed(seed, 0)), side, side, "walk")
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        gen.LARGE = saved
    unique = counting.count(kind, made.puzzle, 2, "sat").count == 1
    return {
        "wall": wall,
        "cpu": cpu,
        "black": int(made.info["black"]),
        "walks": int(made.info["walks"]),
        "unique": unique,
    }


def summary(runs: list[dict[str, float | int | bool]]) -> dict[str, float | int]:
    walls = [float(r["wall"]) for r in runs]
    cpus = [float(r["cpu"]) for r in runs]
    blacks = [int(r["black"]) for r in runs]
    return {
        "seeds": len(runs),
        "median_seconds": round(statistics.median(walls), 3),
        "max_seconds": round(max(walls), 3),
        "median_cpu_seconds": round(statistics.median(cpus), 3),
        "max_cpu_seconds": round(max(cpus), 3),
        "fewest_black": min(blacks),
        "most_black": max(blacks),
        "most_walks": max(int(r["walks"]) for r in runs),
        "unique": sum(bool(r["unique"]) for r in runs),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="sides")
    parser.add_argument("--seeds", type=int, default=3, help="puzzles per size (seeds 1..N)")
    parser.add_argument("--walks", nargs="+", default=["old", "window"], choices=["old", "window"])
    parser.add_argument("--out", type=Path, help="result file (default benchmarks/results/)")
    args = parser.parse_args(argv)
    for side in args.sizes:
        if not 4 <= side <= gen.MAX_SIDE:
            parser.error(f"sizes run from 4 to {gen.MAX_SIDE}, not {side}")
    recorder = Recorder("heteromino_walks", argv)
    measured: dict[str, dict[str, dict[str, float | int]]] = {}
    rows, failed = [], 0
    for side in args.sizes:
        for walk in args.walks:
            runs = []
            for seed in range(1, args.seeds + 1):
                runs.append(time_one(side, seed, walk))
                one = runs[-1]
                print(
                    f"  {side}x{side} {walk} seed {seed}: {one['wall']:.2f} s "
                    f"({one['cpu']:.2f} s CPU), {one['black']} black, {one['walks']} walks",
                    flush=True,
                )
            found = summary(runs)
            measured.setdefault(walk, {})[f"{side}x{side}"] = found
            failed += args.seeds - int(found["unique"])
            rows.append(
                [f"{side}x{side}", walk]
                + [str(found[k]) for k in ("median_cpu_seconds", "max_cpu_seconds")]
                + [f"{found['fewest_black']}-{found['most_black']}", str(found["unique"])]
            )
    print(table(["size", "walk", "median CPU", "max CPU", "black", "unique"], rows, left=2))
    recorder.write(measured, args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
