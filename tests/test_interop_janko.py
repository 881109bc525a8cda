"""janko.at boards as the public datasets store them (``tests/data/janko/``, see
its README): every sample loads, as a record and as a janko text file, and its
solution is the puzzle's unique solution."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pencilbox import cli, formats, registry, solving
from pencilbox.errors import PuzzleError
from pencilbox.fuzzing import fuzz_sources

DATA = Path(__file__).parent / "data" / "janko"


def records(name: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))["puzzles"]
    return found


SAMPLES = [
    pytest.param(kind, record, id=f"{kind}-{record['id']}")
    for kind, name in (("lits", "lits_sample.json"), ("suguru", "suguru_sample.json"))
    for record in records(name)
]


def problem_lines(record: dict[str, Any]) -> list[str]:
    lines: list[str] = record.get("problem_verbatim") or record["regions_verbatim"]
    return lines


@pytest.mark.parametrize(("name", "record"), SAMPLES)
def test_every_sample_loads_and_its_solution_is_the_unique_one(
    name: str, record: dict[str, Any]
) -> None:
    loaded = formats.read_object(record)
    assert loaded.kind is registry.get(name)
    assert (loaded.puzzle.rows, loaded.puzzle.cols) == (record["rows"], record["cols"])
    assert loaded.meta.source == record["janko_url"]
    report = solving.solve(loaded.kind, loaded.puzzle, limit=2)
    assert report.count == 1
    assert report.solutions == [loaded.answer]
    assert loaded.kind.check(loaded.puzzle, loaded.answer) == []


@pytest.mark.parametrize(("name", "record"), SAMPLES[::6])
def test_the_dataset_text_and_a_janko_file_read_alike(name: str, record: dict[str, Any]) -> None:
    size = f"{record['rows']} {record['cols']}"
    raw = {
        "puzzle": name,
        "problem": "\n".join([size, *problem_lines(record)]),
        "solution": "\n".join(record["solution_verbatim"]),
    }
    text = "\n".join(
        [f"# source: {record['janko_url']}", f"janko {name}", size, *problem_lines(record)]
        + ["solution", *record["solution_verbatim"]]
    )
    by_record = formats.read_object(record)
    assert formats.read_object(raw).puzzle == by_record.puzzle
    assert formats.read_object(raw).answer == by_record.answer
    assert formats.read(text) == by_record


def test_the_url_folder_names_the_type_and_the_puzzle_field_wins() -> None:
    record = records("suguru_sample.json")[0]
    assert formats.read_object(record).kind.name == "suguru"
    unnamed = {key: value for key, value in record.items() if key != "janko_url"}
    with pytest.raises(PuzzleError, match="needs a 'puzzle' field or a janko_url"):
        formats.read_object(unnamed)
    assert formats.read_object(unnamed | {"puzzle": "tectonic"}).kind.name == "suguru"


def test_a_lits_board_may_keep_a_grid_of_empty_clues() -> None:
    record = records("lits_sample.json")[0]
    blank = [" ".join("-" * record["cols"])] * record["rows"]
    text = "\n".join(["janko lits", "6 7", *blank, *record["regions_verbatim"]])
    assert formats.read(text).puzzle == formats.read_object(record).puzzle


def test_a_heteromino_board_reads_with_its_pieces() -> None:
    kind = registry.get("heteromino")
    record = kind.bank()[0]
    puzzle = kind.from_json(record["json"])
    cols = puzzle.cols
    cells = ["@" if black else "-" for black in puzzle.black]
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" * 9
    pieces = [letters[v] if v else "@" for row in record["solution"] for v in row]
    lines = ["janko heteromino", f"{puzzle.rows} {cols}"]
    lines += [" ".join(cells[r * cols : (r + 1) * cols]) for r in range(puzzle.rows)]
    lines += ["solution"] + [
        " ".join(pieces[r * cols : (r + 1) * cols]) for r in range(puzzle.rows)
    ]
    loaded = formats.read("\n".join(lines) + "\n")
    assert loaded.puzzle == puzzle
    assert loaded.answer == record["solution"]


@pytest.mark.parametrize("record", records("lits_holes_sample.json"), ids=lambda r: r["id"])
def test_lits_boards_with_holes_load_and_solve_to_the_janko_answer(
    record: dict[str, Any],
) -> None:
    holes = [
        r * int(record["cols"]) + c
        for r, line in enumerate(record["regions_verbatim"])
        for c, token in enumerate(line.split())
        if token == "@"
    ]
    loaded = formats.read_object(record)
    assert loaded.kind is registry.get("lits")
    assert sorted(loaded.puzzle.holes) == holes
    report = solving.solve(loaded.kind, loaded.puzzle, limit=2)
    assert report.count == 1 and report.exhaustive
    assert report.solutions == [loaded.answer]
    assert all(
        loaded.answer[cell // loaded.puzzle.cols][cell % loaded.puzzle.cols] == 0 for cell in holes
    )


BAD = [
    ("janko lits\n", "a janko board starts with a 'rows cols' line"),
    ("janko\n2 2\n", "line 1: the first line must be 'janko TYPE'"),
    ("janko nosuch\n1 1\n1\n", "unknown puzzle type"),
    ("janko lits\n2 x\n", "line 2: '2 x' is not a 'rows cols' line"),
    ("janko lits\n0 4\n", "line 2: size 0x4 is out of range 1..100"),
    ("janko lits\n1 4\n1 1 1\n", "line 3: a row has 3 entries, expected 4"),
    ("janko lits\n2 4\n1 1 1 1\n", "grids of 2 lines; found 1"),
    ("janko lits\n1 4\n1 1 1 q\n", "line 3: row 1, column 4: region id 'q' is not a number"),
    ("janko lits\n1 4\n- 3 - -\n1 1 1 1\n", "line 3: row 1, column 2: LITS has no clue '3'"),
    ("janko lits\n1 4\n1 1 1 1\nsolution\nL L L\n", "line 5: a row has 3 entries"),
    ("janko lits\n1 4\n1 1 1 1\nsolution\nL L L 7\n", "solution entry '7' is not a tetromino"),
    ("janko suguru\n1 2\n1 1\n", "a Suguru board has 2 grids (givens, blocks), not 1"),
    ("janko suguru\n1 2\n- x\n1 1\n", "line 3: row 1, column 2: 'x' is not a number or '-'"),
    ("janko heteromino\n1 3\n- - 1\n", "line 3: row 1, column 3: '1' is not '-' (white) or '@'"),
    ('{"janko_url": "x", "problem": 3}', "needs a 'puzzle' field or a janko_url"),
    ('{"puzzle": "lits", "problem": 3}', "JSON: 'problem' must be a text or a list of row"),
    ('{"puzzle": "lits", "regions_verbatim": ["1 1 1 1"]}', "needs 'rows' and 'cols' fields"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_janko_input_gets_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        formats.read(text)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message


def test_check_reads_a_records_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = records("suguru_sample.json")[0]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert cli.main(["check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wrong"] == 0
    assert cli.main(["convert", str(path), "--to", "text"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"# source: {record['janko_url']}\nsuguru 6x6\n")
    assert formats.read(text).puzzle == formats.read_object(record).puzzle


def janko_text(name: str, record: dict[str, Any]) -> str:
    lines = [f"janko {name}", f"{record['rows']} {record['cols']}", *problem_lines(record)]
    return "\n".join([*lines, "solution", *record["solution_verbatim"]]) + "\n"


def test_mutated_boards_parse_or_fail_in_one_line() -> None:
    """janko texts and records, mutated by the fuzzer: each must read and
    round-trip, or fail with a one-line PuzzleError."""
    small = [(name, record) for name, record in (p.values for p in SAMPLES)][::4]
    sources = [janko_text(name, record) for name, record in small]
    sources += [json.dumps(record) for _, record in small]
    sources += [json.dumps(records("lits_holes_sample.json")[0])]
    report = fuzz_sources(sources, 2000, "janko")
    assert not report.failures, report.summary()
    assert report.parsed > 100 and report.rejected > 500, report.to_json()["doors"]
