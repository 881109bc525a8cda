"""The 24 janko boards (8x8 to 36x54) with their answers: each loads from its
URL and as a janko record, is proven unique and equals janko's answer.

``tests/data/norinori/norinori_sample.json`` is a copy of the shared
``janko_via_puzzlekit/norinori_sample.json`` (its source is inside the file).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from pencilbox import counting, formats, registry, solving

KIND = registry.get("norinori")
DATA = json.loads(
    (Path(__file__).parent / "data" / "norinori" / "norinori_sample.json").read_text("utf-8")
)
RECORDS = DATA["puzzles"]


def answer_of(record: dict[str, Any]) -> list[list[int]]:
    return [
        [1 if token == "x" else 0 for token in row.split()] for row in record["solution_verbatim"]
    ]


def test_the_sample_holds_24_boards_up_to_36x54() -> None:
    assert len(RECORDS) == 24
    assert max(r["rows"] * r["cols"] for r in RECORDS) == 36 * 54


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_every_janko_board_is_unique_and_equals_its_answer(record: dict[str, Any]) -> None:
    kind, puzzle = formats.load(record["puzzlink_url_derived"])
    assert kind is KIND
    assert (puzzle.rows, puzzle.cols) == (record["rows"], record["cols"])
    ids = [row.split() for row in record["regions_verbatim"]]
    assert len({len(set(sum(ids, [])))}) == 1 and puzzle.region_count == len(set(sum(ids, [])))
    report = counting.count_default(KIND, puzzle, limit=2)
    assert report.count == 1 and report.exhaustive
    assert report.solutions[0] == answer_of(record)
    assert KIND.check(puzzle, answer_of(record)) == []


def test_the_36x54_is_proven_unique_by_the_default_solve_quickly() -> None:
    record = next(r for r in RECORDS if r["id"] == "93_36x54")
    _, puzzle = formats.load(record["puzzlink_url_derived"])
    best = min(_timed(puzzle) for _ in range(3))
    # the target is 0.2 s on this machine; the bound leaves room for a busy one
    assert best < 1.0, best


def _timed(puzzle: Any) -> float:
    started = time.perf_counter()
    report = counting.count_default(KIND, puzzle, limit=2)
    assert report.count == 1 and report.exhaustive
    return time.perf_counter() - started


def test_the_small_janko_boards_grade_without_search() -> None:
    small = [r for r in RECORDS if r["rows"] * r["cols"] <= 14 * 16]
    for record in small:
        _, puzzle = formats.load(record["puzzlink_url_derived"])
        assert solving.grade(KIND, puzzle).rung != "search", record["id"]
