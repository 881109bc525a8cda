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
    # one flat pass, then only the shaded cells: SAT engines check every
    # answer they find with this, on boards they solve in a millisecond
    flat = [value for row in grid for value in row]
    for cell, value in enumerate(flat):
        if value != 1 and value != 0:
            r, c = divmod(cell, cols)
            found.append(
                Violation("value", (cell,), f"r{r + 1}c{c + 1} holds {value!r}, not 0 or 1")
            )
    shaded = [value == 1 for value in flat]
    on = [cell for cell, value in enumerate(flat) if value == 1]
    found += _region_counts(puzzle, shaded, on)
    found += _neighbours(rows, cols, shaded, on)
    return found


def _region_counts(puzzle: Norinori, shaded: list[bool], on: list[int]) -> list[Violation]:
    """A region without exactly two shaded cells."""
    found: list[Violation] = []
    counts = [0] * len(puzzle.region_cells)
    for cell in on:
        counts[puzzle.regions[cell]] += 1
    for number, cells in enumerate(puzzle.region_cells):
        if counts[number] != 2:
            mine = [cell for cell in cells if shaded[cell]]
            first = _label(puzzle.cols, cells[0])
            found.append(
                Violation(
                    "region-count",
                    tuple(mine) or cells,
                    f"region {number + 1} (at {first}) has {len(mine)} shaded "
                    f"cell{'' if len(mine) == 1 else 's'}, not 2",
                )
            )
    return found


def _neighbours(rows: int, cols: int, shaded: list[bool], on: list[int]) -> list[Violation]:
    """A shaded cell with no shaded neighbour, or with two or more."""
    found: list[Violation] = []
    for cell in on:
        r, c = divmod(cell, cols)
        touching = []  # above, below, left, right
        if r and shaded[cell - cols]:
            touching.append(cell - cols)
        if r < rows - 1 and shaded[cell + cols]:
            touching.append(cell + cols)
        if c and shaded[cell - 1]:
            touching.append(cell - 1)
        if c < cols - 1 and shaded[cell + 1]:
            touching.append(cell + 1)
        if len(touching) == 1:
            continue
        if not touching:
            found.append(
                Violation(
                    "lone", (cell,), f"the shaded cell r{r + 1}c{c + 1} has no shaded neighbour"
                )
            )
        else:
            found.append(
                Violation(
                    "crowded",
                    (cell, *touching),
                    f"the shaded cell r{r + 1}c{c + 1} has {len(touching)} shaded "
                    "neighbours, not 1",
                )
            )
    return found


def _label(cols: int, cell: int) -> str:
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"
