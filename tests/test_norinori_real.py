"""The 24 janko boards (8x8 to 36x54) with their answers: each loads from its
URL and as a janko record (Norinori's janko reader), is proven unique and equals
janko's answer; a janko file reads alike, and what Norinori has not is refused.

``tests/data/norinori/norinori_sample.json`` is a copy of the shared
``janko_via_puzzlekit/norinori_sample.json`` (its source is inside the file).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from pencilbox import counting, formats, registry, solving
from pencilbox.errors import PuzzleError

KIND = registry.get("norinori")
DATA = json.loads(
    (Path(__file__).parent / "data" / "norinori" / "norinori_sample.json").read_text("utf-8")
)
RECORDS = DATA["puzzles"]


def answer_of(record: dict[str, Any]) -> list[list[int]]:
    return [
        [1 if token == "x" else 0 for token in row.split()] for row in record["solution_verbatim"]
    ]


def regions_of(record: dict[str, Any]) -> set[frozenset[int]]:
    """The record's regions as sets of cell ids, read from its id grid alone."""
    ids = [row.split() for row in record["regions_verbatim"]]
    assert len(ids) == record["rows"] and {len(row) for row in ids} == {record["cols"]}
    cells: dict[str, set[int]] = {}
    for cell, region in enumerate(token for row in ids for token in row):
        cells.setdefault(region, set()).add(cell)
    return {frozenset(group) for group in cells.values()}


def test_the_sample_holds_24_boards_up_to_36x54() -> None:
    assert len(RECORDS) == 24
    assert max(r["rows"] * r["cols"] for r in RECORDS) == 36 * 54


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_every_janko_board_is_unique_and_equals_its_answer(record: dict[str, Any]) -> None:
    kind, puzzle = formats.load(record["puzzlink_url_derived"])
    assert kind is KIND
    assert (puzzle.rows, puzzle.cols) == (record["rows"], record["cols"])
    assert set(map(frozenset, puzzle.region_cells)) == regions_of(record)
    report = counting.count_default(KIND, puzzle, limit=2)
    assert report.count == 1 and report.exhaustive
    assert report.solutions[0] == answer_of(record)
    assert KIND.check(puzzle, answer_of(record)) == []
    # the record itself, through Norinori's janko reader: the same board and answer
    loaded = formats.read_object(record)
    assert loaded.kind is KIND
    assert loaded.puzzle == puzzle
    assert loaded.answer == answer_of(record)
    assert loaded.meta.source == record["janko_url"]


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


def test_a_janko_file_with_a_blank_clue_grid_reads_as_the_record() -> None:
    record = next(r for r in RECORDS if r["id"] == "21_8x8")
    blank = [" ".join(["-"] * record["cols"])] * record["rows"]
    lines = ["janko norinori", f"{record['rows']} {record['cols']}", *blank]
    lines += [*record["regions_verbatim"], "solution", *record["solution_verbatim"]]
    loaded = formats.read("\n".join(lines) + "\n")
    assert loaded.kind is KIND
    assert set(map(frozenset, loaded.puzzle.region_cells)) == regions_of(record)
    assert loaded.answer == answer_of(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2\n- 3\n1 1\n", "line 3: row 1, column 2: Norinori has no clue '3'"),
        ("1 2\n- -\n- -\n1 1\n", "a Norinori board has 1 or 2 grids, not 3"),
        ("1 2\n1 q\n", "line 3: row 1, column 2: region id 'q' is not a number"),
        ("1 2\n1 1\nsolution\nx 7\n", "solution entry '7' is not 'x' or '-'"),
    ],
)
def test_the_janko_reader_refuses_what_norinori_has_not(text: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=re.escape(message)):
        formats.read("janko norinori\n" + text)
