"""Fillomino's forms beside text and JSON: the puzz.link URL (number16 givens,
as pzprjs writes them), pzprv3 files (givens, numbers, the player's borders)
and janko boards; and what ``formats.load`` makes of each. Also the drawing,
the editor's draft problems and the clue hooks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from pencilbox import formats, registry
from pencilbox.codecs import janko, pzprv3
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.fillomino import KIND
from pencilbox.puzzles.fillomino.draft import draft_problems
from pencilbox.puzzles.fillomino.model import Fillomino, build, parse_text, to_json

PZPRJS_BODY = "h4j53g2k5233k2g14j3h"
PZPRJS_BOARD = parse_text("fillomino 6x6\n..4...\n.53.2.\n....52\n33....\n.2.14.\n...3..")


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``formats.load`` finds the type through the registry: list it if it is not yet."""
    if "fillomino" not in registry.names():
        monkeypatch.setattr(registry, "_TYPES", (*registry.names(), "fillomino"))
    yield


def one_line_error(call: Callable[..., object], *args: object) -> str:
    with pytest.raises(PuzzleError) as caught:
        call(*args)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# -- the URL ------------------------------------------------------------------------------


def test_the_pzprjs_board_reads_from_its_url_and_writes_it_back() -> None:
    puzzle = KIND.from_url(6, 6, PZPRJS_BODY)
    assert puzzle == PZPRJS_BOARD
    assert KIND.to_url(puzzle) == f"https://puzz.link/p?fillomino/6/6/{PZPRJS_BODY}"


def test_large_givens_are_written_as_pzprjs_writes_them() -> None:
    """Past 15 a given takes ``-`` and two hex digits, past 255 ``+`` and three;
    a run of empty cells is one letter g..z (1..20 cells), z repeated past 20."""
    givens = [0] * (20 * 20)
    givens[0], givens[1], givens[2], givens[3], givens[-1] = 16, 255, 256, 400, 15
    puzzle = build(20, 20, givens)
    body = "-10-ff+100+190" + "z" * 19 + "u" + "f"  # 395 empty cells: 19 runs of 20, then 15
    assert KIND.to_url(puzzle) == f"https://puzz.link/p?fillomino/20/20/{body}"
    assert KIND.from_url(20, 20, body) == puzzle


def test_the_largest_url_number_round_trips_and_a_larger_one_has_no_url() -> None:
    givens = [0] * (65 * 65)
    givens[7] = 4095
    puzzle = build(65, 65, givens)
    assert KIND.from_url(65, 65, KIND.to_url(puzzle).rsplit("/", 1)[1]) == puzzle
    givens[7] = 4096
    message = one_line_error(KIND.to_url, build(65, 65, givens))
    assert "4096" in message and "row 1, column 8" in message


def test_a_question_mark_reads_as_no_given() -> None:
    assert KIND.from_url(2, 2, ".g2.") == build(2, 2, [0, 0, 2, 0])


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("0i", "given 0 is not a region size"),
        ("5i", "not a region size of a 2x2 board"),
        ("j%", "unexpected '%'"),
        ("i", "ends after 3 of 4 cells"),
        ("j80", "given borders"),
        ("j0", "unexpected '0'"),
    ],
)
def test_bad_bodies_are_refused_in_one_line(body: str, words: str) -> None:
    message = one_line_error(KIND.from_url, 2, 2, body)
    assert words in message and "URL" in message


def test_a_border_part_drawing_nothing_is_read_past() -> None:
    """pzprjs writes the given borders only when a line is drawn; all empty they say nothing."""
    assert KIND.from_url(2, 2, "j00") == build(2, 2, [0] * 4)


# -- pzprv3 ---------------------------------------------------------------------------------


def test_a_file_round_trips_with_and_without_an_answer() -> None:
    puzzle = PZPRJS_BOARD
    answer = [list(row) for row in KIND.brute_count(puzzle, 1)[1][0]]
    for kept in (answer, None):
        text = pzprv3.dumps(KIND.to_pzprv3(puzzle, kept))
        again, read = KIND.from_pzprv3(pzprv3.parse(text))
        assert again == puzzle
        expected = kept or [[given for given in puzzle.givens[r * 6 : r * 6 + 6]] for r in range(6)]
        assert read == expected


def test_a_written_file_is_laid_out_as_pzprjs_lays_it_out() -> None:
    puzzle = parse_text("fillomino 2x3\n2..\n..3")
    text = pzprv3.dumps(KIND.to_pzprv3(puzzle, [[2, 2, 3], [1, 3, 3]]), slash=True)
    assert text == ("pzprv3/fillomino/2/3/2 . . /. . 3 /. 2 3 /1 3 . /0 0 /0 0 /0 0 0 /")


