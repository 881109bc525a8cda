"""The three LITS input forms: round trips, the old applet URL, bad input, mutated input.

Every bad input must end in a one-line :class:`PuzzleError` that says where
(a line and column, a URL part or body position, a JSON field, or a cell);
mutated valid inputs must end in a puzzle or a PuzzleError, nothing else.
"""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest

from format_checks import (
    assert_mutations_end_cleanly,
    assert_one_line_error,
    assert_round_trips,
    edit,
    json_with,
    sources_in_every_form,
)
from pencilbox import formats
from pencilbox.codecs.puzzlink import split_url
from pencilbox.formats import load
from pencilbox.puzzles.lits import KIND, model, url
from pencilbox.puzzles.lits.boards import random_board
from pencilbox.registry import get
from test_lits_real import real_lits

# pzprjs's test board, and the same board in words.
PZPRJS_URL = "https://puzz.link/p?lits/4/4/9q02jg"
PZPRJS_TEXT = """\
lits 4x4
A A B B
A A B C
A B B C
C C C C
"""
OLD_URL = "http://indi.s58.xrea.com/lits/sa/q.html?/4/4/aabbaabcabbccccc"


RANDOM_BOARDS = (
    [random_board(random.Random(f"formats-{n}"), sides=(3, 9)) for n in range(100)]
    + [random_board(random.Random(f"formats-thin-{n}"), rows=2, cols=n) for n in range(3, 9)]
    + [
        # many regions: numbered labels in the text form
        random_board(random.Random(f"formats-big-{n}"), sides=(20, 40), smallest=4, largest=6)
        for n in range(3)
    ]
)


def test_random_boards_cover_the_interesting_cases() -> None:
    assert any(board.region_count > 52 for board in RANDOM_BOARDS)
    assert any(board.rows == 3 or board.cols == 3 for board in RANDOM_BOARDS)
    assert any(board.region_count == 1 for board in RANDOM_BOARDS)


def test_kind_is_registered() -> None:
    assert get("lits") is KIND
    assert get("LITS") is KIND


# -- round trips -----------------------------------------------------------------


@pytest.mark.parametrize("case", real_lits(), ids=lambda case: case.name)
def test_round_trips_for_every_real_puzzle(case: Any) -> None:
    assert_round_trips(KIND, load(case.url)[1])


@pytest.mark.parametrize("index", range(len(RANDOM_BOARDS)))
def test_round_trips_for_random_boards(index: int) -> None:
    assert_round_trips(KIND, RANDOM_BOARDS[index])


def test_url_decodes_to_the_board_in_words() -> None:
    assert load(PZPRJS_URL)[1] == model.parse_text(PZPRJS_TEXT)
    assert KIND.to_url(model.parse_text(PZPRJS_TEXT)) == PZPRJS_URL


def test_url_shapes_accepted() -> None:
    expected = load(PZPRJS_URL)[1]
    for address in (
        "lits/4/4/9q02jg",
        "https://pzprxs.vercel.app/p?lits/4/4/9q02jg",
        "http://pzv.jp/p.html?lits/4/4/9q02jg",
        "https://puzz.link/p?lits_edit/4/4/9q02jg",
        "  lits/4/4/9q02jg\n",
    ):
        assert load(address) == (KIND, expected), address


# -- the old applet form -------------------------------------------------------------


def test_old_applet_address_loads_anywhere_a_puzzle_is_accepted(data: Any) -> None:
    source = data("lits/pzprjs_old_url.json")
    kind, puzzle = formats.load(source["old_url"])
    assert kind.name == "lits"
    assert split_url(kind.to_url(puzzle)).body == split_url(source["expected_v3"]).body


def test_old_applet_url_re_encodes_to_the_v3_url(data: Any) -> None:
    source = data("lits/pzprjs_old_url.json")
    kind, puzzle = formats.load_url(source["old_url"])
    assert kind is KIND
    written = split_url(KIND.to_url(puzzle))
    expected = split_url(source["expected_v3"])
    assert (written.type, written.cols, written.rows, written.body) == (
        expected.type,
        expected.cols,
        expected.rows,
        expected.body,
    )
    assert puzzle == model.parse_text(PZPRJS_TEXT)


