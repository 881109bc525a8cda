"""The Suguru checker, written from the rule text alone (see :mod:`.model`).

A filled-in grid is held to every rule: each live cell holds a digit that
fits its block, keeps its given, removed cells stay empty, and no two equal
digits touch or share a block (:func:`.model.clashes`, which building a
board reads too). It shares nothing with the rules or the board tables, so
a bug in the solver cannot hide behind an agreeing checker.
"""

from __future__ import annotations

from ...kind import Rows, Violation
from .model import REMOVED, Suguru, clashes, label


def check(puzzle: Suguru, grid: Rows) -> list[Violation]:
    """Every rule a filled-in ``grid`` breaks; empty means solved."""
    if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
        return [Violation("shape", (), f"grid is not {puzzle.rows}x{puzzle.cols}")]
    digits = [value for row in grid for value in row]
    found: list[Violation] = []
    for cell, digit in enumerate(digits):
        block = puzzle.blocks[cell]
        if block == REMOVED:
            if digit:
                found.append(Violation("removed", (cell,), "a removed cell holds a digit"))
            continue
        size = len(puzzle.block_cells[block])
        if puzzle.givens[cell] and digit != puzzle.givens[cell]:
            found.append(
                Violation(
                    "given",
                    (cell,),
                    f"{label(puzzle, cell)} must keep its given {puzzle.givens[cell]}",
                )
            )
        if not digit:
            found.append(Violation("empty", (cell,), f"{label(puzzle, cell)} is empty"))
        elif not 1 <= digit <= size:
            found.append(
                Violation(
                    "too-big",
                    (cell,),
                    f"{digit} is too big for a block of {size} at {label(puzzle, cell)}",
                )
            )
    return found + clashes(puzzle, digits)
