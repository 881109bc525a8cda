"""A Heteromino board as the shared writers draw it (the face's ``drawing``).

Pieces are drawn by shape, as the web page draws them: thick lines around
each piece, bars hatched along their length and each of the four Ls in a
grey of its own (the page's colours, in print), so that two pieces of one
shape side by side (the rule's breach) look alike at a glance.
"""

from __future__ import annotations

from ...kind import CellDrawing, Drawing, Rows
from ...kind.drawing import Hatch
from .model import Heteromino, connected, number_groups, shape_index

BLACK_REGION = -1
"""Black cells share one region, so no line is drawn between two of them."""

# By index in model.SHAPES: the two bars, then the Ls with their corner at
# top-left, top-right, bottom-left, bottom-right.
_SHAPE_LOOKS: tuple[tuple[float | None, Hatch], ...] = (
    (None, "h"),
    (None, "v"),
    (0.92, ""),
    (0.8, ""),
    (0.68, ""),
    (0.56, ""),
)


def drawing(puzzle: Heteromino, grid: Rows | None = None) -> Drawing:
    """Black cells solid; with ``grid``, its pieces outlined and marked by shape.

    Cells of ``grid`` holding 0 (not yet in a piece) are one region, as the
    white cells of the untouched board are; a group that is no tromino is
    outlined but not marked.
    """
    numbers = [value for row in grid for value in row] if grid else [0] * len(puzzle.black)
    looks: dict[int, tuple[float | None, Hatch]] = {}
    for cells in (number_groups(puzzle, grid) if grid else {}).values():
        shape = shape_index([divmod(c, puzzle.cols) for c in cells]) if len(cells) == 3 else None
        if shape is not None and connected(puzzle, cells):
            looks.update(dict.fromkeys(cells, _SHAPE_LOOKS[shape]))
    cells_drawn = []
    for cell, black in enumerate(puzzle.black):
        if black:
            cells_drawn.append(CellDrawing(region=BLACK_REGION, tone=0.0))
            continue
        tone, hatch = looks.get(cell, (None, ""))
        cells_drawn.append(CellDrawing(region=numbers[cell], tone=tone, hatch=hatch))
    return Drawing(puzzle.rows, puzzle.cols, tuple(cells_drawn))
