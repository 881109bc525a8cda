"""Re-run some sections of the shipped Heteromino ``stats.json``, keeping the rest.

The same as ``pencilbox stats heteromino --only SECTION``, kept for the
scripts that call it; it re-measures only the sections named (census,
scatter, budget, bank), which is what a change to one part of the generator
or the census needs.

    .venv/bin/python scripts/heteromino_stats.py --only census [--workers 2] [--out FILE]
        [--executor processes|dask-local|dask://HOST:PORT] [--samples N]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pencilbox.executors import EXECUTORS, open_executor
from pencilbox.puzzles.heteromino import KIND, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=list(stats.SECTIONS))
    parser.add_argument("--samples", type=int, default=100, help="scales the samples (100)")
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    parser.add_argument("--executor", help=f"where the work runs: {', '.join(EXECUTORS)}")
    default_out = Path(stats.__file__).with_name("stats.json")
    parser.add_argument("--out", type=Path, default=default_out, help="the shipped stats.json")
    args = parser.parse_args(argv)
    with open_executor(args.workers, args.executor) as pool:
        found = stats.run(KIND, args.out, args.samples, executor=pool, only=args.only)
    print(f"wrote {args.out}: {found['section_seconds']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