def test_pencil_marks_and_question_marks_read_as_blanks() -> None:
    text = "pzprv3/fillomino/1/3/- 2 . /[1,,,]. . 1 /0 0 /"
    puzzle, answer = KIND.from_pzprv3(pzprv3.parse(text))
    assert puzzle == build(1, 3, [0, 2, 0]) and answer == [[0, 2, 1]]


def test_a_region_closed_by_borders_gives_its_size_to_its_blanks() -> None:
    """A 1x4: a border after the second cell closes two stretches of two; the one
    numbered 2 once is filled, the one with no number stays empty."""
    text = "pzprv3/fillomino/1/4/. . . . /2 . . . /0 1 0 /"
    assert KIND.from_pzprv3(pzprv3.parse(text))[1] == [[2, 2, 0, 0]]
    # a stretch whose number is not its size is left as entered
    text = "pzprv3/fillomino/1/4/. . . . /3 . . . /0 1 0 /"
    assert KIND.from_pzprv3(pzprv3.parse(text))[1] == [[3, 0, 0, 0]]
    # with no border the board is one stretch, closed by nothing
    text = "pzprv3/fillomino/1/4/. . . . /4 . . . /0 0 0 /"
    assert KIND.from_pzprv3(pzprv3.parse(text))[1] == [[4, 0, 0, 0]]
    # a cross (-1) is no border; 2 (a border with a cross) is one
    text = "pzprv3/fillomino/1/4/. . . . /2 . . . /-1 2 0 /"
    assert KIND.from_pzprv3(pzprv3.parse(text))[1] == [[2, 2, 0, 0]]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pzprv3/fillomino/1/3/t/1 . . /. . . /0 0 /", "flag 't'"),
        ("pzprv3/fillomino/1/3/1 x . /", "'x' is not a number"),
        ("pzprv3/fillomino/1/3/1 . /", "has 2 entries, expected 3"),
        ("pzprv3/fillomino/1/3/4 . . /", "not a region size"),
        ("pzprv3/fillomino/1/3/. . . /. . . /0 0 /0 0 /", "unexpected line"),
        ("pzprv3/fillomino/1/3/. . . /. . . /0 3 /", "'3' is not one of"),
    ],
)
def test_bad_files_are_refused_in_one_line(text: str, words: str) -> None:
    message = one_line_error(KIND.from_pzprv3, pzprv3.parse(text))
    assert words in message and "pzprv3" in message


# -- janko ------------------------------------------------------------------------------------


def test_a_janko_text_reads_with_its_solution() -> None:
    text = "janko fillomino\n2 3\n2 - -\n- - 3\nsolution\n2 2 3\n1 3 3\n"
    puzzle, answer = KIND.from_janko(janko.parse_text(text))
    assert puzzle == parse_text("fillomino 2x3\n2..\n..3")
    assert answer == [[2, 2, 3], [1, 3, 3]]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("janko fillomino\n1 2\n1 x\n", "'x' is not a number or '-'"),
        ("janko fillomino\n1 2\n1 -\n- -\n", "1 grid (the givens), not 2"),
        ("janko fillomino\n1 2\n3 -\n", "not a region size"),
        ("janko fillomino\n1 2\n- -\nsolution\n2 ?\n", "janko solution, cell 2"),
    ],
)
def test_bad_janko_boards_are_refused_in_one_line(text: str, words: str) -> None:
    message = one_line_error(lambda: KIND.from_janko(janko.parse_text(text)))
    assert words in message


# -- through formats.load ------------------------------------------------------------------------


@pytest.mark.usefixtures("registered")
def test_every_form_loads_through_formats() -> None:
    puzzle = PZPRJS_BOARD
    answer = [list(row) for row in KIND.brute_count(puzzle, 1)[1][0]]
    for form in ("text", "url", "json", "pzprv3"):
        loaded = formats.read(formats.dump(KIND, puzzle, form, answer=answer))
        assert loaded.kind is KIND and loaded.puzzle == puzzle, form
        if form in ("json", "pzprv3"):
            assert loaded.answer == answer, form
    blank = formats.read(formats.dump(KIND, puzzle, "pzprv3"))
    assert blank.answer is None
    loaded = formats.read("janko fillomino\n1 3\n- 2 -\nsolution\n1 2 2\n")
    assert loaded.puzzle == build(1, 3, [0, 2, 0]) and loaded.answer == [[1, 2, 2]]


