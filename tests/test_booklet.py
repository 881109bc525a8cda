"""``pencilbox booklet``: the PDF opened with pypdf, its pages counted and its captions read."""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pencilbox import registry
from pencilbox.cli import main

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("fpdf")


def _five_bank_records() -> list[dict[str, Any]]:
    """Two of one type's bank, two of another's, one of a third: every type drawn."""
    names = registry.names()
    picks = [(names[0], 0), (names[0], 1), (names[1], 0), (names[1], 4), (names[-1], 2)]
    return [registry.get(name).bank()[index] for name, index in picks]


def _label(record: dict[str, Any]) -> str:
    grade = record["grade"]
    return str(grade["label"] if isinstance(grade, dict) else grade)


def _pages_text(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def test_five_bank_puzzles_two_a_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = _five_bank_records()
    source = tmp_path / "five.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "book.pdf"
    assert main(["booklet", str(source), "--out", str(out), "--per-page", "2"]) == 0
    pages = _pages_text(out)
    assert len(pages) == 2 * math.ceil(5 / 2) == 6  # three pages of puzzles, three of answers
    assert "5 puzzles on 6 pages" in capsys.readouterr().err
    for index, record in enumerate(records):
        puzzle_page, answer_page = pages[index // 2], pages[3 + index // 2]
        assert record["id"] in puzzle_page and record["id"] in answer_page
        shown = registry.get(record["json"]["puzzle"]).display_name  # as people write it
        assert shown in puzzle_page and shown in answer_page
        assert f"{record['rows']}x{record['cols']}" in puzzle_page
        assert f"grade: {_label(record)}" in puzzle_page
    assert all("Answers" in page for page in pages[3:])
    assert not any("Answers" in page for page in pages[:3])


def test_suguru_digits_on_the_answer_page(tmp_path: Path) -> None:
    record = registry.get("suguru").bank()[0]
    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    assert main(["booklet", str(source), "--out", str(out), "--per-page", "1"]) == 0
    puzzle_page, answer_page = _pages_text(out)

    def digits(text: str) -> Counter[str]:
        return Counter(c for c in text if c.isdigit())

    size = f"{record['rows']}x{record['cols']}"
    givens = "".join(str(v) for row in record["json"]["givens"] for v in row if v)
    answer = "".join(str(v) for row in record["solution"] for v in row)
    # Every digit on a page is the board's, the caption's or the page number.
    assert digits(puzzle_page) == digits(givens + record["id"] + size + "1")
    assert digits(answer_page) == digits(answer + record["id"] + "2")


def test_bank_lines_and_generated_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = registry.names()[-1]
    assert main(["bank", name]) == 0
    bank_lines = capsys.readouterr().out.splitlines()[:3]
    assert (
        main(["generate", registry.names()[0], "--size", "5x5", "--seed", "7", "--count", "2"]) == 0
    )
    generated = capsys.readouterr().out.splitlines()
    source = tmp_path / "mixed.txt"
    source.write_text("\n".join(["# a comment", *bank_lines, "", *generated]) + "\n", "utf-8")
    out = tmp_path / "book.pdf"
    assert main(["booklet", str(source), "--out", str(out), "--per-page", "4"]) == 0
    pages = _pages_text(out)
    assert len(pages) == 4
    for line in bank_lines:
        words = line.split()
        assert words[0] in pages[0] and f"grade: {words[2]}" in pages[0]
    # Generated records carry no id: they are named by type and place in the booklet.
    first = registry.get(registry.names()[0]).display_name
    assert f"{first} 4" in pages[0] and f"{first} 5" in pages[1]
    for record in map(json.loads, generated):
        assert f"grade: {record['grade']['label']}" in pages[0] + pages[1]


def _write_lines(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _bad_solution() -> str:
    record = registry.get("lits").bank()[0]
    record["solution"][0] = [1 - v for v in record["solution"][0]]
    return json.dumps(record)


NOT_UNIQUE = json.dumps(
    {"puzzle": "suguru", "rows": 1, "cols": 2, "blocks": [[0, 0]], "givens": [[0, 0]]}
)


@pytest.mark.parametrize(
    ("lines", "extra", "words"),
    [
        (["{GOOD}", "{GOOD}", "{not json"], [], "line 3: invalid JSON"),
        (["{GOOD}", "[1, 2]"], [], "line 2: a record must be a JSON object"),
        (["{BAD}"], [], "line 1: the record's 'solution' is not an answer"),
        ([NOT_UNIQUE], [], "line 1: the puzzle has more than one solution"),
        (['{"id": "x"}'], [], "line 1: the record holds no puzzle"),
        (["just words"], [], "line 1: neither a JSON record nor a line ending in a puzzle URL"),
        (["# only a comment"], [], "no puzzle in the input"),
        (["{GOOD}"], ["--per-page", "13"], "--per-page must be 1..12"),
    ],
)
def test_bad_input_is_one_line_naming_the_line(
    lines: list[str],
    extra: list[str],
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = json.dumps(registry.get("suguru").bank()[0])
    filled = [good if x == "{GOOD}" else _bad_solution() if x == "{BAD}" else x for x in lines]
    source = _write_lines(tmp_path, filled)
    out = tmp_path / "book.pdf"
    assert main(["booklet", source, "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert words in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()


def test_missing_file_and_missing_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["booklet", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "b.pdf")]) == 2
    assert "no such file" in capsys.readouterr().err
    source = _write_lines(tmp_path, [json.dumps(registry.get("suguru").bank()[0])])
    monkeypatch.setitem(sys.modules, "fpdf", None)  # import fpdf now raises ImportError
    assert main(["booklet", source, "--out", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "fpdf2" in err and err.count("\n") == 1


def test_a_long_title_is_cut_to_one_caption_line(tmp_path: Path) -> None:
    record = registry.get("lits").bank()[0]
    record["id"] = "x" * 100
    source = _write_lines(tmp_path, [json.dumps(record)])
    out = tmp_path / "book.pdf"
    assert main(["booklet", source, "--out", str(out), "--per-page", "1"]) == 0
    puzzle_page = _pages_text(out)[0]
    assert "x" * 40 in puzzle_page and "x" * 41 not in puzzle_page
