"""A LITS board as the shared writers draw it (the face's ``drawing``)."""

from __future__ import annotations

from ...kind import CellDrawing, Drawing, Rows
from .model import HOLE, Lits

SHADE_TONE = 0.45
"""Shaded cells are dark grey rather than black, so the lines over them still show."""

_SHADED, _DOT = 1, 2  # a grid's values: an answer holds 1 and 0, a position may hold dots too


def drawing(puzzle: Lits, grid: Rows | None = None) -> Drawing:
    """Thick lines between regions; ``grid``'s shaded cells filled, its dots drawn;
    a hole is the drawing's hole (region None), not a region of its own."""
    cells = []
    for cell, region in enumerate(puzzle.regions):
        value = grid[cell // puzzle.cols][cell % puzzle.cols] if grid else 0
        cells.append(
            CellDrawing(
                region=None if region == HOLE else region,
                tone=SHADE_TONE if value == _SHADED else None,
                dot=value == _DOT,
            )
        )
    return Drawing(puzzle.rows, puzzle.cols, tuple(cells))
