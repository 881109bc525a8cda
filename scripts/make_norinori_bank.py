"""Write the shipped Norinori bank: ``src/pencilbox/puzzles/norinori/bank.json``.

Every square size of ``--sizes`` (default 6 to 15) gets ``--per-size``
puzzles, each from its own seed (``bank:norinori:<n>x<n>:<i>``), and each
side up to ``--easy-up-to`` (default 10) ``--easy`` more aimed at the
cheapest rung, ``person`` (seeds ``bank:norinori:<n>x<n>:easy:<i>:<try>``):
with dominoes that cross region borders few puzzles finish there as they
come, and a beginner needs some that do. The bank is repeatable: the same
arguments write the same file again. Before
writing, every puzzle is re-checked: its solution passes the independent
checker, the engine counts exactly one solution and it is the recorded one
(and the brute-force cell counter agrees up to 7x7, where it is quick),
the recorded grade matches a recomputation, the URL decodes to the same
board, and no puzzle appears twice.

    .venv/bin/python scripts/make_norinori_bank.py [--per-size 6] [--sizes 6-15] [--easy 2]\
        [--easy-up-to 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import bankkit

MODE = "walk"
EASY = "person"
EASY_ATTEMPTS = 400  # generations an easy puzzle may take (10x10 needs about 30)
BRUTE_UP_TO = 49  # cells; the brute-force counter is slow beyond 7x7
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/norinori/bank.json"


def bank_seed(side: int) -> str:
    return f"bank:norinori:{side}x{side}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    bankkit.verify_record(
        "norinori", record, bankkit.brute_force_agrees(BRUTE_UP_TO), url_round_trip=True
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=6, help="puzzles per size")
    parser.add_argument("--sizes", default="6-15", help="square sides, FIRST-LAST")
    parser.add_argument("--easy", type=int, default=2, help=f"more per size, of grade {EASY}")
    parser.add_argument("--easy-up-to", type=int, default=10, help="largest side with easy puzzles")
    args = bankkit.parse_args(parser, argv, OUT)
    first, last = (int(part) for part in args.sizes.split("-"))
    sides = tuple(range(first, last + 1))
    easy = {side: args.easy for side in sides if side <= args.easy_up_to}
    make = partial(_generate_all, sides, args.per_size, easy)
    bankkit.run(args, make, verify, verify_in_pool=True)
    return 0


def _generate_all(
    sides: tuple[int, ...], per_size: int, easy: dict[int, int], pool: Executor
) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for side in sides:
        records.extend(
            bankkit.generate(
                pool,
                "norinori",
                side,
                side,
                per_size,
                MODE,
                bank_seed(side),
                _extra,
                copied=("url", "json", "text", "solution"),
            )
        )
        records.extend(
            bankkit.generate(
                pool,
                "norinori",
                side,
                side,
                easy.get(side, 0),
                MODE,
                f"{bank_seed(side)}:easy",
                _extra,
                copied=("url", "json", "text", "solution"),
                first_number=per_size + 1,
                aim=(EASY, EASY_ATTEMPTS),
            )
        )
        print(f"{side}x{side}: {per_size + easy.get(side, 0)} puzzles", file=sys.stderr)
    return records


def _extra(made_record: dict[str, Any]) -> dict[str, Any]:
    return {"regions": made_record["info"]["regions"]}


if __name__ == "__main__":
    sys.exit(main())
