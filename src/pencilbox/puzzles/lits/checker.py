"""The LITS checker, written from the rule text alone (see :mod:`.model`).

It re-derives every shape from the grid itself and shares no code with
``shapes.py``, ``tables.py`` or the rules, so a bug in the solver's
geometry cannot hide behind an agreeing checker.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...kind import Rows, Violation
from .model import Lits, beside

Points = tuple[tuple[int, int], ...]


@lru_cache(maxsize=4096)
def _tetromino_name(points: Points) -> Points | None:
    """The shape of four cells (in reading order, shifted so that the first
    is at (0, 0)), or None when they are not connected.

    Both answers depend on the cells' pattern alone, so they are worked out
    once per pattern (there are only a few hundred four-cell patterns a
    region can shade) rather than once per region of every answer checked.
    """
    inside = set(points)
    seen = {points[0]}
    todo = [points[0]]
    while todo:
        r, c = todo.pop()
        for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if step in inside and step not in seen:
                seen.add(step)
                todo.append(step)
    if len(seen) != len(inside):
        return None
    return _canonical(points)


def _canonical(cells: Sequence[tuple[int, int]]) -> Points:
    """A shape's name up to rotation and reflection: the least of its 8 images,
    each shifted to touch the top and left edges."""
    images = []
    for flip in (False, True):
        points = [(c, r) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            points = [(c, -r) for r, c in points]  # a quarter turn
            low_r = min(r for r, _ in points)
            low_c = min(c for _, c in points)
            images.append(tuple(sorted((r - low_r, c - low_c) for r, c in points)))
    return min(images)


def check(puzzle: Lits, grid: Rows) -> list[Violation]:
    """Every rule a shaded ``grid`` breaks; empty means solved.

    Rule names: ``shape`` (grid size), ``value`` (not 0 or 1), ``hole`` (a
    shaded cell that is in no region), ``region-count``
    (a region without exactly four shaded cells), ``region-split`` (a region's
    four shaded cells are not connected), ``square`` (a shaded 2×2),
    ``disconnected`` (the shaded cells are not one mass) and ``same-shape``
    (congruent tetrominoes of two regions share an edge).
    """
    rows, cols = puzzle.rows, puzzle.cols
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return [Violation("shape", (), f"grid is not {rows}x{cols}")]
    found: list[Violation] = []
    shaded: set[int] = set()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value == 1:
                shaded.add(r * cols + c)
            elif value != 0:
                cell = r * cols + c
                found.append(
                    Violation("value", (cell,), f"{_label(cols, cell)} holds {value!r}, not 0 or 1")
                )
    found.extend(
        Violation("hole", (cell,), f"{_label(cols, cell)} is a hole: it is never shaded")
        for cell in puzzle.holes
        if cell in shaded
    )
    in_order = sorted(shaded)
    shapes = _region_shapes(puzzle, shaded, found)
    found.extend(_squares(puzzle, shaded, in_order))
    found.extend(_mass(puzzle, shaded, in_order))
    found.extend(_same_shapes(puzzle, shaded, in_order, shapes))
    return found


def _region_shapes(puzzle: Lits, shaded: set[int], found: list[Violation]) -> dict[int, Points]:
    """Check each region's count and connection; return the shape of each good one."""
    cols = puzzle.cols
    shapes: dict[int, Points] = {}
    for number, cells in enumerate(puzzle.region_cells):
        mine = [cell for cell in cells if cell in shaded]
        if len(mine) != 4:
            found.append(
                Violation(
                    "region-count",
                    tuple(mine) or cells,
                    f"region {number + 1} (at {_label(cols, cells[0])}) has {len(mine)} shaded "
                    f"cell{'' if len(mine) == 1 else 's'}, not 4",
                )
            )
            continue
        top, left = divmod(mine[0], cols)
        name = _tetromino_name(
            tuple((r - top, c - left) for r, c in (divmod(cell, cols) for cell in mine))
        )
        if name is None:
            found.append(
                Violation(
                    "region-split",
                    tuple(mine),
                    f"the shaded cells of region {number + 1} (at {_label(cols, cells[0])}) "
                    "are not connected",
                )
            )
            continue
        shapes[number] = name
    return shapes


def _squares(puzzle: Lits, shaded: set[int], in_order: list[int]) -> list[Violation]:
    """Each fully shaded 2×2, by its top-left cell in reading order."""
    cols = puzzle.cols
    bottom = (puzzle.rows - 1) * cols
    found = []
    for top in in_order:
        if top >= bottom or top % cols == cols - 1:
            continue
        square = (top, top + 1, top + cols, top + cols + 1)
        if square[1] in shaded and square[2] in shaded and square[3] in shaded:
            found.append(
                Violation("square", square, f"the 2x2 at {_label(cols, square[0])} is fully shaded")
            )
    return found


def _mass(puzzle: Lits, shaded: set[int], in_order: list[int]) -> list[Violation]:
    if not shaded:
        return []
    cols = puzzle.cols
    start = in_order[0]
    seen = {start}
    todo = [start]
    while todo:
        for other in beside(cols, todo.pop()):
            if other in shaded and other not in seen:
                seen.add(other)
                todo.append(other)
    if len(seen) == len(shaded):
        return []
    apart = tuple(cell for cell in in_order if cell not in seen)
    return [
        Violation(
            "disconnected",
            apart,
            f"the shaded cells are not one mass: {_label(puzzle.cols, apart[0])} is cut off from "
            f"{_label(puzzle.cols, start)}",
        )
    ]


def _same_shapes(
    puzzle: Lits, shaded: set[int], in_order: list[int], shapes: dict[int, Points]
) -> list[Violation]:
    cols = puzzle.cols
    regions = puzzle.regions
    found = []
    reported: set[tuple[int, int]] = set()
    for cell in in_order:
        mine = regions[cell]
        if mine not in shapes:
            continue
        for other in beside(cols, cell):
            if other not in shaded:
                continue
            theirs = regions[other]
            if theirs == mine:
                continue
            pair = (mine, theirs) if mine < theirs else (theirs, mine)
            if pair not in reported and shapes.get(theirs) == shapes[mine]:
                reported.add(pair)
                found.append(
                    Violation(
                        "same-shape",
                        (cell, other),
                        f"the tetrominoes of regions {pair[0] + 1} and {pair[1] + 1} touch at "
                        f"{_label(cols, cell)} and {_label(cols, other)} and have the same shape",
                    )
                )
    return found


def _label(cols: int, cell: int) -> str:
    """A cell as hints and the page name it: ``r2c5``."""
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"
