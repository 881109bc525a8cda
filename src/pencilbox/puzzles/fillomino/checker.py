"""The Fillomino checker, written from the rule text alone (see :mod:`.model`).

An answer writes each cell's region size. Two neighbours with equal numbers
are in one region (equal sizes never touch, so they cannot be two regions),
and two with different numbers in two; so a grid's regions are its groups of
neighbouring equal numbers, and the grid is solved exactly when every cell
holds a number, every given is kept, and every group has as many cells as
its number says. A group larger than its number is a region too large or
two regions of that size touching: the numbers alone cannot tell which,
and both break the rules.

It reads the grid as it stands and shares nothing with the tables, the
state or the rules, so that a slip in the solver's bookkeeping cannot hide
behind an agreeing checker.
"""

from __future__ import annotations

from ...kind import Rows, Violation
from .model import Fillomino


def check(puzzle: Fillomino, grid: Rows) -> list[Violation]:
    """Every rule ``grid`` breaks; empty means solved.

    Rule names: ``shape`` (grid size), ``value`` (not a whole number from 0),
    ``empty`` (a cell without a number), ``given`` (a given overwritten),
    ``too-big`` (a group of equal numbers larger than its number: a region too
    large, or regions of that size touching) and ``too-small`` (a group
    smaller than its number).
    """
    rows, cols = puzzle.rows, puzzle.cols
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return [Violation("shape", (), f"grid is not {rows}x{cols}")]
    numbers = [value for row in grid for value in row]
    found: list[Violation] = []
    for cell, value in enumerate(numbers):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            found.append(Violation("value", (cell,), f"{_label(cols, cell)} holds {value!r}"))
            numbers[cell] = 0
            continue
        given = puzzle.givens[cell]
        if given and value != given:
            found.append(
                Violation("given", (cell,), f"{_label(cols, cell)} must keep its given {given}")
            )
        if not value:
            found.append(Violation("empty", (cell,), f"{_label(cols, cell)} has no number"))
    for group in _groups(rows, cols, numbers):
        number = numbers[group[0]]
        if not number or len(group) == number:
            continue
        rule, words = ("too-big", "more") if len(group) > number else ("too-small", "fewer")
        found.append(
            Violation(
                rule,
                group,
                f"the {number}s at {_label(cols, group[0])} join {len(group)} cells, "
                f"{words} than {number}",
            )
        )
    return found


def _label(cols: int, cell: int) -> str:
    """A cell as hints name it: ``r7c6``."""
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"


def _groups(rows: int, cols: int, numbers: list[int]) -> list[tuple[int, ...]]:
    """The groups of side-by-side cells holding one number, each in reading order."""
    group_of = [-1] * len(numbers)
    groups: list[tuple[int, ...]] = []
    for start in range(len(numbers)):
        if group_of[start] >= 0:
            continue
        group_of[start] = len(groups)
        members, todo = [start], [start]
        while todo:
            row, col = divmod(todo.pop(), cols)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                other = r * cols + c
                inside = 0 <= r < rows and 0 <= c < cols
                if inside and group_of[other] < 0 and numbers[other] == numbers[start]:
                    group_of[other] = len(groups)
                    members.append(other)
                    todo.append(other)
        groups.append(tuple(sorted(members)))
    return groups
