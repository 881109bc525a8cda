"""Write the shipped Suguru bank: ``src/pencilbox/puzzles/suguru/bank.json``.

Every square size from 5x5 to 10x10 gets ``--per-mode`` puzzles of each
carving mode (solvable and minimal), each from its own seed, so the bank is
repeatable: ``python scripts/make_suguru_bank.py`` writes the same file again.
Before writing, every puzzle is re-checked: its solution passes the
independent checker, it is unique by the engine's count (and by the
brute-force counter up to 6x6, where that is quick), its recorded grade
matches a recomputation, and no puzzle appears twice.

    .venv/bin/python scripts/make_suguru_bank.py [--per-mode 11] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import bankkit

SIZES = tuple(range(5, 11))
MODES = ("solvable", "minimal")
BRUTE_UP_TO = 36  # cells; the brute-force counter is slow beyond 6x6
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/suguru/bank.json"


def bank_seed(side: int, mode: str) -> str:
    return f"bank:{side}x{side}:{mode}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    bankkit.verify_record("suguru", record, bankkit.brute_force_agrees(BRUTE_UP_TO))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-mode", type=int, default=11, help="puzzles per size and mode")
    args = bankkit.parse_args(parser, argv, OUT)
    bankkit.run(args, partial(_generate_all, args.per_mode), verify)
    return 0


def _generate_all(per_mode: int, pool: Executor) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for side in SIZES:
        # numbering runs on across the modes of one size: 01-11 solvable, 12-22 minimal
        for index, mode in enumerate(MODES):
            seed = bank_seed(side, mode)
            records.extend(
                bankkit.generate(
                    pool,
                    "suguru",
                    side,
                    side,
                    per_mode,
                    mode,
                    seed,
                    _extra,
                    first_number=1 + index * per_mode,
                )
            )
        print(f"{side}x{side}: {len(MODES) * per_mode} puzzles", file=sys.stderr)
    return records


def _extra(made_record: dict[str, Any]) -> dict[str, Any]:
    return {"givens": made_record["info"]["givens"]}


if __name__ == "__main__":
    sys.exit(main())
