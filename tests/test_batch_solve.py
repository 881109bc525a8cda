"""``pencilbox batch solve|grade``: JSON Lines, folders and datasets in; one line
per puzzle out, errors as lines, resume, and the summary."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pencilbox import formats, solving
from pencilbox.cli import main

DATA = Path(__file__).resolve().parent / "data"
SUGURU_JANKO = DATA / "suguru" / "janko_sample.json"  # 24 janko.at boards, each unique

SUGURU_URL = "https://puzz.link/p?suguru/5/5/2d1gu5tvm4r4j"
LITS_URL = "https://puzz.link/p?lits/4/4/9q02jg"
HETEROMINO_URL = "https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d"


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _by_id(path: Path) -> dict[str, dict[str, Any]]:
    return {line["id"]: line for line in _lines(path)}


def _mixed_input(tmp_path: Path) -> Path:
    """Three good puzzles in the three forms, and four lines that are not puzzles."""
    kind, lits = formats.load(LITS_URL)
    heteromino_text = formats.dump(*formats.load(HETEROMINO_URL), "text")
    rows = [
        json.dumps({"id": "s-url", "puzzle": SUGURU_URL}),
        json.dumps({"id": "l-json", "puzzle": kind.to_json(lits)}),
        json.dumps({"id": "h-text", "puzzle": heteromino_text}),
        "{not json",
        json.dumps({"id": "no-puzzle"}),
        json.dumps({"id": "bad-type", "puzzle": "sudoku 4x4\n...."}),
        "",
        json.dumps({"id": "bad-url", "puzzle": "https://puzz.link/p?suguru/5/5/"}),
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _summary_numbers(err: str) -> dict[str, int]:
    """The outcome counts of the summary line on stderr."""
    line = next(text for text in err.splitlines() if " puzzles" in text)
    found = re.findall(r"(\d+) (unique|many|none|unchecked|error)", line)
    return {name: int(count) for count, name in found}


def test_solve_writes_a_line_per_puzzle_and_errors_as_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    code = main(
        ["batch", "solve", str(_mixed_input(tmp_path)), "--out", str(out), "--workers", "1"]
    )
    assert code == 1  # some lines were no puzzles; every other line was still answered
    found = _by_id(out)
    assert set(found) == {
        "s-url",
        "l-json",
        "h-text",
        "line 4",
        "no-puzzle",
        "bad-type",
        "bad-url",
    }
    for key in ("s-url", "l-json", "h-text"):
        line = found[key]
        assert set(line) == {
            "id", "puzzle", "count", "unique", "exhaustive", "solution", "solved_by", "seconds"
        }  # fmt: skip
        assert line["count"] == 1 and line["unique"] and line["exhaustive"]
    # The answers are the ones ``pencilbox solve`` gives, and the checker accepts them.
    for key, url in (("s-url", SUGURU_URL), ("l-json", LITS_URL), ("h-text", HETEROMINO_URL)):
        kind, puzzle = formats.load(url)
        report = solving.solve(kind, puzzle)
        assert found[key]["solution"] == report.solutions[0]
        assert found[key]["solved_by"] == report.solved_by
        assert found[key]["puzzle"] == kind.name
        assert kind.check(puzzle, found[key]["solution"]) == []
    assert "not a JSON object" in found["line 4"]["error"]
    assert "'puzzle'" in found["no-puzzle"]["error"]
    assert "unknown puzzle type 'sudoku'" in found["bad-type"]["error"]
    assert set(found["bad-url"]) == {"id", "error"}
    err = capsys.readouterr().err
    assert _summary_numbers(err) == {"unique": 3, "many": 0, "none": 0, "unchecked": 0, "error": 4}
    assert "median" in err and "max" in err


def test_outcomes_tell_none_many_and_unchecked_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind, suguru = formats.load(SUGURU_URL)
    broken = kind.to_json(suguru)
    broken["givens"][0][0] = 1  # still a valid board, but its one answer has a 4 there
    many = "https://puzz.link/p?lits/6/6/lldoa4043q6c"  # 3 answers (tests/data/lits/misc_urls)
    rows = [{"id": "one", "puzzle": SUGURU_URL}, {"id": "none", "puzzle": broken}]
    rows.append({"id": "many", "puzzle": many})
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["batch", "solve", str(path), "--out", str(out), "--workers", "1"]) == 0
    found = _by_id(out)
    assert (found["none"]["count"], found["none"]["solution"]) == (0, None)
    assert (found["many"]["count"], found["many"]["exhaustive"]) == (2, False)  # --limit 2
    counts = {"unique": 1, "many": 1, "none": 1, "unchecked": 0, "error": 0}
    assert _summary_numbers(capsys.readouterr().err) == counts
    # Counting stops at the first answer: whether it is the only one stays open.
    argv = ["batch", "solve", str(path), "--out", str(out), "--limit", "1", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["outcomes"] == {"unique": 0, "many": 0, "none": 1, "unchecked": 2, "error": 0}


def test_grade_lines_carry_the_grade_of_pencilbox_grade(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    main(["batch", "grade", str(_mixed_input(tmp_path)), "--out", str(out), "--workers", "2"])
    found = _by_id(out)
    for key, url in (("s-url", SUGURU_URL), ("l-json", LITS_URL), ("h-text", HETEROMINO_URL)):
        kind, puzzle = formats.load(url)
        grade = solving.grade(kind, puzzle)
        line = found[key]
        assert line["grade"] == grade.as_json()
        assert (line["count"], line["unique"]) == (grade.count, grade.unique)
        assert "solution" not in line and "solved_by" not in line
    assert sum("error" in line for line in found.values()) == 4


def test_a_folder_of_files_is_read_with_the_file_names_as_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.txt").write_text(SUGURU_URL + "\n", encoding="utf-8")
    kind, puzzle = formats.load(LITS_URL)
    (folder / "b.json").write_text(json.dumps(kind.to_json(puzzle)), encoding="utf-8")
    (folder / "c.txt").write_text("nothing like a puzzle", encoding="utf-8")
    (folder / "d.bin").write_bytes(b"\xff\xfe\x00")
    (folder / ".hidden").write_text(SUGURU_URL, encoding="utf-8")
    (folder / "sub").mkdir()
    code = main(["batch", "solve", str(folder), "--workers", "1"])
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert sorted(line["id"] for line in lines) == ["a.txt", "b.json", "c.txt", "d.bin"]
    found = {line["id"]: line for line in lines}
    assert found["a.txt"]["puzzle"] == "suguru" and found["a.txt"]["unique"]
    assert found["b.json"]["puzzle"] == "lits" and found["b.json"]["count"] == 1
    assert "error" in found["c.txt"] and "UTF-8" in found["d.bin"]["error"]


def test_a_dataset_gives_the_published_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    code = main(["batch", "solve", str(SUGURU_JANKO), "--out", str(out), "--json"])
    assert code == 0
    records = json.loads(SUGURU_JANKO.read_text(encoding="utf-8"))["puzzles"]
    found = _by_id(out)
    assert set(found) == {record["id"] for record in records}
    for record in records:
        published = [[int(digit) for digit in row.split()] for row in record["solution_verbatim"]]
        assert found[record["id"]]["solution"] == published
        assert found[record["id"]]["unique"] and found[record["id"]]["exhaustive"]
    summary = json.loads(capsys.readouterr().out)
    assert summary["puzzles"] == len(records) == 24
    assert summary["outcomes"] == {"unique": 24, "many": 0, "none": 0, "unchecked": 0, "error": 0}
    seconds = sorted(line["seconds"] for line in found.values())
    assert summary["max_seconds"] == seconds[-1]
    assert summary["median_seconds"] == round((seconds[11] + seconds[12]) / 2, 4)


def test_a_dataset_record_without_a_board_is_an_error_line(tmp_path: Path) -> None:
    dataset = tmp_path / "set.json"
    records = [{"id": "one", "puzzlink_url_derived": SUGURU_URL}, {"id": "two", "rows": 5}, 7]
    dataset.write_text(json.dumps(records), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["batch", "grade", str(dataset), "--out", str(out), "--workers", "1"]) == 1
    found = _by_id(out)
    assert found["one"]["unique"]
    assert "missing the 'puzzle' field" in found["two"]["error"]
    assert "record 2 is not an object" in found["2"]["error"]


def test_resume_skips_finished_ids_and_drops_a_cut_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    argv = ["batch", "solve", str(SUGURU_JANKO), "--out", str(out), "--workers", "1"]
    assert main(argv) == 0
    complete = _by_id(out)
    capsys.readouterr()
    # A run killed after three puzzles, the fourth line half written; and a line
    # of some other input, which is kept and counts for nothing here.
    kept = out.read_text(encoding="utf-8").splitlines(keepends=True)[:4]
    other = json.dumps({"id": "elsewhere", "count": 1}) + "\n"
    out.write_text("".join(kept[:3]) + other + kept[3][:20], encoding="utf-8")
    assert main([*argv, "--resume"]) == 0
    lines = _lines(out)
    assert len(lines) == 25 and {line["id"] for line in lines} == {*complete, "elsewhere"}
    assert [line["id"] for line in lines[:3]] == [json.loads(text)["id"] for text in kept[:3]]
    for line in lines[4:]:
        assert line["solution"] == complete[line["id"]]["solution"]
    assert "(3 already done)" in capsys.readouterr().err
    # Nothing left to do: no new line, and the summary says so.
    assert main([*argv, "--resume", "--json"]) == 0
    assert len(_lines(out)) == 25
    summary = json.loads(capsys.readouterr().out)
    assert summary["puzzles"] == 0 and summary["skipped"] == 24


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["batch", "solve", "{data}", "--resume"], "--resume needs --out"),
        (["batch", "solve", "{data}", "--json"], "--json prints the summary"),
        (["batch", "grade", "{data}", "--engine", "sat", "--out", "x"], "apply to batch solve"),
        (["batch", "solve", "/no/such/file.jsonl"], "no such file or folder"),
        (["batch", "solve", "{data}", "--executor", "nowhere"], "unknown --executor"),
        (["batch", "solve", "{data}", "--executor", "dask://host"], "needs a host and port"),
    ],
)
def test_bad_requests_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [arg.replace("{data}", str(SUGURU_JANKO)) for arg in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_broken_dataset_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "set.json"
    broken.write_text('[{"id": 1}, ', encoding="utf-8")
    assert main(["batch", "solve", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid JSON" in err and "set.json:1" in err


def test_dataset_boards_without_a_url_are_read_from_their_fields(tmp_path: Path) -> None:
    """janko's LITS with holes have no URL form: the records' own fields are read."""
    source = DATA / "janko" / "lits_holes_sample.json"
    records = json.loads(source.read_text(encoding="utf-8"))["puzzles"]
    out = tmp_path / "out.jsonl"
    assert main(["batch", "solve", str(source), "--out", str(out), "--workers", "1"]) == 0
    found = _by_id(out)
    assert set(found) == {r["id"] for r in records}
    assert all(line["unique"] for line in found.values())
