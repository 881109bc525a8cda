"""The independent counter behind ``brute_count``: cell by cell in reading order.

It shares no code with the tables, the state or the rules. Each cell is
shaded or not in turn; a branch dies when a region has more than two
shaded cells or too few cells left to reach two, when a shaded cell has
two shaded neighbours, or when a cell all of whose neighbours are decided
is shaded without exactly one shaded neighbour.
"""

from __future__ import annotations

from ...kind import Rows
from .model import Norinori


def count(puzzle: Norinori, limit: int) -> tuple[int, list[Rows]]:
    """Count answers up to ``limit``; return the count and the answers found."""
    rows, cols = puzzle.rows, puzzle.cols
    total = rows * cols
    regions = puzzle.regions
    left = [len(cells) for cells in puzzle.region_cells]  # cells not yet decided
    shaded_in = [0] * len(left)
    grid = [0] * total
    found: list[Rows] = []

    def partners(cell: int) -> int:
        r, c = divmod(cell, cols)
        n = 0
        if r and grid[cell - cols]:
            n += 1
        if r < rows - 1 and grid[cell + cols]:
            n += 1
        if c and grid[cell - 1]:
            n += 1
        if c < cols - 1 and grid[cell + 1]:
            n += 1
        return n

    def settled_ok(cell: int) -> bool:
        """Every neighbour of ``cell`` decided: a shaded cell needs exactly one partner."""
        return not grid[cell] or partners(cell) == 1

    def walk(cell: int) -> bool:
        if cell == total:
            if all(settled_ok(c) for c in range(max(0, total - cols), total)):
                found.append([grid[r * cols : (r + 1) * cols] for r in range(rows)])
            return len(found) >= limit
        region = regions[cell]
        left[region] -= 1
        for value in (0, 1):
            if value and shaded_in[region] == 2:
                continue
            if not value and shaded_in[region] + left[region] < 2:
                continue
            grid[cell] = value
            shaded_in[region] += value
            # only the cells before this one can see it, so those are checked here
            ok = not value or partners(cell) <= 1 and _neighbours_ok(cell)
            if ok and cell >= cols:
                ok = settled_ok(cell - cols)
            if ok and walk(cell + 1):
                return True
            shaded_in[region] -= value
            grid[cell] = 0
        left[region] += 1
        return False

    def _neighbours_ok(cell: int) -> bool:
        r, c = divmod(cell, cols)
        if r and grid[cell - cols] and partners(cell - cols) > 1:
            return False
        return not (c and grid[cell - 1] and partners(cell - 1) > 1)

    walk(0)
    return len(found), found
