"""A Suguru board as the shared writers draw it (the face's ``drawing``)."""

from __future__ import annotations

from ...kind import CellDrawing, Drawing, Rows
from .model import REMOVED, Suguru


def drawing(puzzle: Suguru, grid: Rows | None = None) -> Drawing:
    """Thick lines between blocks; givens bold, ``grid``'s other digits as entries."""
    cells = []
    for cell, block in enumerate(puzzle.blocks):
        if block == REMOVED:
            # A hole, which the writers hatch: not part of the board. It is not also
            # filled dark (as the web page fills it): the stripes would not show.
            cells.append(CellDrawing(region=None))
            continue
        given = puzzle.givens[cell]
        entry = grid[cell // puzzle.cols][cell % puzzle.cols] if grid else 0
        digit = given or entry
        cells.append(CellDrawing(region=block, text=str(digit) if digit else "", given=bool(given)))
    return Drawing(puzzle.rows, puzzle.cols, tuple(cells))
