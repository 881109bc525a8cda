"""The Fillomino checker: against a second formulation of the rules on every
grid of tiny boards, on every answer the brute-force counter lists (and
answers with one cell changed), and against pzprjs's wrong answers and
failcodes (``tests/data/fillomino/pzprjs_fillomino.json``, see its README).
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from crosscheck import imports_of
from pencilbox.codecs import pzprv3
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.fillomino import KIND, brute, checker
from pencilbox.puzzles.fillomino.boards import planted_board, random_board
from pencilbox.puzzles.fillomino.model import Fillomino, build, parse_text
from pencilbox.puzzles.fillomino.pzprv3 import PZPR_FAILCODES
from test_fillomino_brute import by_partitions

DATA = Path(__file__).parent / "data" / "fillomino"
PZPRJS = json.loads((DATA / "pzprjs_fillomino.json").read_text(encoding="utf-8"))


def rules_broken(puzzle: Fillomino, grid: list[list[int]]) -> set[str]:
    return {violation.rule for violation in checker.check(puzzle, grid)}


def test_the_checker_shares_no_code_with_the_solver() -> None:
    assert imports_of(checker) <= {"__future__", "...kind", ".model"}


@pytest.mark.parametrize(
    ("rows", "cols", "top"), [(2, 2, 4), (1, 4, 4), (1, 5, 5), (2, 3, 4), (3, 2, 4)]
)
def test_the_checker_agrees_with_a_second_formulation_on_every_grid(
    rows: int, cols: int, top: int
) -> None:
    """Every grid of values 0..top on a few boards: solved exactly when it is
    one of the answers the partition enumeration lists."""
    rng = random.Random(f"fillomino-checker-{rows}x{cols}")
    boards = [build(rows, cols, [0] * (rows * cols))]
    boards += [random_board(rng, rows, cols) for _ in range(2 if rows * cols < 6 else 1)]
    passed = 0
    for puzzle in boards:
        truth = by_partitions(puzzle)
        for values in itertools.product(range(top + 1), repeat=rows * cols):
            grid = [list(values[r * cols : (r + 1) * cols]) for r in range(rows)]
            solved = checker.check(puzzle, grid) == []
            assert solved == (values in truth), (KIND.format_text(puzzle), grid)
            passed += solved
    assert passed > 0


def test_every_brute_answer_passes_and_one_cell_edits_fail() -> None:
    rng = random.Random("fillomino-checker-edits")
    edits = 0
    for _ in range(40):
        rows, cols = rng.randint(3, 4), rng.randint(3, 4)
        puzzle = planted_board(rng, rows, cols)
        count, answers = brute.count(puzzle, 50)
        assert count >= 1
        listed = {json.dumps(grid) for grid in answers}
        for grid in answers:
            assert checker.check(puzzle, grid) == []
        if count == 50:
            continue  # an edit might be an answer past the limit
        for grid in answers[:3]:
            for _ in range(5):
                edited = [list(row) for row in grid]
                r, c = rng.randrange(rows), rng.randrange(cols)
                edited[r][c] = rng.choice([v for v in range(rows * cols + 1) if v != grid[r][c]])
                if json.dumps(edited) in listed:
                    continue
                broken = checker.check(puzzle, edited)
                assert broken, edited
                assert all(set(v.cells) <= set(range(rows * cols)) and v.message for v in broken)
                edits += 1
    assert edits >= 100


@pytest.mark.parametrize(
    ("grid", "rules"),
    [
        ([[2, 2, 1], [3, 3, 3]], set()),
        ([[2, 2, 0], [3, 3, 3]], {"empty"}),
        ([[2, 2, 2], [3, 3, 3]], {"too-big"}),  # a region of three 2s, or a 2 and a 2 touching
        ([[2, 1, 1], [3, 3, 3]], {"too-small", "too-big"}),  # a lone 2; two 1s touch
        ([[1, 2, 2], [3, 3, 3]], {"given"}),  # the 2 given top left is overwritten
        ([[2, 2, 1], [3, 3, 4]], {"too-small"}),
        ([[2, 2, -1], [3, 3, 3]], {"value"}),
        ([[2, 2, 1]], {"shape"}),
    ],
)
def test_each_rule_by_name(grid: list[list[int]], rules: set[str]) -> None:
    puzzle = parse_text("fillomino 2x3\n2..\n...")
    assert rules_broken(puzzle, grid) == rules


def test_a_broken_group_names_its_cells() -> None:
    puzzle = parse_text("fillomino 2x3\n...\n...")
    (violation,) = checker.check(puzzle, [[2, 2, 2], [3, 3, 3]])
    assert violation.rule == "too-big" and violation.cells == (0, 1, 2)
    assert violation.message == "the 2s at r1c1 join 3 cells, more than 2"


PZPR_FILES = [
    pytest.param(entry[0], entry[1], id=f"{index}-{entry[0]}")
    for index, entry in enumerate(PZPRJS["failcheck"])
    if "/t/" not in entry[1]
]
VARIANT_FILES = [entry[1] for entry in PZPRJS["failcheck"] if "/t/" in entry[1]]


def test_the_script_has_six_plain_files_and_four_of_the_variant() -> None:
    assert (len(PZPR_FILES), len(VARIANT_FILES)) == (7, 4)


@pytest.mark.parametrize(("code", "text"), PZPR_FILES)
def test_the_checker_judges_every_pzprjs_answer_as_pzprjs_does(code: str | None, text: str) -> None:
    puzzle, answer = KIND.from_pzprv3(pzprv3.parse(text))
    assert answer is not None
    broken = rules_broken(puzzle, answer)
    if code is None:
        assert broken == set()
        count, answers = brute.count(puzzle, 2)
        assert count == 1 and answers[0] == answer
    else:
        assert PZPR_FAILCODES[code] in broken


def test_every_failcode_of_the_plain_files_has_a_rule() -> None:
    codes = {param.values[0] for param in PZPR_FILES} - {None}
    assert codes == set(PZPR_FAILCODES)


@pytest.mark.parametrize("text", VARIANT_FILES)
def test_the_three_cell_variant_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        KIND.from_pzprv3(pzprv3.parse(text))
    message = str(caught.value)
    assert "\n" not in message and "'t'" in message and "pzprv3 line 5" in message


def test_random_boards_are_judged_as_the_counter_finds_them() -> None:
    """A random board's answers (when it has few) pass; a grid of 1s never does."""
    rng = random.Random("fillomino-checker-random")
    for _ in range(30):
        puzzle = random_board(rng, 3, 3)
        count, answers = brute.count(puzzle, 20)
        assert all(checker.check(puzzle, grid) == [] for grid in answers)
        assert checker.check(puzzle, [[1] * 3 for _ in range(3)])
