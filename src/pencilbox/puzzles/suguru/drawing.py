"""A Suguru board as the shared writers draw it (the face's ``drawing``)."""

from __future__ import annotations

from ...kind import CellDrawing, Drawing, Rows
from .model import REMOVED, Suguru

REMOVED_TONE = 0.3
"""A removed cell is filled dark, as the web page fills it: it is not part of the board."""


def drawing(puzzle: Suguru, grid: Rows | None = None) -> Drawing:
    """Thick lines between blocks; givens bold, ``grid``'s other digits as entries."""
    cells = []
    for cell, block in enumerate(puzzle.blocks):
        if block == REMOVED:
            cells.append(CellDrawing(region=None, tone=REMOVED_TONE))
            continue
        given = puzzle.givens[cell]
        entry = grid[cell // puzzle.cols][cell % puzzle.cols] if grid else 0
        digit = given or entry
        cells.append(CellDrawing(region=block, text=str(digit) if digit else "", given=bool(given)))
    return Drawing(puzzle.rows, puzzle.cols, tuple(cells))
