"""The three Heteromino input forms: round trips, documented text features, bad input.

Every bad input must end in a one-line :class:`PuzzleError` that says where
(a line and column, a URL part or body position, a JSON field); mutated valid
inputs must end in a puzzle or a PuzzleError, nothing else.
"""

from __future__ import annotations

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
from pencilbox.errors import PuzzleError
from pencilbox.formats import load
from pencilbox.puzzles.heteromino import KIND, model, url
from pencilbox.puzzles.heteromino.boards import random_board
from pencilbox.puzzles.heteromino.model import Heteromino
from pencilbox.registry import get

RULES_URL = "https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d"
RULES_TEXT = """\
heteromino 5x5
....#
..#.#
..#..
##...
#....
"""


def test_registered() -> None:
    assert get("heteromino") is KIND
    assert get("Heteromino") is KIND


# -- round trips ----------------------------------------------------------------

RANDOM_BOARDS = [random_board(random.Random(f"formats-{n}"), max_side=9) for n in range(120)] + [
    # long white runs (more than 26 cells: 'z' then more), all black, all white
    random_board(random.Random("formats-big-0"), 30, 30, black_count=0),
    random_board(random.Random("formats-big-1"), 30, 30, black_count=3),
    random_board(random.Random("formats-big-2"), 1, 3, black_count=0),
    random_board(random.Random("formats-big-3"), 2, 2, black_count=4),
    random_board(random.Random("formats-big-4"), 30, 29, black_count=300),
]


@pytest.mark.parametrize("index", range(len(RANDOM_BOARDS)))
def test_round_trips_for_random_boards(index: int) -> None:
    assert_round_trips(KIND, RANDOM_BOARDS[index])


def test_random_boards_cover_the_interesting_cases() -> None:
    bodies = [url.encode_body(board) for board in RANDOM_BOARDS]
    assert any("z" in body for body in bodies)
    assert any(body and body[-1] == "7" for body in bodies)
    assert any(body and body[0] == "7" for body in bodies)
    assert any(board.white_count == 0 for board in RANDOM_BOARDS)
    assert max(board.rows for board in RANDOM_BOARDS) == 30


def test_rules_example_in_every_form() -> None:
    from_url = load(RULES_URL)[1]
    assert from_url == model.parse_text(RULES_TEXT)
    assert from_url.white_count == 18
    assert KIND.to_url(from_url) == RULES_URL
    assert KIND.to_json(from_url) == {
        "puzzle": "heteromino",
        "rows": 5,
        "cols": 5,
        "black": [
            [0, 0, 0, 0, 1],
            [0, 0, 1, 0, 1],
            [0, 0, 1, 0, 0],
            [1, 1, 0, 0, 0],
            [1, 0, 0, 0, 0],
        ],
    }
    assert KIND.format_text(from_url) == RULES_TEXT


def test_url_runs() -> None:
    row_of_30 = Heteromino(1, 30, (False,) * 30)
    assert url.encode_body(row_of_30) == "zd"  # 26 + 4
    assert url.decode(30, 1, "zd") == row_of_30
    exactly_26 = Heteromino(2, 13, (False,) * 26)
    assert url.encode_body(exactly_26) == "z"
    assert url.encode_body(Heteromino(1, 3, (True, True, True))) == "777"


def test_url_shapes_accepted() -> None:
    body = "d7b7a7b7b77c7d"
    expected = load(RULES_URL)[1]
    for address in (
        f"https://puzz.link/p?heteromino/5/5/{body}",
        f"http://pzv.jp/p.html?heteromino/5/5/{body}",
        f"heteromino/5/5/{body}",
        f"  heteromino/5/5/{body}\n",
        f"https://puzz.link/p?heteromino_edit/5/5/{body}",
    ):
        kind, puzzle = load(address)
        assert (kind, puzzle) == (KIND, expected), address


def test_final_run_may_overshoot() -> None:
    """As in pzprjs's run codes, a last run reaching past the board is read as
    reaching its end."""
    assert load("heteromino/5/5/d7b7a7b7b77c7z")[1] == load(RULES_URL)[1]


# -- the text format's documented features -------------------------------------------


def test_text_spaces_comments_and_blank_lines() -> None:
    spaced = "# the rules example\n\n# from puzz.link\n" + RULES_TEXT.replace(
        "..#.#", ". . # . #"
    ).replace("##...", "\n##...\n")
    assert model.parse_text(spaced) == model.parse_text(RULES_TEXT)


def test_text_rows_may_start_with_black() -> None:
    """After the header a '#' line is a row, not a comment."""
    puzzle = model.parse_text("heteromino 2x3\n#..\n##.\n")
    assert puzzle.black == (True, False, False, True, True, False)


def test_text_header_variants() -> None:
    for header in ("heteromino 5x5", "HETEROMINO 5 x 5", "heteromino 5×5"):
        assert model.parse_text(RULES_TEXT.replace("heteromino 5x5", header)) == (
            model.parse_text(RULES_TEXT)
        )


def test_thirty_by_thirty() -> None:
    board = RANDOM_BOARDS[-5]
    assert (board.rows, board.cols) == (30, 30)
    assert KIND.parse_text(KIND.format_text(board)) == board


# -- bad input: every error names its place -------------------------------------------