@pytest.mark.usefixtures("registered")
def test_a_dataset_record_loads_as_json() -> None:
    record = {
        "janko_url": "https://www.janko.at/Raetsel/Fillomino/013.a.htm",
        "rows": 1,
        "cols": 3,
        "givens_verbatim": ["- 2 -"],
        "solution_verbatim": ["1 2 2"],
    }
    loaded = formats.read(json.dumps(record))
    assert loaded.kind is KIND and loaded.puzzle == build(1, 3, [0, 2, 0])
    assert loaded.answer == [[1, 2, 2]]


# -- drawing, draft, clues -----------------------------------------------------------------------


def test_the_drawing_joins_equal_numbers_and_bolds_the_givens() -> None:
    puzzle = parse_text("fillomino 2x3\n2..\n..3")
    plain = KIND.drawing(puzzle)
    assert {cell.region for cell in plain.cells} == {0}  # a plain grid: nothing known
    assert [(c.text, c.given) for c in plain.cells][:2] == [("2", True), ("", False)]
    drawn = KIND.drawing(puzzle, [[2, 2, 3], [1, 3, 0]])
    regions = [cell.region for cell in drawn.cells]
    assert regions[0] == regions[1] and regions[2] == regions[4] == regions[5]
    assert len({regions[0], regions[2], regions[3]}) == 3
    assert drawn.cells[5].text == "3" and drawn.cells[5].given  # the given shows on its cell
    assert drawn.cells[4].text == "3" and not drawn.cells[4].given
    borders = [edge for edge in drawn.edges() if edge.style == "border"]
    assert len(borders) == 14  # the 10 edges of the board's rim and 4 inner ones


def test_draft_problems_name_givens_too_large_for_the_board() -> None:
    obj = KIND.to_json(parse_text("fillomino 2x2\n1.\n.."))
    assert KIND.draft_problems(obj) == []
    obj["givens"] = [[1, 5], [0, 9]]
    problems = KIND.draft_problems(obj)
    assert [(p.rule, p.cells) for p in problems] == [
        ("given-too-big", (1,)),
        ("given-too-big", (3,)),
    ]
    obj["givens"] = [[1, "x"], [0, 0]]
    one_line_error(KIND.draft_problems, obj)


def test_clues_are_added_where_they_fit_and_dropped() -> None:
    puzzle = parse_text("fillomino 2x2\n1.\n..")
    assert KIND.with_clue(puzzle, 3, 3) == parse_text("fillomino 2x2\n1.\n.3")
    assert KIND.with_clue(puzzle, 1, 1) is None  # two 1s side by side
    assert KIND.with_clue(puzzle, 1, 5) is None  # no region of five cells fits
    assert KIND.with_clue(puzzle, 4, 1) is None
    assert KIND.with_clue(parse_text("fillomino 1x3\n2.."), 1, 2) == build(1, 3, [2, 2, 0])
    assert KIND.with_clue(parse_text("fillomino 1x3\n22."), 2, 2) is None
    assert KIND.without_clue(puzzle, 0) == build(2, 2, [0] * 4)
    assert KIND.clue_cells(puzzle) == (0,)


def test_a_board_is_its_own_type() -> None:
    assert isinstance(PZPRJS_BOARD, Fillomino)


@pytest.mark.parametrize(
    "text",
    ["fillomino 1x2\n1 1", "fillomino 2x2\n2 2\n2 .", "fillomino 1x4\n3 3 3 3"],
)
def test_touching_equal_givens_too_many_for_their_number_are_refused(text: str) -> None:
    """They would make one region larger than its number: the reader says so in
    one line, and the editor's draft problems light every cell of the group."""
    with pytest.raises(PuzzleError, match="make a region of more than") as error:
        parse_text(text)
    assert "\n" not in str(error.value)
    puzzle = Fillomino(*_size(text), tuple(_givens(text)))
    problems = draft_problems(to_json(puzzle))
    assert [p.rule for p in problems] == ["givens-clash"]
    assert sorted(problems[0].cells) == [c for c, g in enumerate(puzzle.givens) if g]


def _size(text: str) -> tuple[int, int]:
    rows, cols = text.splitlines()[0].split()[1].split("x")
    return int(rows), int(cols)


def _givens(text: str) -> list[int]:
    return [0 if t == "." else int(t) for line in text.splitlines()[1:] for t in line.split()]
