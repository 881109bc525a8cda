"""The three Suguru input forms: round trips, documented text features, bad input.

Every bad input must end in a one-line :class:`PuzzleError` that says where
(a line and column, a URL part or body position, a JSON field, or a cell);
mutated valid inputs must end in a puzzle or a PuzzleError, nothing else.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any

import pytest

from format_checks import (
    assert_mutations_end_cleanly,
    assert_one_line_error,
    assert_round_trips,
    edit,
    json_with,
    sources_in_every_form,
)
from pencilbox.codecs.puzzlink import (
    NO_NUMBER,
    QUESTION,
    BodyReader,
    Borders,
    borders_of_labels,
    decode_borders,
    decode_number16,
    encode_borders,
    encode_number16,
    labels_of_borders,
    split_url,
)
from pencilbox.errors import PuzzleError
from pencilbox.formats import load
from pencilbox.puzzles.suguru import model
from pencilbox.puzzles.suguru.model import REMOVED, Suguru
from pencilbox.registry import get

if TYPE_CHECKING:
    from conftest import RealSuguru

SUGURU = get("suguru")

# The 5x5 from the pzprjs test script, with its blocks and givens spelled out.
PZPRJS_URL = "https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2g"
PZPRJS_TEXT = """\
suguru 5x5
AABCC
AADDD
ADDEE
FFFEE
FFGGG

