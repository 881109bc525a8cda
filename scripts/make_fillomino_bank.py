"""Write the shipped Fillomino bank: ``src/pencilbox/puzzles/fillomino/bank.json``.

Every square size of ``--sizes`` (default 6 to 15) gets ``--per-size``
puzzles in the default mode (``reach``: the reach rung or a cheaper one
finishes each), each from its own seed (``bank:fillomino:<n>x<n>:<i>``),
and ``--easy`` more aimed at the ``way-out`` rung (seeds
``bank:fillomino:<n>x<n>:easy:<i>:<try>``, made in the ``way-out`` mode, as
``generate --grade`` makes them), so a beginner has some at every size. Not
the cheapest rung, ``closed``: it finishes a board only when nearly every
cell is given (a 6x6 with all 36), which is no puzzle. The
bank is repeatable: the same arguments write the same file again. Before
writing, every puzzle is re-checked: its solution passes the independent
checker, the engine counts exactly one solution and it is the recorded one
(and the brute-force counter agrees up to 6x6), the recorded grade matches a
recomputation, the URL decodes to the same board, and no puzzle appears twice.

    .venv/bin/python scripts/make_fillomino_bank.py [--per-size 5] [--sizes 6-15] [--easy 2]\\
        [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import bankkit

MODE = "reach"
EASY_MODE = "way-out"
EASY = "way-out"
EASY_ATTEMPTS = 20  # the way-out mode makes way-out or cheaper: most attempts hit it
BRUTE_UP_TO = 36  # cells; the brute-force counter is slow beyond 6x6 with large givens
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/fillomino/bank.json"
COPIED = ("url", "json", "text", "solution")


def bank_seed(side: int) -> str:
    return f"bank:fillomino:{side}x{side}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    bankkit.verify_record(
        "fillomino", record, bankkit.brute_force_agrees(BRUTE_UP_TO), url_round_trip=True
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=5, help="puzzles per size")
    parser.add_argument("--sizes", default="6-15", help="square sides, FIRST-LAST")
    parser.add_argument("--easy", type=int, default=2, help=f"more per size, of grade {EASY}")
    args = bankkit.parse_args(parser, argv, OUT)
    first, last = (int(part) for part in args.sizes.split("-"))
    sides = tuple(range(first, last + 1))
    make = partial(_generate_all, sides, args.per_size, args.easy)
    bankkit.run(args, make, verify, verify_in_pool=True)
    return 0


def _generate_all(
    sides: tuple[int, ...], per_size: int, easy: int, pool: Executor
) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for side in sides:
        records.extend(
            bankkit.generate(
                pool,
                "fillomino",
                side,
                side,
                per_size,
                MODE,
                bank_seed(side),
                _extra,
                copied=COPIED,
            )
        )
        records.extend(
            bankkit.generate(
                pool,
                "fillomino",
                side,
                side,
                easy,
                EASY_MODE,
                f"{bank_seed(side)}:easy",
                _extra,
                copied=COPIED,
                first_number=per_size + 1,
                aim=(EASY, EASY_ATTEMPTS),
            )
        )
        print(f"{side}x{side}: {per_size + easy} puzzles", file=sys.stderr)
    return records


def _extra(made_record: dict[str, Any]) -> dict[str, Any]:
    info = made_record["info"]
    return {"givens": info["givens"], "regions": info["regions"]}


if __name__ == "__main__":
    sys.exit(main())
