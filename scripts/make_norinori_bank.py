"""Write the shipped Norinori bank: ``src/pencilbox/puzzles/norinori/bank.json``.

Every square size of ``--sizes`` (default 6 to 15) gets ``--per-size``
puzzles, each from its own seed (``bank:norinori:<n>x<n>:<i>``), so the bank
is repeatable: the same arguments write the same file again. Before
writing, every puzzle is re-checked: its solution passes the independent
checker, the engine counts exactly one solution and it is the recorded one
(and the brute-force cell counter agrees up to 7x7, where it is quick),
the recorded grade matches a recomputation, the URL decodes to the same
board, and no puzzle appears twice.

    .venv/bin/python scripts/make_norinori_bank.py [--per-size 6] [--sizes 6-15] [--workers 2]
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
    args = bankkit.parse_args(parser, argv, OUT)
    first, last = (int(part) for part in args.sizes.split("-"))
    sides = tuple(range(first, last + 1))
    bankkit.run(args, partial(_generate_all, sides, args.per_size), verify, verify_in_pool=True)
    return 0


def _generate_all(sides: tuple[int, ...], per_size: int, pool: Executor) -> list[dict[str, Any]]:
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
        print(f"{side}x{side}: {per_size} puzzles", file=sys.stderr)
    return records


def _extra(made_record: dict[str, Any]) -> dict[str, Any]:
    return {"regions": made_record["info"]["regions"]}


if __name__ == "__main__":
    sys.exit(main())
