"""The Norinori puzzle: its board, its text and JSON forms, and its picture.

Rules (from the rule text): the board is cut into regions. Shade exactly
two cells in every region. Every shaded cell shares an edge with exactly
one other shaded cell: the shaded cells form dominoes, a domino may cross
a region border, and two dominoes never share an edge (they may touch
diagonally). The checker of those rules is :mod:`.checker`.

Solution grids are int rows: 1 shaded, 0 not. A player's position may
also hold 2, a dot (marked unshaded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...codecs import region_map
from ...errors import PuzzleError
from ...kind import Rows

MAX_SIDE = 100
"""Largest number of rows or columns accepted by every input form."""

MIN_REGION = 2
"""A region shades two cells, so it needs at least two."""


@dataclass(frozen=True)
class Norinori:
    """An immutable Norinori board: ``regions[cell]`` is the region number
    (0..n-1), numbered in reading order of each region's first cell."""

    rows: int
    cols: int
    regions: tuple[int, ...]

    @cached_property
    def region_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each region, in reading order."""
        cells: list[list[int]] = [[] for _ in range(max(self.regions, default=-1) + 1)]
        for cell, region in enumerate(self.regions):
            cells[region].append(cell)
        return tuple(tuple(c) for c in cells)

    @property
    def region_count(self) -> int:
        return len(self.region_cells)


def where(cols: int, cell: int) -> str:
    """A cell's place in an error message: ``row 2, column 5``."""
    row, col = divmod(cell, cols)
    return f"row {row + 1}, column {col + 1}"


def neighbours(rows: int, cols: int, cell: int) -> tuple[int, ...]:
    """The cells sharing an edge with ``cell``: above, below, left, right (those on the board)."""
    row, col = divmod(cell, cols)
    found = []
    if row:
        found.append(cell - cols)
    if row < rows - 1:
        found.append(cell + cols)
    if col:
        found.append(cell - 1)
    if col < cols - 1:
        found.append(cell + 1)
    return tuple(found)


def build(rows: int, cols: int, labels: Sequence[int]) -> Norinori:
    """Validate and build a board; labels are renumbered in reading order.

    A label names one region; the same label on two separate pieces is an
    error (not two regions), since that is almost always a typing mistake.
    """
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"board {rows}x{cols} is out of range 1..{MAX_SIDE}")
    if len(labels) != rows * cols:
        raise PuzzleError(f"expected {rows * cols} cells for {rows}x{cols}, got {len(labels)}")
    renumber: dict[int, int] = {}
    regions = tuple(renumber.setdefault(label, len(renumber)) for label in labels)
    puzzle = Norinori(rows, cols, regions)
    validate(puzzle)
    return puzzle


def validate(puzzle: Norinori) -> None:
    """Raise PuzzleError for a board no solver should be handed: a region of
    one cell (it cannot hold two shaded cells) or a region in pieces."""
    for number, cells in enumerate(puzzle.region_cells):
        first = where(puzzle.cols, cells[0])
        if len(cells) < MIN_REGION:
            raise PuzzleError(
                f"region {number + 1} has 1 cell; a Norinori region needs at least {MIN_REGION}",
                where=first,
            )
        if not connected(puzzle, cells):
            raise PuzzleError(f"region {number + 1} is split into pieces", where=first)


def connected(puzzle: Norinori, cells: Sequence[int]) -> bool:
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for other in neighbours(puzzle.rows, puzzle.cols, todo.pop()):
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


# -- text form ---------------------------------------------------------------


def parse_text(text: str) -> Norinori:
    """Parse the text form: a header line, then the region map, one line per row.

    ::

        norinori 4x4
        A A B B
        A C C B
        D C C B
        D D D B

    Region labels are letters or numbers (``A``, ``7``, ``red``); each label
    names one connected region. A row may be written with spaces between
    its labels, or as one word of single-character labels (``AABB``). Lines
    starting with ``#`` and blank lines are skipped. The size is
    ``ROWSxCOLS`` (``×`` also works), each from 1 to 100.
    """
    rows, cols, labels = region_map.read_text(text, "norinori")
    return build(rows, cols, labels)


def format_text(puzzle: Norinori) -> str:
    """The text form; regions are lettered A-Z, a-z, or numbered past 52."""
    return region_map.write_text("norinori", puzzle.rows, puzzle.cols, puzzle.regions)


# -- JSON form ---------------------------------------------------------------


def to_json(puzzle: Norinori) -> dict[str, Any]:
    return region_map.write_json("norinori", puzzle.rows, puzzle.cols, puzzle.regions)


def from_json(obj: dict[str, Any]) -> Norinori:
    rows, cols, flat = region_map.read_json(obj)
    try:
        return build(rows, cols, flat)
    except PuzzleError as error:
        raise PuzzleError(str(error), where="JSON") from None


# -- picture -----------------------------------------------------------------


def render(puzzle: Norinori, grid: Rows | None = None) -> str:
    """Box-drawing picture: lines between regions, ``#`` shaded, ``.`` marked unshaded."""

    def content(cell: int) -> str:
        value = grid[cell // puzzle.cols][cell % puzzle.cols] if grid else 0
        return " # " if value == 1 else " . " if value == 2 else "   "

    return region_map.picture(puzzle.rows, puzzle.cols, puzzle.regions, content)
