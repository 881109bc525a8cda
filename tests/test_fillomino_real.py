"""Real Fillomino boards: the 23 janko boards (5x4 to 30x45) with janko's
answers, and pzprjs's test board. Each janko board loads from its URL, from
the janko text form and from its dataset record alike; janko's answer passes
the checker; every one is proven unique by the default solve and equals
janko's answer, and the small ones by the brute-force counter too.

The data are copies of the shared puzzle folder's files (``tests/data/fillomino/``,
see its README).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pencilbox import counting, formats
from pencilbox.codecs import janko, pzprv3
from pencilbox.codecs.puzzlink import split_url
from pencilbox.puzzles.fillomino import KIND, brute, checker

DATA = Path(__file__).parent / "data" / "fillomino"
SAMPLE = json.loads((DATA / "fillomino_sample.json").read_text(encoding="utf-8"))
RECORDS = SAMPLE["puzzles"]
PZPRJS = json.loads((DATA / "pzprjs_fillomino.json").read_text(encoding="utf-8"))


def answer_of(record: dict[str, Any]) -> list[list[int]]:
    return [[int(token) for token in row.split()] for row in record["solution_verbatim"]]


def from_url(url: str) -> Any:
    parts = split_url(url)
    assert parts.type == "fillomino"
    return KIND.from_url(parts.cols, parts.rows, parts.body)


def janko_text(record: dict[str, Any]) -> str:
    lines = ["janko fillomino", f"{record['rows']} {record['cols']}", *record["givens_verbatim"]]
    return "\n".join([*lines, "solution", *record["solution_verbatim"]]) + "\n"


def test_the_sample_holds_23_boards_up_to_30x45() -> None:
    assert len(RECORDS) == 23
    assert min(r["rows"] * r["cols"] for r in RECORDS) == 5 * 4
    assert max(r["rows"] * r["cols"] for r in RECORDS) == 30 * 45


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_every_janko_board_reads_alike_from_its_url_and_its_janko_form(
    record: dict[str, Any],
) -> None:
    puzzle = from_url(record["puzzlink_url_derived"])
    assert (puzzle.rows, puzzle.cols) == (record["rows"], record["cols"])
    assert KIND.to_url(puzzle) == record["puzzlink_url_derived"]
    board, answer = KIND.from_janko(janko.parse_text(janko_text(record)))
    assert board == puzzle
    assert answer == answer_of(record)
    assert checker.check(puzzle, answer) == []
    # the givens are the answer's numbers where given
    flat = [value for row in answer for value in row]
    assert all(given in (0, flat[cell]) for cell, given in enumerate(puzzle.givens))
    assert puzzle.given_count < puzzle.cells


def test_every_janko_record_loads_through_formats() -> None:
    for record in RECORDS:
        loaded = formats.read(json.dumps(record))
        assert loaded.kind is KIND
        assert loaded.puzzle == from_url(record["puzzlink_url_derived"])
        assert loaded.answer == answer_of(record)
        assert loaded.meta.source == record["janko_url"]


SMALL = [r for r in RECORDS if r["id"] in ("13_5x4", "401_5x6", "22_5x13")]


@pytest.mark.parametrize("record", SMALL, ids=[r["id"] for r in SMALL])
def test_the_small_janko_boards_have_one_answer_by_brute_force(record: dict[str, Any]) -> None:
    count, answers = brute.count(from_url(record["puzzlink_url_derived"]), 2)
    assert count == 1
    assert answers[0] == answer_of(record)


def test_the_pzprjs_board_reads_alike_from_its_url_and_its_files() -> None:
    puzzle = KIND.from_url(6, 6, PZPRJS["url"].split("/")[-1])
    assert KIND.to_url(puzzle) == PZPRJS["full_url_example"]
    plain = [text for _, text, *_ in PZPRJS["failcheck"] if "/t/" not in text]
    assert len(plain) == 7
    for text in plain:
        from_file, _ = KIND.from_pzprv3(pzprv3.parse(text))
        # the ceNoNum file hides two givens behind question marks
        hidden = sum(1 for a, b in zip(from_file.givens, puzzle.givens, strict=True) if a != b)
        assert hidden == (2 if "- " in text.split("/")[4] + text.split("/")[5] else 0)
        assert all(a in (0, b) for a, b in zip(from_file.givens, puzzle.givens, strict=True))


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_every_janko_board_is_proven_unique_and_equals_its_answer(record: dict[str, Any]) -> None:
    """What ``pencilbox solve`` runs (the default rung, then SAT), from the board's URL."""
    puzzle = from_url(record["puzzlink_url_derived"])
    report = counting.count_default(KIND, puzzle, limit=2)
    assert report.count == 1 and report.exhaustive, record["id"]
    assert report.solutions == [answer_of(record)], record["id"]