3 . . . .
. . . 3 .
5 . . . .
. . . . .
. 1 . 2 .
"""


# -- random boards -------------------------------------------------------------


def random_board(rng: random.Random, max_side: int = 9, max_block: int = 7) -> Suguru:
    """A valid (not necessarily solvable) board: random blocks, holes and givens."""
    rows, cols = rng.randint(1, max_side), rng.randint(1, max_side)
    count = rows * cols
    blocks = [REMOVED if rng.random() < 0.08 else -2 for _ in range(count)]
    label = 0
    for start in rng.sample(range(count), count):
        if blocks[start] != -2:
            continue
        target, members = rng.randint(1, max_block), [start]
        blocks[start] = label
        while len(members) < target:
            frontier = [
                other
                for cell in members
                for other in _orthogonal(rows, cols, cell)
                if blocks[other] == -2
            ]
            if not frontier:
                break
            chosen = rng.choice(frontier)
            blocks[chosen] = label
            members.append(chosen)
        label += 1
    sizes = {b: blocks.count(b) for b in set(blocks) if b != REMOVED}
    givens = [0] * count
    for cell in rng.sample(range(count), count // 3):
        if blocks[cell] == REMOVED:
            continue
        digit = rng.randint(1, sizes[blocks[cell]])
        clash = any(
            givens[other] == digit
            for other in range(count)
            if blocks[other] == blocks[cell] or _touch(cols, cell, other)
        )
        if not clash:
            givens[cell] = digit
    return model.build(rows, cols, blocks, givens)


def _orthogonal(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [r * cols + c for r, c in steps if 0 <= r < rows and 0 <= c < cols]


def _touch(cols: int, a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


RANDOM_BOARDS = [random_board(random.Random(f"formats-{n}")) for n in range(150)] + [
    # large blocks (digits 16..20 take pzprjs's '-xx' form) and many blocks (spaced labels)
    random_board(random.Random(f"formats-big-{n}"), max_side=30, max_block=n)
    for n in (1, 2, 20)
]


def test_random_boards_cover_the_interesting_cases() -> None:
    assert any(REMOVED in board.blocks for board in RANDOM_BOARDS)
    assert any(board.block_count > 52 for board in RANDOM_BOARDS)
    assert any(max(board.givens) >= 16 for board in RANDOM_BOARDS)
    assert any(board.rows == 1 or board.cols == 1 for board in RANDOM_BOARDS)


# -- round trips -----------------------------------------------------------------


def test_round_trips_for_every_real_puzzle(real_suguru: RealSuguru) -> None:
    assert_round_trips(SUGURU, load(real_suguru.url)[1])


@pytest.mark.parametrize("index", range(len(RANDOM_BOARDS)))
def test_round_trips_for_random_boards(index: int) -> None:
    assert_round_trips(SUGURU, RANDOM_BOARDS[index])


# -- the shared puzz.link codecs ---------------------------------------------------


def test_number16_codes() -> None:
    numbers = [1, NO_NUMBER, 15, 16, 255, 256, 4095, QUESTION, 0] + [NO_NUMBER] * 21 + [7]
    body = encode_number16(numbers)
    assert body == "1gf-10-ff+100+fff.0zg7"
    assert decode_number16(BodyReader(body), len(numbers)) == numbers
    assert encode_number16([NO_NUMBER] * 20) == "z"
    assert encode_number16([NO_NUMBER] * 16 + [3]) == "v3"


def test_number16_run_may_overshoot_the_board_but_not_stop_short() -> None:
    assert decode_number16(BodyReader("2z"), 3) == [2, NO_NUMBER, NO_NUMBER]
    with pytest.raises(PuzzleError, match="ends after 2 of 4 cells"):
        decode_number16(BodyReader("2g"), 4)


def test_border_bits_are_row_major_and_padded_per_section() -> None:
    # 3 columns x 2 rows: 4 vertical borders, 3 horizontal ones
    borders = Borders((True, False, False, True), (False, True, False))
    assert encode_borders(borders) == "i8"  # 1001(0) = 18 = 'i'; 010(00) = 8 = '8'
    assert decode_borders(BodyReader("i8"), 3, 2) == borders


def test_labels_follow_borders_and_skip_outside_cells() -> None:
    # 3x2: a border right of (0,0) and below (0,1); cell 5 outside
    borders = Borders((True, False, False, False), (False, True, False))
    labels = labels_of_borders(3, 2, borders, [False] * 5 + [True])
    assert labels == [0, 1, 1, 0, 0, -1]
    assert borders_of_labels(3, 2, labels) == borders


def test_url_shapes_accepted() -> None:
    body = "cih47bs73m3g5p1g2g"
    expected = load(PZPRJS_URL)[1]
    for url in (
        f"https://puzz.link/p?suguru/5/5/{body}",
        f"https://pzprxs.vercel.app/p?suguru/5/5/{body}",
        f"http://pzv.jp/p.html?suguru/5/5/{body}",
        f"suguru/5/5/{body}",
        f"  suguru/5/5/{body}\n\n",
        f"https://puzz.link/p?suguru_edit/5/5/{body}",
        f"https://puzz.link/p?suguru/c/5/5/{body}",
        f"https://puzz.link/p?tectonic/5/5/{body}",
    ):
        kind, puzzle = load(url)
        assert (kind, puzzle) == (SUGURU, expected), url
    assert split_url(f"suguru/c/5/5/{body}").flag == "c"


def test_url_decodes_to_the_board_in_words() -> None:
    assert load(PZPRJS_URL)[1] == model.parse_text(PZPRJS_TEXT)


def test_question_mark_reads_as_blank() -> None:
    plain = load(PZPRJS_URL)[1]
    assert plain.givens[0] == 3
    assert load("suguru/5/5/cih47bs7.m3g5p1g2g")[1] == plain.with_givens((0, *plain.givens[1:]))


# -- the text format's documented features ---------------------------------------


def test_text_spaced_and_unspaced_tokens_agree() -> None:
    spaced = PZPRJS_TEXT.replace("AABCC", "A A B C C").replace("3 . . . .", "3 - 0 . .")
    unspaced = PZPRJS_TEXT.replace(". . . 3 .", "...3.").replace("5 . . . .", "5....")
    assert model.parse_text(spaced) == model.parse_text(unspaced) == model.parse_text(PZPRJS_TEXT)


def test_text_comments_and_blank_lines_are_skipped() -> None:
    commented = (
        "# from the pzprjs tests\n\n"
        + PZPRJS_TEXT.replace("DEEBB\n", "DEEBB\n  # a comment inside the block map\n")
        + "# trailing comment\n"
    )
    assert model.parse_text(commented) == model.parse_text(PZPRJS_TEXT)


def test_text_without_givens_section() -> None:
    bare = PZPRJS_TEXT.split("\n\n")[0] + "\n"
    puzzle = model.parse_text(bare)
    assert puzzle.given_count == 0
    assert puzzle.blocks == model.parse_text(PZPRJS_TEXT).blocks


def test_text_labels_may_be_words_and_numbers() -> None:
    words = "suguru 2x3\nred red 10\nblue red 10\n"
    assert model.parse_text(words).blocks == (0, 0, 1, 2, 0, 1)


def test_text_removed_cells() -> None:
    puzzle = model.parse_text("suguru 2x3\nAA.\n.BB\n\n1 . .\n. . 2\n")
    assert puzzle.blocks == (0, 0, REMOVED, REMOVED, 1, 1)
    assert puzzle.givens == (1, 0, 0, 0, 0, 2)
    assert SUGURU.format_text(puzzle).splitlines()[1:3] == ["A A .", ". B B"]
    # cells 3 and 4 of 6 are empty: 00110 -> 6, 0(0000) -> 0
    assert SUGURU.to_url(puzzle).endswith("60")


# -- bad input: every error names its place --------------------------------------

ABIGAIL = """\
suguru 5x5
AAAAB
CCCDB
CCDDD
EEEDF
GGGGG

