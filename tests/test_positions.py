"""A player's position, through every door: the checker's and the mistakes'
wording, the "correct so far" check, and positions that round-trip.

Boards come from each type's bank and from large random boards, so that
what holds here holds for every board the app accepts, not just one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pencilbox import registry

NAMES = registry.names()
LABEL = re.compile(r"\br\d+c\d+\b")
OLD_WORDING = re.compile(r"\brow \d+|\bcolumn \d+")


def first_bank_puzzle(name: str) -> tuple[Any, Any, list[list[int]]]:
    """The kind, the first shipped puzzle of type ``name`` and its solution."""
    kind = registry.get(name)
    record = kind.bank()[0]
    return kind, kind.from_json(record["json"]), [list(row) for row in record["solution"]]


def broken_grids(solution: list[list[int]]) -> list[list[list[int]]]:
    """Grids that break rules on any type: empty, all one value, and the solution
    with its first row copied onto the second (clashes, merged pieces)."""
    rows, cols = len(solution), len(solution[0])
    copied = [list(row) for row in solution]
    copied[1] = list(copied[0])
    return [[[0] * cols for _ in range(rows)], [[1] * cols for _ in range(rows)], copied]


@pytest.mark.parametrize("name", NAMES)
def test_checker_names_cells_as_hints_do(name: str) -> None:
    """Check names a cell ``r7c6`` as hints do, never "row 7, column 6" (defect 9),
    and counts "1 cell", not "1 cells"."""
    kind, puzzle, solution = first_bank_puzzle(name)
    messages = [v.message for grid in broken_grids(solution) for v in kind.check(puzzle, grid)]
    assert messages
    assert not [m for m in messages if OLD_WORDING.search(m)]
    assert not [m for m in messages if re.search(r"\b1 cells\b", m)]
    assert any(LABEL.search(m) for m in messages)


# -- mistakes in the player's terms (defect 3) ------------------------------------------


def test_a_wrong_digit_is_named_as_entered_and_the_answer_kept_back() -> None:
    kind, puzzle, solution = first_bank_puzzle("suguru")
    cell = next(c for c in range(puzzle.rows * puzzle.cols) if not puzzle.givens[c])
    r, c = divmod(cell, puzzle.cols)
    entered = solution[r][c] % 5 + 1  # some other digit
    if entered == solution[r][c]:
        entered += 1
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    position[r][c] = entered
    label = kind.cell_label(puzzle, cell)
    (mistake,) = kind.position_mistakes(puzzle, position, solution)
    assert mistake.cells == (cell,)
    assert mistake.message == f"the {entered} at {label} is wrong"
    (shown,) = kind.position_mistakes(puzzle, position, solution, reveal=True)
    assert shown.message == f"the {entered} at {label} is wrong ({label} is {solution[r][c]})"


def test_a_wrong_dot_is_called_a_dot_not_a_shaded_cell() -> None:
    """The issue's case: a dot on a cell the answer shades read "r1c2 is shaded"
    while the board showed a dot."""
    kind, puzzle, solution = first_bank_puzzle("lits")
    shaded = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v)
    empty = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if not v)
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    position[shaded[0]][shaded[1]] = 2  # a dot where the answer shades
    position[empty[0]][empty[1]] = 1  # shading where the answer does not
    dot = kind.cell_label(puzzle, shaded[0] * puzzle.cols + shaded[1])
    shade = kind.cell_label(puzzle, empty[0] * puzzle.cols + empty[1])
    messages = {m.message for m in kind.position_mistakes(puzzle, position, solution)}
    assert messages == {f"the dot at {dot} is wrong", f"the shading at {shade} is wrong"}
    shown = {m.message for m in kind.position_mistakes(puzzle, position, solution, reveal=True)}
    assert shown == {
        f"the dot at {dot} is wrong ({dot} is shaded)",
        f"the shading at {shade} is wrong ({shade} is not shaded)",
    }


def test_a_wrong_piece_is_named_as_drawn_and_the_answer_kept_back() -> None:
    kind, puzzle, solution = first_bank_puzzle("heteromino")
    cols = puzzle.cols
    groups: dict[int, list[int]] = {}
    for cell, number in enumerate(v for row in solution for v in row):
        if number:
            groups.setdefault(number, []).append(cell)
    # two cells of one piece and one cell of a piece beside it, drawn as one piece
    first = groups[solution[0][0] or 1]
    other = next(
        cells
        for cells in groups.values()
        if cells != first and any(abs(a - b) in (1, cols) for a in first for b in cells)
    )
    drawn = sorted(first[:2] + [other[0]])
    position = [[0] * cols for _ in range(puzzle.rows)]
    for cell in drawn:
        position[cell // cols][cell % cols] = 7
    names = " ".join(kind.cell_label(puzzle, cell) for cell in drawn)
    (mistake,) = kind.position_mistakes(puzzle, position, solution)
    assert mistake.message == f"the piece at {names} is wrong"
    (shown,) = kind.position_mistakes(puzzle, position, solution, reveal=True)
    answer = " / ".join(
        " ".join(kind.cell_label(puzzle, c) for c in cells) for cells in (first, other)
    )
    assert shown.message == f"the piece at {names} is wrong (the answer's pieces there: {answer})"
