"""Generation time per puzzle type and size, up to the largest size accepted.

Run with ``python benchmarks/generation.py`` (``--seeds N``, default 3;
``--sizes 10 20`` to pick sides, each type keeping those its generator
accepts; ``--types lits suguru``). Puzzle ``i`` of a size is the one
``pencilbox generate TYPE --size SxS --seed i`` makes (seed ``"i:0"``,
the type's default mode), made in this process through the face
(``kind.generate``), one at a time.

Prints per type and size the median and max seconds per puzzle, wall-clock
and CPU time of this process: the machine is shared, and when other work
loads it the wall-clock figures grow while the CPU ones stay put (the load
average is printed at start and end). The figures are also written to
``benchmarks/results/generation.json`` (``--out`` elsewhere), which the notes
quote. Every puzzle is then counted by plain
SAT, outside the clock, an engine independent of the generators' own
checks; exits 1 if any puzzle is not unique.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # texttable, results_file

from pencilbox import counting, registry  # noqa: E402
from pencilbox.batch import puzzle_seed  # noqa: E402
from results_file import Recorder  # noqa: E402
from texttable import table  # noqa: E402

SIZES = {
    "suguru": (6, 10, 15, 20),
    "lits": (10, 15, 20, 30),
    "heteromino": (8, 12, 20, 30),
    "norinori": (10, 20, 30),
    "fillomino": (6, 10, 15, 20),
}
"""Sides measured by default, the last the largest each generator accepts."""


def time_one(name: str, side: int, seed: int) -> tuple[float, float, bool]:
    """(wall seconds, CPU seconds, unique by plain SAT) for one generated puzzle."""
    kind = registry.get(name)
    mode = kind.generate_modes[0]
    started, cpu = time.perf_counter(), time.process_time()
    made = kind.generate(random.Random(puzzle_seed(seed, 0)), side, side, mode)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    unique = counting.count(kind, made.puzzle, 2, "sat").count == 1
    return wall, cpu, unique


def accepts(name: str, side: int) -> bool:
    """Whether the type's generator takes a ``side`` x ``side`` board."""
    module = sys.modules.get(f"pencilbox.puzzles.{name}.generate")
    if module is None:
        __import__(f"pencilbox.puzzles.{name}.generate")
        module = sys.modules[f"pencilbox.puzzles.{name}.generate"]
    return bool(side <= module.MAX_SIDE)


def fmt(seconds: Sequence[float]) -> tuple[str, str]:
    return f"{statistics.median(seconds):.2f}", f"{max(seconds):.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="puzzles per size (seeds 1..N)")
    parser.add_argument("--sizes", type=int, nargs="+", help="sides (default: per type)")
    parser.add_argument("--types", nargs="+", default=list(SIZES), choices=list(SIZES))
    parser.add_argument("--out", type=Path, help="result file (default benchmarks/results/)")
    args = parser.parse_args(argv)
    recorder = Recorder("generation", argv)
    measured: dict[str, dict[str, dict[str, float | int]]] = {}
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    rows = []
    failed = 0
    for name in args.types:
        for side in args.sizes or SIZES[name]:
            if not accepts(name, side):
                print(f"{name} {side}x{side}: larger than the generator accepts, skipped")
                continue
            walls, cpus, unique = [], [], 0
            for seed in range(1, args.seeds + 1):
                wall, cpu, one = time_one(name, side, seed)
                walls.append(wall)
                cpus.append(cpu)
                unique += one
                size = f"{side}x{side}"
                print(f"  {name} {size} seed {seed}: {wall:.2f} s ({cpu:.2f} s CPU)", flush=True)
            failed += args.seeds - unique
            rows.append([name, size, str(args.seeds), *fmt(walls), *fmt(cpus), str(unique)])
            measured.setdefault(name, {})[size] = {
                "seeds": args.seeds,
                "median_seconds": round(statistics.median(walls), 3),
                "max_seconds": round(max(walls), 3),
                "median_cpu_seconds": round(statistics.median(cpus), 3),
                "max_cpu_seconds": round(max(cpus), 3),
                "unique": unique,
            }
    headers = ["type", "size", "seeds", "median s", "max s", "median CPU", "max CPU", "unique"]
    print(table(headers, rows, left=2))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    recorder.write(measured, args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
