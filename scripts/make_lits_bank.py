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
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pencilbox import batch, registry, solving

SIZES = tuple(range(6, 16))
MODE = "backtrack"
BRUTE_UP_TO = 49  # cells; the brute-force counter is slow beyond 7x7
OUT = Path(__file__).resolve().parent.parent / "src/pencilbox/puzzles/lits/bank.json"


def bank_seed(side: int) -> str:
    return f"bank:lits:{side}x{side}"


def verify(record: dict[str, Any]) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle."""
    kind = registry.get("lits")
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
    assert kind.to_url(puzzle) == record["url"], f"{record['id']}: URL re-encodes differently"


def _url_parts(url: str) -> tuple[int, int, str]:
    _, cols, rows, body = url.split("?", 1)[1].split("/", 3)
    return int(cols), int(rows), body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=6, help="puzzles per size")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for side in SIZES:
            made = batch.generate_many(
                "lits", side, side, args.per_size, MODE, bank_seed(side), pool
            )
            for number, made_record in enumerate(made, start=1):
                info = made_record["info"]
                records.append(
                    {
                        "id": f"{side}x{side}-{number:02d}",
                        "rows": side,
                        "cols": side,
                        "mode": MODE,
                        "seed": made_record["seed"],
                        "grade": made_record["grade"],
                        "regions": info["regions"],
                        "density": info["density"],
                        "url": made_record["url"],
                        "json": made_record["json"],
                        "text": made_record["text"],
                        "solution": made_record["solution"],
                    }
                )
            print(f"{side}x{side}: {args.per_size} puzzles", file=sys.stderr)
        # verification is as costly as generation: spread it over the same pool
        list(pool.map(verify, records))
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
