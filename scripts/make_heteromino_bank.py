"""Write the shipped Heteromino bank: ``src/pencilbox/puzzles/heteromino/bank.json``.

``--sizes`` says how many puzzles of each size (default 48 8x8, 24 12x12),
each from its own seed, so the bank is repeatable: running the script again
writes the same file. Before writing, every puzzle is re-checked: its
solution passes the independent checker, it is unique by the engine's count
with the top rung and by the scanner (engine 2) where that is quick, its
recorded grade matches a recomputation, its URL decodes to the same board,
and no puzzle appears twice.

    .venv/bin/python scripts/make_heteromino_bank.py [--sizes 8x8:48 12x12:24] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pencilbox import batch, registry, solving

SIZES = ((8, 8, 48), (12, 12, 24))  # rows, cols, puzzles
MODE = "walk"
SCANNER_UP_TO = 64  # cells; the scanner's blind search can blow up on 12x12 boards
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/heteromino/bank.json"


def bank_seed(rows: int, cols: int) -> str:
    return f"bank:{rows}x{cols}:{MODE}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    kind = registry.get("heteromino")
    puzzle = kind.from_json(record["json"])
    assert not kind.check(puzzle, record["solution"]), f"{record['id']}: solution breaks a rule"
    report = solving.solve(kind, puzzle, limit=2)
    assert report.unique, f"{record['id']}: {report.count} solutions"
    assert report.solutions[0] == record["solution"], f"{record['id']}: another solution"
    if puzzle.rows * puzzle.cols <= SCANNER_UP_TO:
        count, found = kind.brute_count(puzzle, 2)
        assert count == 1 and found[0] == record["solution"], f"{record['id']}: scanner"
    assert solving.grade(kind, puzzle).as_json() == record["grade"], f"{record['id']}: grade"
    assert kind.from_url(*_url_parts(record["url"])) == puzzle, f"{record['id']}: URL"


def _url_parts(url: str) -> tuple[int, int, str]:
    _, cols, rows, body = url.split("?", 1)[1].split("/", 3)
    return int(cols), int(rows), body


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
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rows, cols, count in args.sizes:
            made = batch.generate_many(
                "heteromino", rows, cols, count, MODE, bank_seed(rows, cols), pool
            )
            for number, made_record in enumerate(made, start=1):
                records.append(
                    {
                        "id": f"{rows}x{cols}-{number:02d}",
                        "rows": rows,
                        "cols": cols,
                        "mode": MODE,
                        "seed": made_record["seed"],
                        "grade": made_record["grade"],
                        "black": made_record["info"]["black"],
                        "walks": made_record["info"]["walks"],
                        "moves": made_record["info"]["moves"],
                        "seconds": made_record["seconds"],
                        "url": made_record["url"],
                        "json": made_record["json"],
                        "solution": made_record["solution"],
                    }
                )
                print(f"{rows}x{cols} #{number}: {made_record['seconds']:.1f}s", file=sys.stderr)
    for record in records:
        verify(record)
    urls = [record["url"] for record in records]
    assert len(set(urls)) == len(urls), "a puzzle appears twice"
    # One record per line: readable diffs when the bank is regenerated.
    args.out.write_text(
        "[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in records) + "\n]\n",
        encoding="utf-8",
    )
    seconds = time.perf_counter() - started
    print(f"wrote {len(records)} puzzles to {args.out} in {seconds:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
