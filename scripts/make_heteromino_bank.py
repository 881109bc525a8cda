"""Write the shipped Heteromino bank: ``src/pencilbox/puzzles/heteromino/bank.json``.

``--sizes`` says how many puzzles of each size (default 48 8x8, 24 12x12),
each from its own seed, so the bank is repeatable: running the script again
writes the same file -- with the generator of the day. A change to the
generator that changes the bank re-runs ``pencilbox stats heteromino --only
bank`` and ``python scripts/quote_stats.py`` in the same change (the stats
test fails until then: the section's hash covers bank.json), and re-points
the hint tests that name its boards.

Before writing, every puzzle is re-checked: its
solution passes the independent checker, it is unique by the engine's count
with the top rung and by the scanner (engine 2) where that is quick, its
recorded grade matches a recomputation, its URL decodes to the same board,
and no puzzle appears twice.

    .venv/bin/python scripts/make_heteromino_bank.py [--sizes 8x8:48 12x12:24] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import bankkit

SIZES = ((8, 8, 48), (12, 12, 24))  # rows, cols, puzzles
MODE = "walk"
SCANNER_UP_TO = 64  # cells; the scanner's blind search can blow up on 12x12 boards
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/heteromino/bank.json"


def bank_seed(rows: int, cols: int) -> str:
    return f"bank:{rows}x{cols}:{MODE}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    bankkit.verify_record("heteromino", record, bankkit.brute_force_agrees(SCANNER_UP_TO))


def _size(text: str) -> tuple[int, int, int]:
    """``ROWSxCOLS:COUNT``, e.g. ``8x8:48``."""
    size, count = text.lower().split(":")
    rows, cols = size.split("x")
    return int(rows), int(cols), int(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=_size, nargs="+", default=list(SIZES), help="e.g. 8x8:48 12x12:24"
    )
    args = bankkit.parse_args(parser, argv, OUT)
    bankkit.run(args, partial(_generate_all, args.sizes), verify)
    return 0


def _generate_all(sizes: list[tuple[int, int, int]], pool: Executor) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for rows, cols, count in sizes:
        made = bankkit.generate(
            pool, "heteromino", rows, cols, count, MODE, bank_seed(rows, cols), _extra
        )
        for number, record in enumerate(made, start=1):
            records.append(record)
            print(f"{rows}x{cols} #{number}: {record['seconds']:.1f}s", file=sys.stderr)
    return records


def _extra(made_record: dict[str, Any]) -> dict[str, Any]:
    info = made_record["info"]
    return {
        "black": info["black"],
        "walks": info["walks"],
        "moves": info["moves"],
        "seconds": made_record["seconds"],
    }


if __name__ == "__main__":
    sys.exit(main())
