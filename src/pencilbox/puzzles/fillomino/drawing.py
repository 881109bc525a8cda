"""A Fillomino board as the shared writers draw it (the face's ``drawing``)."""

from __future__ import annotations

from ...kind import CellDrawing, Drawing, Rows
from .model import Fillomino, regions

_OPEN = 0
"""The region label every cell without a number shares: thin lines between
such cells (their regions are not known yet), thick around the numbered ones."""


def drawing(puzzle: Fillomino, grid: Rows | None = None) -> Drawing:
    """Givens bold, ``grid``'s other numbers as entries; thick lines around each
    group of equal numbers (in an answer, its regions). The puzzle alone is a
    plain grid with its givens, as printed."""
    cols = puzzle.cols
    numbers = [
        given or (grid[cell // cols][cell % cols] if grid else 0)
        for cell, given in enumerate(puzzle.givens)
    ]
    labels = [_OPEN] * puzzle.cells
    if grid:
        for number, group in enumerate(regions(puzzle.rows, cols, numbers), start=1):
            if numbers[group[0]]:
                for cell in group:
                    labels[cell] = number
    cells = tuple(
        CellDrawing(
            region=labels[cell],
            text=str(numbers[cell]) if numbers[cell] else "",
            given=bool(puzzle.givens[cell]),
        )
        for cell in range(puzzle.cells)
    )
    return Drawing(puzzle.rows, cols, cells)
