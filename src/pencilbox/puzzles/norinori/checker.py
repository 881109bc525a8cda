"""The Norinori checker, written from the rule text alone (see :mod:`.model`).

It reads the grid as it stands and shares nothing with the tables, the
state or the rules, so that a slip in the solver's bookkeeping cannot hide
behind an agreeing checker.
"""

from __future__ import annotations

from ...kind import Rows, Violation
from .model import Norinori


def check(puzzle: Norinori, grid: Rows) -> list[Violation]:
    """Every rule a shaded ``grid`` breaks; empty means solved.

    Rule names: ``shape`` (grid size), ``value`` (not 0 or 1),
    ``region-count`` (a region without exactly two shaded cells),
    ``lone`` (a shaded cell with no shaded neighbour) and ``crowded`` (a
    shaded cell with two or more shaded neighbours: three shaded cells touch).
    """
    rows, cols = puzzle.rows, puzzle.cols
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return [Violation("shape", (), f"grid is not {rows}x{cols}")]
    found: list[Violation] = []
    shaded: set[tuple[int, int]] = set()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value == 1:
                shaded.add((r, c))
            elif value != 0:
                found.append(
                    Violation(
                        "value", (r * cols + c,), f"r{r + 1}c{c + 1} holds {value!r}, not 0 or 1"
                    )
                )
    for number, cells in enumerate(puzzle.region_cells):
        mine = [cell for cell in cells if divmod(cell, cols) in shaded]
        if len(mine) != 2:
            first = _label(cols, cells[0])
            found.append(
                Violation(
                    "region-count",
                    tuple(mine) or cells,
                    f"region {number + 1} (at {first}) has {len(mine)} shaded "
                    f"cell{'' if len(mine) == 1 else 's'}, not 2",
                )
            )
    for r, c in sorted(shaded):
        touching = [
            (r + dr, c + dc)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if (r + dr, c + dc) in shaded
        ]
        cell = r * cols + c
        if not touching:
            found.append(
                Violation(
                    "lone", (cell,), f"the shaded cell r{r + 1}c{c + 1} has no shaded neighbour"
                )
            )
        elif len(touching) > 1:
            found.append(
                Violation(
                    "crowded",
                    (cell, *(y * cols + x for y, x in touching)),
                    f"the shaded cell r{r + 1}c{c + 1} has {len(touching)} shaded "
                    "neighbours, not 1",
                )
            )
    return found


def _label(cols: int, cell: int) -> str:
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"
