"""Write the shipped Suguru bank: ``src/pencilbox/puzzles/suguru/bank.json``.

Every square size from 5x5 to 10x10 gets ``--per-mode`` puzzles of each
carving mode (solvable and minimal), each from its own seed, so the bank is
repeatable: ``python scripts/make_bank.py`` writes the same file again.
Before writing, every puzzle is re-checked: its solution passes the
independent checker, it is unique by the engine's count (and by the
brute-force counter up to 6x6, where that is quick), its recorded grade
matches a recomputation, and no puzzle appears twice.

    .venv/bin/python scripts/make_bank.py [--per-mode 11] [--workers 2]
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

SIZES = tuple(range(5, 11))
MODES = ("solvable", "minimal")
BRUTE_UP_TO = 36  # cells; the brute-force counter is slow beyond 6x6
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/suguru/bank.json"


def bank_seed(side: int, mode: str) -> str:
    return f"bank:{side}x{side}:{mode}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    kind = registry.get("suguru")
    puzzle = kind.from_json(record["json"])
    assert not kind.check(puzzle, record["solution"]), f"{record['id']}: solution breaks a rule"
    report = solving.solve(kind, puzzle, limit=2)
    assert report.unique, f"{record['id']}: {report.count} solutions"
    assert report.solutions[0] == record["solution"], f"{record['id']}: another solution"
    if puzzle.rows * puzzle.cols <= BRUTE_UP_TO:
        count, _ = kind.brute_count(puzzle, 2)
        assert count == 1, f"{record['id']}: brute force finds {count} solutions"
    assert solving.grade(kind, puzzle).as_json() == record["grade"], f"{record['id']}: grade"
    assert kind.from_url(*_url_parts(record["url"])) == puzzle, f"{record['id']}: URL"


def _url_parts(url: str) -> tuple[int, int, str]:
    _, cols, rows, body = url.split("?", 1)[1].split("/", 3)
    return int(cols), int(rows), body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-mode", type=int, default=11, help="puzzles per size and mode")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for side in SIZES:
            number = 0
            for mode in MODES:
                made = batch.generate_many(
                    "suguru", side, side, args.per_mode, mode, bank_seed(side, mode), pool
                )
                for made_record in made:
                    number += 1
                    records.append(
                        {
                            "id": f"{side}x{side}-{number:02d}",
                            "rows": side,
                            "cols": side,
                            "mode": mode,
                            "seed": made_record["seed"],
                            "grade": made_record["grade"],
                            "givens": made_record["info"]["givens"],
                            "url": made_record["url"],
                            "json": made_record["json"],
                            "solution": made_record["solution"],
                        }
                    )
            print(f"{side}x{side}: {number} puzzles", file=sys.stderr)
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
