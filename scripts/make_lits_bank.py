"""Write the shipped LITS bank: ``src/pencilbox/puzzles/lits/bank.json``.

Every square size from 6x6 to 15x15 gets ``--per-size`` puzzles, each from
its own seed (``bank:lits:<n>x<n>:<i>``), so the bank is repeatable:
``python scripts/make_lits_bank.py`` writes the same file again. Before
writing, every puzzle is re-checked: its solution passes the independent
checker, the engine counts exactly one solution and it is the recorded one
(and the brute-force region counter agrees up to 7x7, where it is quick),
the recorded grade matches a recomputation, the URL decodes to the same
board, and no puzzle appears twice.

    .venv/bin/python scripts/make_lits_bank.py [--per-size 6] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import bankkit

SIZES = tuple(range(6, 16))
MODE = "backtrack"
BRUTE_UP_TO = 49  # cells; the brute-force counter is slow beyond 7x7
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/lits/bank.json"


def bank_seed(side: int) -> str:
    return f"bank:lits:{side}x{side}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    bankkit.verify_record(
        "lits", record, bankkit.brute_force_agrees(BRUTE_UP_TO), url_round_trip=True
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=6, help="puzzles per size")
    args = bankkit.parse_args(parser, argv, OUT)
    # verification is as costly as generation: spread it over the same pool
    bankkit.run(args, partial(_generate_all, args.per_size), verify, verify_in_pool=True)
    return 0


def _generate_all(per_size: int, pool: Executor) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for side in SIZES:
        records.extend(
            bankkit.generate(
                pool,
                "lits",
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
    info = made_record["info"]
    return {"regions": info["regions"], "density": info["density"]}


if __name__ == "__main__":
    sys.exit(main())
