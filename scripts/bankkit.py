"""Shared parts of the bank scripts beside it (``make_*bank.py``, one per
puzzle type): the common command-line options, the record layout, the checks
every bank puzzle must pass and writing ``bank.json``.

Each script keeps what is particular to its puzzle (sizes, modes, seeds, the
extra fields it records and its independent uniqueness check) and imports
this module; the scripts run as ``python scripts/X.py``, so this directory is
on ``sys.path``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pencilbox import batch, registry, solving, targeting
from pencilbox.formats import load_url
from pencilbox.kind import PuzzleKind

# Called with the kind, the decoded puzzle and the record after the engine's
# uniqueness check: each bank adds its own independent check here.
ExtraCheck = Callable[[PuzzleKind[Any], Any, dict[str, Any]], None]
# The bank's own fields of one generated record (``batch.make_record``'s output).
ExtraFields = Callable[[batch.Record], Mapping[str, Any]]


def parse_args(
    parser: argparse.ArgumentParser, argv: list[str] | None, out: Path
) -> argparse.Namespace:
    """Add ``--workers`` and ``--out`` after the script's own count option, then parse."""
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--out", type=Path, default=out)
    return parser.parse_args(argv)


def run(
    args: argparse.Namespace,
    generate_all: Callable[[Executor], list[dict[str, Any]]],
    verify: Callable[[dict[str, Any]], None],
    *,
    verify_in_pool: bool = False,
) -> None:
    """Generate the records in a pool of ``args.workers``, verify each, write ``args.out``.

    ``verify_in_pool`` spreads verification over the same pool, for banks
    where it costs as much as generation; ``verify`` must then be picklable
    (a module-level function).
    """
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        records = generate_all(pool)
        if verify_in_pool:
            list(pool.map(verify, records))
    if not verify_in_pool:
        for record in records:
            verify(record)
    write_bank(records, args.out, started)


def generate(
    pool: Executor,
    kind_name: str,
    rows: int,
    cols: int,
    count: int,
    mode: str,
    seed: str,
    extra: ExtraFields,
    *,
    copied: Sequence[str] = ("url", "json", "solution"),
    first_number: int = 1,
    aim: tuple[str, int] | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield ``count`` bank records of one size and mode, numbered from
    ``first_number``; with ``aim`` (a grade and the attempts each puzzle may
    take), only puzzles of that grade, as ``generate --grade`` makes them."""
    if aim is None:
        made = batch.generate_many(kind_name, rows, cols, count, mode, seed, pool)
    else:
        target = targeting.parse_target(registry.get(kind_name), aim[0])
        made = targeting.generate_targeted(
            kind_name, rows, cols, count, mode, seed, target, aim[1], pool
        )
    for number, made_record in enumerate(made, start=first_number):
        # The key order is the order in bank.json: the common head, the bank's
        # own fields, then the copied forms.
        record: dict[str, Any] = {
            "id": f"{rows}x{cols}-{number:02d}",
            "rows": rows,
            "cols": cols,
            "mode": mode,
            "seed": made_record["seed"],
            "grade": made_record["grade"],
        }
        record.update(extra(made_record))
        record.update((key, made_record[key]) for key in copied)
        yield record


def verify_record(
    kind_name: str,
    record: dict[str, Any],
    extra_check: ExtraCheck | None = None,
    *,
    url_round_trip: bool = False,
) -> None:
    """Raise AssertionError unless the record is a sound, unique, correctly graded puzzle.

    ``url_round_trip`` also demands that the puzzle re-encodes to the very
    same URL (not only that the URL decodes to the same board).
    """
    kind = registry.get(kind_name)
    puzzle = kind.from_json(record["json"])
    assert not kind.check(puzzle, record["solution"]), f"{record['id']}: solution breaks a rule"
    report = solving.solve(kind, puzzle, limit=2)
    assert report.unique, f"{record['id']}: {report.count} solutions"
    assert report.solutions[0] == record["solution"], f"{record['id']}: another solution"
    if extra_check is not None:
        extra_check(kind, puzzle, record)
    assert solving.grade(kind, puzzle).as_json() == record["grade"], f"{record['id']}: grade"
    assert load_url(record["url"]) == (kind, puzzle), f"{record['id']}: URL"
    if url_round_trip:
        assert kind.to_url(puzzle) == record["url"], f"{record['id']}: URL re-encodes differently"


def brute_force_agrees(up_to: int) -> ExtraCheck:
    """A check that the kind's brute-force counter (:meth:`PuzzleKind.brute_count`)
    also finds exactly one solution, the recorded one.

    Only boards of at most ``up_to`` cells are counted: the counter is blind
    and blows up on bigger ones.
    """

    def check(kind: PuzzleKind[Any], puzzle: Any, record: dict[str, Any]) -> None:
        if puzzle.rows * puzzle.cols <= up_to:
            count, found = kind.brute_count(puzzle, 2)
            assert count == 1, f"{record['id']}: brute force finds {count} solutions"
            assert found[0] == record["solution"], f"{record['id']}: brute force, another one"

    return check


def write_bank(records: list[dict[str, Any]], out: Path, started: float) -> None:
    """Refuse duplicate puzzles, write ``out`` and say how long the whole run took."""
    urls = [record["url"] for record in records]
    assert len(set(urls)) == len(urls), "a puzzle appears twice"
    # One record per line: readable diffs when the bank is regenerated.
    out.write_text(
        "[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in records) + "\n]\n",
        encoding="utf-8",
    )
    seconds = time.perf_counter() - started
    print(f"wrote {len(records)} puzzles to {out} in {seconds:.1f}s", file=sys.stderr)