. . . . .
. . 4 . .
. . . . .
. . . . .
4 . . . .
"""


BAD_TEXT = [
    ("sudoku 5x5\nAB\n", "line 1: unknown puzzle type 'sudoku'"),
    ("# note\n\nsudoku 5x5\nAB\n", "line 3: unknown puzzle type"),
    (edit(ABIGAIL, "5x5", "5by5"), "line 1: size '5by5' is not ROWSxCOLS"),
    (edit(ABIGAIL, "5x5", "0x5"), "line 1: size 0x5 is out of range"),
    (edit(ABIGAIL, "5x5", "5"), "line 1: size '5' is not ROWSxCOLS"),
    (edit(ABIGAIL, "CCCDB", "CCCD"), "line 3: block map row has 4 cells, expected 5"),
    (edit(ABIGAIL, "CCCDB\n", ""), "line 2: block map has 4 rows, expected 5"),
    (edit(ABIGAIL, ". . 4 . .", ". . 4 ."), "line 9: givens row has 4 cells, expected 5"),
    (edit(ABIGAIL, ". . 4 . .\n", ""), "line 8: givens has 4 rows, expected 5"),
    (edit(ABIGAIL, "\n4 . . . .", "\n4 . . . .\n\nA"), "line 14: unexpected third section"),
    ("suguru 5x5\n\n", "line 2: missing the block map"),
    (edit(ABIGAIL, "CCDDD", "CC*DD"), "line 4, column 3: block label '*' is not a letter"),
    (edit(ABIGAIL, ". . 4 . .", ". . x . ."), "line 9, column 3: given 'x' is not a number"),
    (edit(ABIGAIL, ". . 4 . .", ". . ² . ."), "line 9, column 3: given '²' is not a number"),
    (
        edit(ABIGAIL, ". . 4 . .", ". . 9 . ."),
        "row 2, column 3: given 9 does not fit its block of 5",
    ),
    (
        edit(ABIGAIL, ". . 4 . .", ". . 4 . 3"),
        "row 2, column 5: given 3 does not fit its block of 2",
    ),
    (edit(ABIGAIL, "4 . . . .", "4 . . 4 ."), "row 5, column 1: block 7 holds 4 twice"),
    (
        edit(ABIGAIL, ". . . . .\n. . . . .\n4", ". . . 4 .\n. . . . .\n4"),
        "two 4s touch at r2c3 and r3c4",
    ),
    (edit(ABIGAIL, "AAAAB", "AAABA"), "row 1, column 1: block is split into pieces"),
    (
        edit(edit(ABIGAIL, "AAAAB", "AAA.B"), ". . . . .", ". . . 1 ."),
        "row 1, column 4: a removed cell cannot hold a digit",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXT)
def test_bad_text_is_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


BODY = "cih47bs73m3g5p1g2g"
BAD_URLS = [
    (f"https://puzz.link/p?sudoku/5/5/{BODY}", "URL part 'type': unknown puzzle type 'sudoku'"),
    (f"https://puzz.link/p?/5/5/{BODY}", "URL part 'type' is empty"),
    (f"https://puzz.link/suguru/5/5/{BODY}", "URL has no '?'"),
    (f"suguru/x/5/{BODY}", "URL part 'cols': 'x' is not a number"),
    (f"suguru/5/-5/{BODY}", "URL part 'rows': '-5' is not a number"),
    ("suguru/5", "URL part 'rows' is missing"),
    ("https://puzz.link/p?suguru", "URL part 'cols' is missing"),
    (f"suguru/0/5/{BODY}", "URL part 'cols': 0 is out of range"),
    (f"suguru/101/5/{BODY}", "URL part 'cols': 101 is out of range 1..100"),
    (f"suguru/5/99999999999/{BODY}", "URL part 'rows': 99999999999 is out of range"),
    ("suguru/5/5/", "URL body ends after 0 of 8 border characters"),
    ("suguru/5/5/cih", "URL body ends after 3 of 8 border characters"),
    ("suguru/5/5/cih47bs7", "URL body ends after 0 of 25 cells of numbers"),
    ("suguru/5/5/cih47bs73m3g5", "URL body ends after 11 of 25 cells of numbers"),
    (
        "suguru/5/5/cih4Wbs73m3g5p1g2g",
        "URL body, character 5: 'W' in the border section is not a base-32 digit",
    ),
    ("suguru/5/5/cih47bs73m3g5p1g2G", "URL body, character 18: 'G' is not a number code"),
    ("suguru/5/5/cih47bs7-3x", "URL body, character 9: '-' must be followed by 2 hex digits"),
    ("suguru/5/5/cih47bs7+3", "URL body, character 9: '+' must be followed by 3 hex digits"),
    (f"suguru/5/5/{BODY}00", "URL body ends after 2 of 5 empty-cell characters"),
    (f"suguru/5/5/{BODY}!0000", "URL body, character 19: '!' in the empty-cell section is not"),
    (
        f"suguru/5/5/{BODY}000001",
        "URL body, character 24: unexpected '1' after the empty-cell mask",
    ),
    ("suguru/5/5/cih47bs70m3g5p1g2g", "row 1, column 1: given 0 is not a Suguru digit"),
    ("suguru/5/5/cih47bs79m3g5p1g2g", "row 1, column 1: given 9 does not fit its block of 5 cells"),
    ("suguru/5/5/cih47bs73m3g5p12g2", "row 5, column 3: block 7 holds 2 twice"),
    ("suguru/5/5/cih47bs73m3g5p1g2gg0000", "row 1, column 1: a removed cell cannot hold a digit"),
]


@pytest.mark.parametrize(("url", "message"), BAD_URLS)
def test_bad_url_is_located(url: str, message: str) -> None:
    assert_one_line_error(url, message)


GOOD_JSON: dict[str, Any] = {
    "puzzle": "suguru",
    "rows": 2,
    "cols": 2,
    "blocks": [[0, 0], [1, 1]],
    "givens": [[1, 0], [0, 0]],
}


_json = partial(json_with, GOOD_JSON)


BAD_JSON = [
    ("[1, 2]", "JSON: a JSON puzzle must be an object"),
    ('{"puzzle": "suguru", "rows": 2', "line 1, column 31: invalid JSON"),
    ("\n\n{,}", "line 3, column 2: invalid JSON"),
    ("[" * 100_000 + "]" * 100_000, "JSON"),
    (_json(puzzle=...), "JSON: missing the 'puzzle' field"),
    (_json(puzzle=3), "JSON: missing the 'puzzle' field"),
    (_json(puzzle="sudoku"), "JSON field 'puzzle': unknown puzzle type 'sudoku'"),
    (_json(rows="2"), "JSON: 'rows' and 'cols' must be integers"),
    (_json(cols=2.0), "JSON: 'rows' and 'cols' must be integers"),
    (_json(rows=True), "JSON: 'rows' and 'cols' must be integers"),
    (_json(rows=10**40), "JSON: 'rows' and 'cols' must be integers from 1 to 100"),
    (_json(rows=0), "JSON: 'rows' and 'cols' must be integers from 1 to 100"),
    (_json(rows=...), "JSON: 'rows' and 'cols' must be integers"),
    (_json(blocks=...), "JSON: 'blocks' must be a list of 2 rows"),
    (_json(blocks="AB/CD"), "JSON: 'blocks' must be a list of 2 rows"),
    (_json(blocks=[[0, 0]]), "JSON: 'blocks' must be a list of 2 rows"),
    (_json(blocks=[[0, 0], [1]]), "JSON: 'blocks' row 2 must hold 2 numbers"),
    (_json(blocks=[[0, 0], 5]), "JSON: 'blocks' row 2 must hold 2 numbers"),
    (_json(blocks=[[0, "a"], [1, 1]]), "JSON: 'blocks' row 1, column 2 is not a small integer"),
    (_json(blocks=[[0, False], [1, 1]]), "JSON: 'blocks' row 1, column 2 is not a small integer"),
    (_json(blocks=[[0, 10**30], [1, 1]]), "JSON: 'blocks' row 1, column 2 is not a small integer"),
    (_json(blocks=[[0, -5], [1, 1]]), "JSON: 'blocks' holds a negative label"),
    (_json(blocks=[[0, 1], [1, 0]]), "row 1, column 1: block is split into pieces"),
    (_json(givens=[[1, 0], [0, True]]), "JSON: 'givens' row 2, column 2 is not a small integer"),
    (_json(givens=[[1, 0], [0, 1.5]]), "JSON: 'givens' row 2, column 2 is not a small integer"),
    (_json(givens=[[3, 0], [0, 0]]), "row 1, column 1: given 3 does not fit its block of 2"),
    (_json(givens=[[-1, 0], [0, 0]]), "JSON: 'givens' holds a negative digit"),
    (_json(givens=[[1, 0], [0, 1]]), "two 1s touch at r1c1 and r2c2"),
    (
        _json(rows=1, cols=3, blocks=[[0, 0, 0]], givens=[[1, 0, 1]]),
        "row 1, column 1: block 1 holds 1 twice",
    ),
    (
        '{"puzzle": "suguru", "rows": 2, "cols": 2, "blocks": [[0, 0], [1, 1]], "givens": [[1, '
        + "9" * 5000
        + "]]}",
        "JSON: invalid JSON",
    ),
    ('{"puzzle": "suguru", "rows": NaN, "cols": 2}', "JSON: 'rows' and 'cols' must be integers"),
]


@pytest.mark.parametrize(("text", "message"), BAD_JSON)
def test_bad_json_is_located(text: str, message: str) -> None:
    assert_one_line_error(text, message)


def test_good_json_control_case_loads() -> None:
    kind, puzzle = load(_json())
    assert kind is SUGURU and puzzle.givens == (1, 0, 0, 0)
    assert load(_json(givens=...))[1].given_count == 0


# -- mutated input ----------------------------------------------------------------


def test_mutated_inputs_give_a_puzzle_or_a_puzzle_error() -> None:
    """Mutated text, URL and JSON forms of real and random boards end cleanly."""
    seeds = [load(PZPRJS_URL)[1], model.parse_text(ABIGAIL), *RANDOM_BOARDS[:6]]
    sources = sources_in_every_form(SUGURU, seeds)
    assert_mutations_end_cleanly(sources, "mutations", max_seconds=10)
