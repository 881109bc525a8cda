"""pzprv3 files (pzprjs's save format): every pzprjs test file of each type reads,
its answer is judged as pzprjs judges it, and every bank puzzle round-trips.

The files are pzprjs's own test script data (``tests/data/pzprjs/``, see its
README): each ``failcheck`` pair names the failcode pzprjs's checker gives
the file's answer, and the package's ``PZPR_FAILCODES`` names our checker's
rule for it.
"""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from pencilbox import cli, formats, registry, solving
from pencilbox.codecs import pzprv3
from pencilbox.codecs.metadata import Metadata
from pencilbox.errors import PuzzleError
from pencilbox.fuzzing import fuzz_sources
from pencilbox.kind import PuzzleKind, Rows

DATA = Path(__file__).parent / "data" / "pzprjs"
TYPES = ("lits", "suguru", "heteromino")


def script(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


FAILCHECKS = [
    pytest.param(name, code, text, id=f"{name}-{index}-{code}")
    for name in TYPES
    for index, (code, text) in enumerate(script(name)["failcheck"])
]


def read(text: str) -> tuple[PuzzleKind[Any], Any, Rows | None]:
    """The face's own reading of a file (the answer kept even when blank)."""
    file = pzprv3.parse(text)
    kind = registry.get(file.type)
    puzzle, answer = kind.from_pzprv3(file)
    return kind, puzzle, answer


def as_checked(kind: PuzzleKind[Any], answer: Rows) -> Rows:
    """The answer as the checker reads a grid: a LITS dot (2, "not shaded") is 0."""
    if kind.name == "lits":
        return [[1 if value == 1 else 0 for value in row] for row in answer]
    return answer


@pytest.mark.parametrize(("name", "code", "text"), FAILCHECKS)
def test_the_checker_judges_every_pzprjs_answer_as_pzprjs_does(
    name: str, code: str | None, text: str
) -> None:
    kind, puzzle, answer = read(text)
    assert kind.name == name
    assert answer is not None
    broken = {violation.rule for violation in kind.check(puzzle, as_checked(kind, answer))}
    if code is None:
        assert broken == set()
        report = solving.solve(kind, puzzle, limit=2)
        assert report.count == 1
        assert report.solutions[0] == as_checked(kind, answer)
    else:
        table = importlib.import_module(f"{kind.package}.pzprv3").PZPR_FAILCODES
        assert table[code] in broken


def test_every_failcode_of_the_scripts_has_a_rule() -> None:
    for name in TYPES:
        table = importlib.import_module(f"{registry.get(name).package}.pzprv3").PZPR_FAILCODES
        codes = {code for code, _ in script(name)["failcheck"] if code}
        assert codes <= set(table), name


def written_by_pzprjs() -> list[str]:
    """pzprjs's files that we write back byte for byte: no ``-1`` marks (we keep none),
    in the layout pzprjs writes today (LITS's failcheck files are the older one)."""
    found = []
    for name in TYPES:
        data = script(name)
        found += [i["result"] for i in data["inputs"] if "result" in i]
        if name != "lits":
            found += [text for _, text in data["failcheck"] if " -1 " not in text]
    return found


@pytest.mark.parametrize("text", written_by_pzprjs())
def test_files_are_written_as_pzprjs_writes_them(text: str) -> None:
    kind, puzzle, answer = read(text)
    assert pzprv3.dumps(kind.to_pzprv3(puzzle, answer), slash=True) == text


def test_written_by_pzprjs_covers_each_type() -> None:
    counts = {name: sum(f"/{name}/" in text for text in written_by_pzprjs()) for name in TYPES}
    assert counts == {"lits": 2, "suguru": 4, "heteromino": 5}


def test_both_lits_layouts_read_the_board_the_url_gives() -> None:
    lits = registry.get("lits")
    expected = lits.from_url(4, 4, script("lits")["url"].split("/")[-1])
    old = read(script("lits")["failcheck"][0][1])[1]  # pzprv3: a room id per cell
    new = read(pzprv3.dumps(lits.to_pzprv3(expected)))[1]  # pzprv3.1: region borders
    assert old == expected == new
    assert pzprv3.dumps(lits.to_pzprv3(expected)).startswith("pzprv3.1\nlits\n4\n4\n")


def test_a_heteromino_answer_is_the_pieces_its_borders_enclose() -> None:
    text = script("heteromino")["inputs"][1]["result"]  # one border drawn, on a 2x3 board
    _, _, answer = read(text)
    assert answer == [[0, 0, 1], [0, 2, 1]]


def test_the_newline_and_slash_spellings_read_alike() -> None:
    for _, text in script("suguru")["failcheck"]:
        lines = text.rstrip("/").replace("/", "\n") + "\n"
        assert formats.read(lines) == formats.read(text)


def test_a_blank_answer_is_no_answer() -> None:
    for name in TYPES:
        kind = registry.get(name)
        puzzle = kind.from_json(kind.bank()[0]["json"])
        assert formats.read(formats.dump(kind, puzzle, "pzprv3")).answer is None


@pytest.mark.parametrize("name", TYPES)
def test_every_bank_puzzle_round_trips_with_its_solution(name: str) -> None:
    kind = registry.get(name)
    meta = Metadata("Ann Setter", "https://example.org/a/b", "first line\nsecond: line")
    for record in kind.bank():
        puzzle = kind.from_json(record["json"])
        text = formats.dump(kind, puzzle, "pzprv3", meta=meta, answer=record["solution"])
        loaded = formats.read(text)
        assert (loaded.kind, loaded.puzzle) == (kind, puzzle), record["id"]
        assert loaded.answer == record["solution"], record["id"]
        assert loaded.meta == meta
        bare = formats.read(formats.dump(kind, puzzle, "pzprv3"))
        assert (bare.puzzle, bare.answer, bare.meta) == (puzzle, None, Metadata())


def test_the_info_line_is_read_in_either_spelling() -> None:
    text = script("suguru")["failcheck"][3][1]
    info = 'info:{"author":"A/B","source":"https://x.org/p?1","comment":"two\\nlines","hard":"3"}'
    slash = formats.read(text + info + "/")
    lines = formats.read(text.rstrip("/").replace("/", "\n") + "\n" + info + "\n")
    assert slash.meta == lines.meta == Metadata("A/B", "https://x.org/p?1", "two\nlines")
    assert slash.puzzle == lines.puzzle


def test_a_history_trailer_is_skipped() -> None:
    text = script("lits")["failcheck"][7][1]
    with_history = formats.read(text + 'history:{"type":"pzpr","version":0.3}/')
    assert with_history == formats.read(text)


BAD = [
    ("pzprv3.x/lits/4/4/", "pzprv3 line 1: header 'pzprv3.x' is not pzprv3 or pzprv3.N"),
    ("pzprv3/lits/4/", "a pzprv3 file starts with 4 lines"),
    ("pzprv3/nosuch/4/4/", "pzprv3 line 2: unknown puzzle type"),
    ("pzprv3/lits/four/4/", "pzprv3 line 3: rows 'four' is not a number"),
    ("pzprv3/lits/4/0/", "pzprv3 line 4: columns 0 is out of range 1..100"),
    ("pzprv3.1/lits/4/4/0 1 0 /", "pzprv3 line 5: the file ends inside the region borders"),
    (
        "pzprv3.1/lits/2/4/0 0 0 /0 0 /0 0 0 0 /",
        "pzprv3 line 6: a line of the region borders has 2",
    ),
    (
        "pzprv3.1/lits/2/4/0 0 0 /0 0 0 /0 0 0 0 /# # x . /. . . . /",
        "pzprv3 line 8, entry 3: 'x' is not",
    ),
    ("pzprv3/lits/1/4/1/0 0 0 a /", "pzprv3 line 6, entry 4: room id 'a' is not a number"),
    (
        "pzprv3.1/lits/1/4/0 0 0 /. . . . /. . . . /",
        "pzprv3 line 7: unexpected line after the lits board",
    ),
    ("pzprv3/suguru/1/2/0 /1 x /. . /", "pzprv3 line 6, entry 2: 'x' is not a digit or '.'"),
    ("pzprv3/heteromino/1/3/. . o /", "pzprv3 line 5, entry 3: 'o' is not one of . *"),
    ("pzprv3/heteromino/1/2/. . /", "2 white cells cannot be cut into trominoes"),
    ("pzprv3/suguru/1/1/. /info:{oops/", "pzprv3 line 6: the info line is not JSON"),
    ('pzprv3/suguru/1/1/. /info:{"author": 3}/', "pzprv3 line 6: 'author' must be a string"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_files_get_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        formats.read(text)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message


def test_a_type_without_a_pzprv3_form_says_so() -> None:
    kind = registry.get("suguru")
    puzzle = kind.parse_text("suguru 1x2\nAA\n")
    with pytest.raises(PuzzleError, match="^no pzprv3 form for suguru$"):
        PuzzleKind.to_pzprv3(kind, puzzle)  # the face's default, which a new type inherits
    with pytest.raises(PuzzleError, match="^no janko form for suguru$"):
        PuzzleKind.from_janko(kind, None)  # type: ignore[arg-type]


def test_removed_suguru_cells_have_no_pzprv3_form() -> None:
    suguru = registry.get("suguru")
    puzzle = suguru.parse_text("suguru 1x2\nA .\n")
    with pytest.raises(PuzzleError, match="removed cells has no pzprv3 form"):
        formats.dump(suguru, puzzle, "pzprv3")


# -- the command line ---------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_convert_keeps_the_answer_and_check_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = script("suguru")["failcheck"][2]  # ceNoNum: right so far, 8 cells empty
    assert code == "ceNoNum"
    path = write(tmp_path, "wrong.txt", text)
    assert cli.main(["convert", path, "--to", "pzprv3"]) == 0
    written = capsys.readouterr().out
    assert formats.read(written) == formats.read(text)
    again = write(tmp_path, "again.pzpr", written)
    assert cli.main(["check", again, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["wrong"] == 0
    assert cli.main(["convert", again, "--to", "json"]) == 0
    as_json = json.loads(capsys.readouterr().out)
    assert as_json["answer"] == formats.read(text).answer


def test_check_counts_the_wrong_entries_of_a_pzprv3_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, text = script("suguru")["failcheck"][0]  # bkDupNum: digits against the solution
    kind, puzzle, answer = read(text)
    assert answer is not None
    solution = solving.solve(kind, puzzle, limit=2).solutions[0]
    wrong = sum(
        v != s
        for row, sol in zip(answer, solution, strict=True)
        for v, s in zip(row, sol, strict=True)
        if v
    )
    puzzle_file = write(tmp_path, "board.txt", formats.dump(kind, puzzle, "text"))
    position = write(tmp_path, "position.txt", text)
    assert cli.main(["check", puzzle_file, "--position", position, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wrong"] == wrong
    assert cli.main(["check", position, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wrong"] == wrong
    assert wrong > 0


def test_check_without_an_answer_says_what_to_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "board.txt", "suguru 1x2\nAA\n")
    assert cli.main(["check", path]) != 0
    err = capsys.readouterr().err.strip()
    assert err.endswith("holds no answer to check; give --position FILE")
    assert "\n" not in err


@pytest.mark.parametrize(
    "text",
    [
        "lits 4x1\nA\nA\nA\nA\n",
        "lits 1x4\nAAAA\n",
        "suguru 1x1\nA\n\n.\n",
        "heteromino 3x1\n.\n.\n.\n",
    ],
)
def test_one_row_and_one_column_boards_round_trip(text: str) -> None:
    # Found by the fuzzer: a board with no border between columns has no such lines.
    kind, puzzle = formats.load(text)
    written = formats.dump(kind, puzzle, "pzprv3")
    assert "\n\n" not in written
    assert formats.read(written) == formats.Loaded(kind, puzzle)
    assert formats.read(pzprv3.dumps(kind.to_pzprv3(puzzle), slash=True)).puzzle == puzzle


def test_mutated_files_parse_or_fail_in_one_line() -> None:
    """pzprjs's files, in both spellings and with metadata, mutated by the fuzzer:
    each must read and round-trip, or fail with a one-line PuzzleError."""
    sources = [text for _, _, text in (p.values for p in FAILCHECKS)]
    sources += [text.rstrip("/").replace("/", "\n") + '\ninfo:{"author":"A"}\n' for text in sources]
    report = fuzz_sources(sources, 2000, "pzprv3")
    assert not report.failures, report.summary()
    assert report.parsed > 100 and report.rejected > 500, report.to_json()["doors"]


def test_a_pzprv3_position_may_come_from_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, text = script("lits")["failcheck"][0]  # cs2x2: one of its shaded cells is wrong
    kind, puzzle, _ = read(text)
    board = write(tmp_path, "board.txt", formats.dump(kind, puzzle, "text"))
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert cli.main(["check", board, "--position", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wrong"] == 1
    other = write(tmp_path, "other.txt", text)  # a board of another type than stdin's
    monkeypatch.setattr("sys.stdin", io.StringIO(script("suguru")["failcheck"][0][1]))
    assert cli.main(["check", other, "--position", "-"]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "pencilbox: error: stdin: the position file holds another puzzle"
    )


def test_an_info_object_may_span_lines_after_a_history() -> None:
    text = script("suguru")["failcheck"][3][1].rstrip("/").replace("/", "\n")
    trailer = 'history:{"type":"pzpr"}\ninfo:{\n "author": "Ann",\n "comment": "x"\n}\n'
    assert formats.read(text + "\n" + trailer).meta == Metadata(author="Ann", comment="x")


def test_hint_starts_from_the_files_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, text = script("suguru")["failcheck"][0]  # bkDupNum: holds wrong digits
    kind, puzzle, answer = read(text)
    expected = solving.hint(kind, puzzle, answer).as_json(kind, puzzle)
    assert expected["status"] == "mistake"
    assert cli.main(["hint", write(tmp_path, "saved.txt", text), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["status"], found["mistakes"]) == (expected["status"], expected["mistakes"])
