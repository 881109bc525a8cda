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
    flat = [value for row in grid for value in row]
    if _keeps_every_rule(puzzle, flat):
        return []
    found: list[Violation] = []
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


_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _keeps_every_rule(puzzle: Norinori, flat: list[int]) -> bool:
    """Whether the cells (flat, in reading order) keep every rule: the question
    SAT engines ask of each answer they find, on boards they solve in a
    millisecond or less, so it is answered on the shaded cells as one int (a
    cell's neighbours a shift away) rather than cell by cell. Any doubt (a
    value not 0 or 1, say) is False, and :func:`check` then names what is
    wrong cell by cell."""
    rows, cols = puzzle.rows, puzzle.cols
    if flat.count(0) + flat.count(1) != len(flat):
        return False
    counts = [0] * len(puzzle.region_cells)
    regions = puzzle.regions
    for cell, value in enumerate(flat):
        if value:
            counts[regions[cell]] += 1
    if counts.count(2) != len(counts):
        return False
    try:  # bit i of the int is cell i
        shaded = int(bytes(flat).translate(_DIGITS)[::-1] or b"0", 2)
    except TypeError:  # a value equal to 0 or 1 that is not an int (0.0, say)
        return False
    board = (1 << rows * cols) - 1
    first_column = sum(1 << row * cols for row in range(rows))
    above, below = (shaded << cols) & board, shaded >> cols
    left = (shaded << 1) & board & ~first_column
    right = (shaded >> 1) & ~(first_column << cols - 1)
    beside = above | below | left | right
    twice = above & below | left & right | (above | below) & (left | right)
    return not shaded & (~beside | twice)


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