def test_old_body_is_read_after_the_type_too() -> None:
    """A body of one character per cell is the old form, also through ``load``."""
    assert load("lits/4/4/aabbaabcabbccccc")[1] == model.parse_text(PZPRJS_TEXT)
    # the characters only need to differ across a border
    assert load("lits/4/4/xxyyxxyzxyyzzzzz")[1] == model.parse_text(PZPRJS_TEXT)


def test_old_body_same_letter_apart_is_two_regions() -> None:
    # as in pzprjs, regions are what the borders cut out: each letter here
    # names two separate rooms of four
    puzzle = url.decode(8, 2, "aaaabbbbbbbbaaaa")
    assert puzzle.region_count == 4
    assert puzzle.regions == (0,) * 4 + (1,) * 4 + (2,) * 4 + (3,) * 4


BAD_OLD = [
    # a body of any other length than one character per cell is read as borders
    ("http://indi.s58.xrea.com/lits/sa/q.html?/4/4/aabbaabc", "character 7: unexpected 'bc'"),
    ("http://indi.s58.xrea.com/lits/sa/q.html?/4/4/aabbaa!cabbccccc", "character 7"),
    ("http://indi.s58.xrea.com/lits/sa/q.html?/0/4/", "URL part 'cols': 0 is out of range"),
    ("http://indi.s58.xrea.com/sudoku/sa/q.html?/4/4/aabbaabcabbccccc", "type 'sudoku'"),
    ("http://indi.s58.xrea.com/lits/sa/q.html?/4/4/aabbaabcabbcccca", "region 3"),
]


@pytest.mark.parametrize(("address", "message"), BAD_OLD)
def test_bad_old_url_is_located(address: str, message: str) -> None:
    assert_one_line_error(address, message, reader=formats.load_url)


def test_old_body_of_the_wrong_length_is_refused() -> None:
    """The old form's own reader wants one character per cell."""
    assert_one_line_error("aabbaabc", "URL body has 8 characters", partial(url.decode_old, 4, 4))


# -- the text format's documented features ---------------------------------------


def test_text_spaced_and_unspaced_tokens_agree() -> None:
    unspaced = PZPRJS_TEXT.replace("A A B B", "AABB").replace("C C C C", "CCCC")
    assert model.parse_text(unspaced) == model.parse_text(PZPRJS_TEXT)


def test_text_comments_blank_lines_and_times_sign() -> None:
    commented = "# pzprjs test board\n\n" + PZPRJS_TEXT.replace("lits 4x4", "LITS 4 × 4").replace(
        "A B B C\n", "A B B C\n\n   # a comment inside the map\n"
    )
    assert model.parse_text(commented) == model.parse_text(PZPRJS_TEXT)


def test_text_labels_may_be_words_and_numbers() -> None:
    puzzle = model.parse_text("lits 2x6\nred red red 10 10 10\nred red red 10 10 10\n")
    assert puzzle.regions == (0, 0, 0, 1, 1, 1) * 2


def test_text_many_regions_use_numbers() -> None:
    big = next(board for board in RANDOM_BOARDS if board.region_count > 52)
    text = KIND.format_text(big)
    assert text.splitlines()[1].split()[0] == "1"
    assert model.parse_text(text) == big


def test_render_draws_borders_and_shading() -> None:
    puzzle = model.parse_text(PZPRJS_TEXT)
    solution = [[1, 0, 1, 1], [1, 1, 1, 0], [1, 0, 1, 0], [1, 1, 1, 1]]
    picture = KIND.render(puzzle, solution).splitlines()
    assert picture[0] == "+---+---+---+---+"
    assert picture[1] == "| #     | #   # |"
    assert picture[-1] == "+---+---+---+---+"
    assert KIND.render(puzzle).count("#") == 0
    assert "." in KIND.render(puzzle, [[2, 0, 0, 0]] + [[0] * 4] * 3).splitlines()[1]


