"""The LITS puzzle: its board, its text and JSON forms, and its picture.

Rules (from the rule text): the board is cut into regions of four or more
cells. Shade exactly four cells in every region, forming a tetromino. All
shaded cells form one orthogonally connected mass. No 2×2 square is fully
shaded. Two tetrominoes of different regions that share an edge are not
congruent (rotations and reflections count as the same shape). The
checker of those rules is :mod:`.checker`.

A board may have *holes*: cells in no region (``@`` on janko.at, ``-1`` in
the JSON form, ``.`` in the text form). A hole is never shaded, so the mass
cannot pass through it; it belongs to no region, so it neither counts
towards a tetromino nor makes two regions neighbours.

Solution grids are int rows: 1 shaded, 0 not.
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

MIN_REGION = 4
HOLE = region_map.HOLE
"""The region number of a cell in no region."""


@dataclass(frozen=True)
class Lits:
    """An immutable LITS board: ``regions[cell]`` is the region number (0..n-1),
    numbered in reading order of each region's first cell, or :data:`HOLE`."""

    rows: int
    cols: int
    regions: tuple[int, ...]

    @cached_property
    def region_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each region, in reading order."""
        cells: list[list[int]] = [[] for _ in range(max(self.regions, default=-1) + 1)]
        for cell, region in enumerate(self.regions):
            if region != HOLE:
                cells[region].append(cell)
        return tuple(tuple(c) for c in cells)

    @cached_property
    def holes(self) -> tuple[int, ...]:
        """The cells in no region, in reading order."""
        return tuple(cell for cell, region in enumerate(self.regions) if region == HOLE)

    @property
    def region_count(self) -> int:
        return len(self.region_cells)


def where(cols: int, cell: int) -> str:
    """A cell's place in an error message: ``row 2, column 5``."""
    row, col = divmod(cell, cols)
    return f"row {row + 1}, column {col + 1}"


def beside(cols: int, cell: int) -> tuple[int, int, int, int]:
    """The cells above, below, left and right of ``cell`` (that order), some
    perhaps off the board or -1: callers only ask whether they belong to a
    set of the board's cells (a region, the shaded cells), and no such
    number ever does. Left and right are -1 at the board's edges, so that a
    row never wraps onto the next."""
    col = cell % cols
    return (
        cell - cols,
        cell + cols,
        cell - 1 if col else -1,
        cell + 1 if col != cols - 1 else -1,
    )


def build(rows: int, cols: int, labels: Sequence[int]) -> Lits:
    """Validate and build a board; labels are renumbered in reading order
    (:data:`HOLE` stays a hole).

    A label names one region; the same label on two separate pieces is an
    error (not two regions), since that is almost always a typing mistake.
    """
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"board {rows}x{cols} is out of range 1..{MAX_SIDE}")
    if len(labels) != rows * cols:
        raise PuzzleError(f"expected {rows * cols} cells for {rows}x{cols}, got {len(labels)}")
    renumber: dict[int, int] = {HOLE: HOLE}  # its entry is not a region: hence the - 1
    regions = tuple(renumber.setdefault(label, len(renumber) - 1) for label in labels)
    puzzle = Lits(rows, cols, regions)
    validate(puzzle)
    return puzzle


def validate(puzzle: Lits) -> None:
    """Raise PuzzleError for a board no solver should be handed.

    A connected region of five or more cells always holds an L, I, T or S
    (add any outside neighbour to three cells of a 2×2 inside it, or grow a
    path), so the only connected region with no possible tetromino is a
    region that is exactly a 2×2 square.
    """
    cols = puzzle.cols
    if not puzzle.region_cells:
        raise PuzzleError("every cell is a hole: a LITS board needs at least one region")
    for number, cells in enumerate(puzzle.region_cells):
        first = where(cols, cells[0])
        if len(cells) < MIN_REGION:
            raise PuzzleError(
                f"region {number + 1} has {len(cells)} cell{'' if len(cells) == 1 else 's'}; "
                f"a LITS region needs at least {MIN_REGION}",
                where=first,
            )
        if not connected_cells(puzzle, cells):
            raise PuzzleError(f"region {number + 1} is split into pieces", where=first)
        if len(cells) == 4 and square_cells(cols, cells):
            raise PuzzleError(
                f"region {number + 1} is a 2x2 square: its only tetromino is the forbidden O",
                where=first,
            )


def connected_cells(puzzle: Lits, cells: Sequence[int]) -> bool:
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for other in beside(puzzle.cols, todo.pop()):
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


def square_cells(cols: int, cells: Sequence[int]) -> bool:
    top = min(cells)
    return sorted(cells) == [top, top + 1, top + cols, top + cols + 1] and top % cols < cols - 1


# -- text form ---------------------------------------------------------------


def parse_text(text: str) -> Lits:
    """Parse the text form: a header line, then the region map, one line per row.

    ::

        lits 4x4
        A A B B
        A A B C
        A B B C
        C C C C

    Region labels are letters or numbers (``A``, ``7``, ``red``); each label
    names one connected region. A ``.`` is a hole: a cell in no region, never
    shaded. A row may be written with spaces between its
    labels, or as one word of single-character labels (``AABB``). Lines
    starting with ``#`` and blank lines are skipped. The size is ``ROWSxCOLS``
    (``×`` also works), each from 1 to 100.
    """
    rows, cols, labels = region_map.read_text(text, "lits", holes=True)
    return build(rows, cols, labels)


def format_text(puzzle: Lits) -> str:
    """The text form; regions are lettered A-Z, a-z, or numbered past 52; holes are ``.``."""
    return region_map.write_text("lits", puzzle.rows, puzzle.cols, puzzle.regions)


# -- JSON form ---------------------------------------------------------------


def to_json(puzzle: Lits) -> dict[str, Any]:
    return region_map.write_json("lits", puzzle.rows, puzzle.cols, puzzle.regions)


def from_json(obj: dict[str, Any]) -> Lits:
    rows, cols, flat = region_map.read_json(obj, holes=True)
    return build(rows, cols, flat)


# -- picture -----------------------------------------------------------------


def render(puzzle: Lits, grid: Rows | None = None) -> str:
    """Box-drawing picture: lines between regions, ``#`` shaded, ``.`` marked
    unshaded, ``///`` a hole."""

    def content(cell: int) -> str:
        if puzzle.regions[cell] == HOLE:
            return "///"
        value = grid[cell // puzzle.cols][cell % puzzle.cols] if grid else 0
        return " # " if value == 1 else " . " if value == 2 else "   "

    return region_map.picture(puzzle.rows, puzzle.cols, puzzle.regions, content)