BAD_TEXT = [
    (edit(RULES_TEXT, "....#", "...##"), "lines 2-6: 17 white cells cannot be cut"),
    (edit(RULES_TEXT, "#....", "#..."), "line 6: row has 4 cells, expected 5"),
    (edit(RULES_TEXT, "..#..", "..#..."), "line 4: row has 6 cells, expected 5"),
    (edit(RULES_TEXT, "..#.#", "..x.#"), "line 3, column 3: 'x' is not a cell"),
    (edit(RULES_TEXT, "..#.#", ". . * . #"), "line 3, column 5: '*' is not a cell"),
    (edit(RULES_TEXT, "..#.#", "..é.#"), "line 3, column 3: 'é' is not a cell"),
    (edit(RULES_TEXT, "#....\n", ""), "line 1: board has 4 rows, expected 5"),
    (RULES_TEXT + "....#\n", "line 7: board has 6 rows, expected 5"),
    (edit(RULES_TEXT, "5x5", "5by5"), "line 1: size '5by5' is not ROWSxCOLS"),
    (edit(RULES_TEXT, "5x5", "0x5"), "line 1: size 0x5 is out of range"),
    (edit(RULES_TEXT, "5x5", "5x101"), "line 1: size 5x101 is out of range"),
    (edit(RULES_TEXT, "5x5", "5x²"), "line 1: size '5x²' is not ROWSxCOLS"),
    (edit(RULES_TEXT, "5x5", ""), "line 1: size '' is not ROWSxCOLS"),
    ("# only a comment\n", "input holds only comments"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXT)
def test_bad_text_is_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


def test_parse_text_alone_reports_a_wrong_type() -> None:
    with pytest.raises(PuzzleError, match="line 2: first line must be 'heteromino"):
        model.parse_text("\nsuguru 5x5\n")


BAD_URLS = [
    ("heteromino/5/5/d7b7a7b7b77c7", "URL body ends after 21 of 25 cells"),
    ("heteromino/5/5/", "URL body ends after 0 of 25 cells"),
    ("heteromino/5/5/d7b7a7b7b77c7d7", "URL body, character 15: unexpected '7'"),
    ("heteromino/5/5/d7b7a7b8b77c7d", "URL body, character 8: '8' is not a cell code"),
    ("heteromino/5/5/d7b7a7b7B77c7d", "URL body, character 9: 'B' is not a cell code"),
    ("heteromino/5/5/d7b7a7b7b77c7c7", "URL body: 17 white cells cannot be cut"),
    ("heteromino/5/x/d7b7a7b7b77c7d", "URL part 'rows': 'x' is not a number"),
    ("heteromino/5", "URL part 'rows' is missing"),
    ("heteromino/200/5/z", "URL part 'cols': 200 is out of range 1..100"),
    ("heteromino/5/0/d", "URL part 'rows': 0 is out of range"),
    ("https://puzz.link/p?heteromin/5/5/d", "URL part 'type': unknown puzzle type"),
]


@pytest.mark.parametrize(("text", "message"), BAD_URLS)
def test_bad_urls_are_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


GOOD_JSON: dict[str, Any] = {
    "puzzle": "heteromino",
    "rows": 2,
    "cols": 3,
    "black": [[1, 1, 1], [0, 0, 0]],
}


_json = partial(json_with, GOOD_JSON)


BAD_JSON = [
    ("{", "line 1, column 2: invalid JSON"),
    ('["heteromino"]', "JSON: a JSON puzzle must be an object"),
    (_json(puzzle="heteromin"), "JSON field 'puzzle': unknown puzzle type"),
    (_json(rows=0), "JSON: 'rows' and 'cols' must be integers from 1 to 100"),
    (_json(rows=True), "JSON: 'rows' and 'cols' must be integers"),
    (_json(cols="3"), "JSON: 'rows' and 'cols' must be integers"),
    (_json(cols=...), "JSON: 'rows' and 'cols' must be integers"),
    (_json(black=...), "JSON field 'black': must be a list of 2 rows"),
    (_json(black=[[1, 0, 0]]), "JSON field 'black': must be a list of 2 rows"),
    (_json(black=[[1, 0, 0], [0, 0]]), "JSON field 'black': row 2 must hold 3 cells"),
    (_json(black=[[1, 0, 0], "000"]), "JSON field 'black': row 2 must hold 3 cells"),
    (_json(black=[[1, 0, 2], [0, 0, 0]]), "row 1, column 3 must be 0 (white) or 1 (black)"),
    (_json(black=[[1, 0, "#"], [0, 0, 0]]), "row 1, column 3 must be 0 (white) or 1"),
    (_json(black=[[1, 0, 0.0], [0, 0, 0]]), "row 1, column 3 must be 0 (white) or 1"),
    (_json(black=[[1, 0, None], [0, 0, 0]]), "row 1, column 3 must be 0 (white) or 1"),
    (_json(black=[[1, 1, 0], [0, 0, 0]]), "JSON field 'black': 4 white cells cannot be cut"),
]


@pytest.mark.parametrize(("text", "message"), BAD_JSON)
def test_bad_json_is_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


def test_good_json_control_cases_load() -> None:
    assert load(_json())[1].black == (True, True, True, False, False, False)
    assert load(_json(black=[[0, 0, 0], [0, 0, 0]]))[1].white_count == 6
    assert load(_json(black=[[True, True, True], [0, 0, 0]]))[1] == load(_json())[1]


# -- mutated input ----------------------------------------------------------------------


def test_mutated_inputs_give_a_puzzle_or_a_puzzle_error() -> None:
    """Mutated text, URL and JSON forms of real and random boards end cleanly."""
    seeds = [load(RULES_URL)[1], *RANDOM_BOARDS[:8]]
    sources = sources_in_every_form(KIND, seeds)
    assert_mutations_end_cleanly(sources, "heteromino-mutations", max_seconds=20)
