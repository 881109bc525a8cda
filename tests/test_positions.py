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