# -- bad input: every error names its place --------------------------------------


BAD_TEXT = [
    ("sudoku 4x4\nAABB\n", "line 1: unknown puzzle type 'sudoku'"),
    (edit(PZPRJS_TEXT, "4x4", "4by4"), "line 1: size '4by4' is not ROWSxCOLS"),
    (edit(PZPRJS_TEXT, "4x4", "4"), "line 1: size '4' is not ROWSxCOLS"),
    (edit(PZPRJS_TEXT, "4x4", "0x4"), "line 1: size 0x4 is out of range 1..100"),
    (edit(PZPRJS_TEXT, "4x4", "4x101"), "line 1: size 4x101 is out of range 1..100"),
    (edit(PZPRJS_TEXT, "4x4", "4x-4"), "line 1: size '4x-4' is not ROWSxCOLS"),
    ("lits 4x4\n", "line 2: missing the region map"),
    (edit(PZPRJS_TEXT, "A A B C\n", ""), "line 2: region map has 3 rows, expected 4"),
    (PZPRJS_TEXT + "CCCC\n", "line 2: region map has 5 rows, expected 4"),
    (edit(PZPRJS_TEXT, "A B B C", "A B B"), "line 4: region map row has 3 cells, expected 4"),
    (edit(PZPRJS_TEXT, "A B B C", "A B B C C"), "line 4: region map row has 5 cells"),
    (edit(PZPRJS_TEXT, "A B B C", "A B * C"), "line 4, column 3: region label '*' is not"),
    # a hole ('.') is in no region: here it cuts region 2 in two
    (edit(PZPRJS_TEXT, "A B B C", "A B . C"), "row 1, column 3: region 2 is split into pieces"),
    ("lits 2x5\nAAAAB\nAAABB\n", "row 1, column 5: region 2 has 3 cells"),
    (edit(PZPRJS_TEXT, "C C C C", "C C C D"), "row 2, column 4: region 3 is split"),
    (edit(PZPRJS_TEXT, "A A B B", "A A B A"), "row 1, column 1: region 1 is split into pieces"),
    ("lits 2x2\nAA\nAA\n", "row 1, column 1: region 1 is a 2x2 square"),
    ("lits 1x3\nAAA\n", "row 1, column 1: region 1 has 3 cells"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXT)
def test_bad_text_is_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


BAD_URLS = [
    ("lits/x/4/9q02jg", "URL part 'cols': 'x' is not a number"),
    ("lits/4", "URL part 'rows' is missing"),
    ("lits/101/4/9q02jg", "URL part 'cols': 101 is out of range 1..100"),
    ("lits/4/0/9q02jg", "URL part 'rows': 0 is out of range"),
    ("lits/4/4/", "URL body ends after 0 of 6 border characters"),
    ("lits/4/4/9q0", "URL body ends after 3 of 6 border characters"),
    ("lits/4/4/9q0Xjg", "URL body, character 4: 'X' in the border section is not a base-32"),
    ("lits/4/4/9q02jg0", "URL body, character 7: unexpected '0' after the borders"),
    ("lits/4/4/9q02jgabcdefghijk", "unexpected 'abcdefghijk' after the borders"),
    ("lits/4/4/aabbaabcabbccc!c", "URL body, character 15: '!' is not a room letter"),
    ("lits/2/2/00", "region 1 is a 2x2 square"),
    ("lits/3/1/0", "row 1, column 1: region 1 has 3 cells"),
    ("lits/4/4/vvvvvv", "row 1, column 1: region 1 has 1 cell;"),
]


@pytest.mark.parametrize(("address", "message"), BAD_URLS)
def test_bad_url_is_located(address: str, message: str) -> None:
    assert_one_line_error(address, message)


GOOD_JSON: dict[str, Any] = {
    "puzzle": "lits",
    "rows": 2,
    "cols": 3,
    "regions": [[0, 0, 0], [0, 0, 0]],
}


_json = partial(json_with, GOOD_JSON)


BAD_JSON = [
    ("[1, 2]", "JSON: a JSON puzzle must be an object"),
    ('{"puzzle": "lits", "rows": 2', "line 1, column 29: invalid JSON"),
    (_json(puzzle="litz"), "JSON field 'puzzle': unknown puzzle type 'litz'"),
    (_json(rows="2"), "JSON: 'rows' and 'cols' must be integers from 1 to 100"),
    (_json(cols=3.0), "JSON: 'rows' and 'cols' must be integers"),
    (_json(rows=True), "JSON: 'rows' and 'cols' must be integers"),
    (_json(rows=...), "JSON: 'rows' and 'cols' must be integers"),
    (_json(rows=101), "JSON: 'rows' and 'cols' must be integers from 1 to 100"),
    (_json(regions=...), "JSON: 'regions' must be a list of 2 rows"),
    (_json(regions="AAA/AAA"), "JSON: 'regions' must be a list of 2 rows"),
    (_json(regions=[[0, 0, 0]]), "JSON: 'regions' must be a list of 2 rows"),
    (_json(regions=[[0, 0, 0], [0, 0]]), "JSON: 'regions' row 2 must hold 3 numbers"),
    (_json(regions=[[0, 0, 0], 7]), "JSON: 'regions' row 2 must hold 3 numbers"),
    (_json(regions=[[0, "a", 0], [0, 0, 0]]), "JSON: 'regions' row 1, column 2 is not a region"),
    (_json(regions=[[0, 0, 0], [0, 0, None]]), "JSON: 'regions' row 2, column 3 is not a region"),
    (_json(regions=[[0, 0, 0], [0, 0, False]]), "JSON: 'regions' row 2, column 3 is not a region"),
    (_json(regions=[[0, 0, -2], [0, 0, 0]]), "JSON: 'regions' row 1, column 3 is not a region"),
    # -1 is a hole: here it leaves region 1 a 2x2 square
    (_json(regions=[[0, 0, -1], [0, 0, -1]]), "row 1, column 1: region 1 is a 2x2 square"),
    (_json(regions=[[0, 0, 1], [0, 0, 0]]), "row 1, column 3: region 2 has 1 cell;"),
    (
        _json(rows=2, cols=4, regions=[[0, 1, 1, 0], [0, 1, 1, 0]]),
        "row 1, column 1: region 1 is split into pieces",
    ),
    ('{"puzzle": "lits", "rows": NaN, "cols": 2}', "JSON: 'rows' and 'cols' must be integers"),
]


@pytest.mark.parametrize(("text", "message"), BAD_JSON)
def test_bad_json_is_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


def test_good_json_control_case_loads() -> None:
    kind, puzzle = load(_json())
    assert kind is KIND and puzzle.regions == (0,) * 6


def test_boards_up_to_100_by_100() -> None:
    """janko's largest LITS is 40x57; the forms accept up to 100 on a side."""
    stripes = [[r // 4 for _ in range(100)] for r in range(100)]
    obj = {"puzzle": "lits", "rows": 100, "cols": 100, "regions": stripes}
    _, puzzle = load(json.dumps(obj))
    assert puzzle.region_count == 25
    assert load(KIND.to_url(puzzle))[1] == puzzle
    assert load(KIND.format_text(puzzle))[1] == puzzle


# -- mutated input ----------------------------------------------------------------


def test_mutated_inputs_give_a_puzzle_or_a_puzzle_error() -> None:
    """Mutated text, URL and JSON forms of real and random boards end cleanly."""
    seeds = [load(PZPRJS_URL)[1], *RANDOM_BOARDS[:8]]
    sources = sources_in_every_form(KIND, seeds)
    sources.append("lits/4/4/aabbaabcabbccccc")
    assert_mutations_end_cleanly(sources, "lits-mutations", max_seconds=20)
