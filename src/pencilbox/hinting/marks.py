"""Pencil marks in a hint: reading them into the position, and checking them at the door."""

from __future__ import annotations

from typing import Any

from ..engine import State
from ..grid import Rows
from ..kind import PuzzleKind, Violation, entry_limit


def read_marks(kind: PuzzleKind[Any], puzzle: Any, state: State, marks: Rows) -> list[Violation]:
    """Narrow each open cell with pencil marks to them; the cells whose marks
    leave out every candidate the rules still allow."""
    broken = []
    for row, line in enumerate(marks[: puzzle.rows]):
        for col, mark in enumerate(line[: puzzle.cols]):
            cell = row * puzzle.cols + col
            if mark <= 0 or not state.domains[cell] & (state.domains[cell] - 1):
                continue
            if not state.domains[cell] & mark:
                label = kind.cell_label(puzzle, cell)
                broken.append(
                    Violation("marks", (cell,), f"the pencil marks at {label} leave it none")
                )
            else:
                state.narrow(cell, mark)
    return broken


def marks_problem(puzzle: Any, marks: Any) -> str | None:
    """Why ``marks`` (from outside) are not pencil marks for ``puzzle``: rows like
    the grid, each a bitset of candidates (bit ``v - 1`` for value ``v``, values as
    large as an entry may be); None if they are."""
    top = entry_limit(puzzle)
    if not isinstance(marks, list) or len(marks) != puzzle.rows:
        return f"'marks' must be a list of {puzzle.rows} rows"
    for r, row in enumerate(marks):
        if not isinstance(row, list) or len(row) != puzzle.cols:
            return f"'marks' row {r + 1} must hold {puzzle.cols} numbers"
        for c, mark in enumerate(row):
            if isinstance(mark, bool) or not isinstance(mark, int) or not 0 <= mark < 1 << top:
                return f"'marks' at r{r + 1}c{c + 1} is not a bitset of values 1 to {top}"
    return None
