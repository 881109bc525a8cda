"""Tetromino geometry for LITS: connected 4-cell subsets, their shapes, placements.

A *placement* of a region is a set of four of its cells that is connected
and is not a 2×2 square. The puzzle's name says "L, I, T or S", but that is
a consequence, not an extra rule: the only connected 4-cell set that
contains a 2×2 square is the square itself, which is exactly the shape that
classifies as O (``tests/test_lits_shapes.py`` checks this on every
connected 4-subset of a 5×5 board). So dropping the O and keeping the
no-2×2 rule leaves the same four letters.

Cell sets are ``int`` bitsets over the board (see :mod:`pencilbox.grid`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...grid import Grid, Mask, mask_of, members

SHAPES = ("L", "I", "T", "S", "O")
"""Shape ids index this tuple; O never appears in a placement."""

Point = tuple[int, int]


def _normalise(points: Iterable[Point]) -> tuple[Point, ...]:
    listed = list(points)
    low_r = min(r for r, _ in listed)
    low_c = min(c for _, c in listed)
    return tuple(sorted((r - low_r, c - low_c) for r, c in listed))


def canonical(points: Iterable[Point]) -> tuple[Point, ...]:
    """The least of a shape's eight images under rotation and reflection."""
    base = list(points)
    images = []
    for reflect in (False, True):
        pts = [(r, -c) if reflect else (r, c) for r, c in base]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            images.append(_normalise(pts))
    return min(images)


def _images(points: Iterable[Point]) -> set[tuple[Point, ...]]:
    """The (up to eight) placements-at-the-origin of a shape under rotation and reflection."""
    base = list(points)
    found = set()
    for reflect in (False, True):
        pts = [(r, -c) if reflect else (r, c) for r, c in base]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            found.add(_normalise(pts))
    return found


_EXAMPLES = {
    "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
    "I": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "S": [(0, 1), (0, 2), (1, 0), (1, 1)],
    "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
}


def _pattern(points: Iterable[Point]) -> int:
    """A fixed orientation as a bit pattern on a 4×4 patch at the origin: the
    cheap dictionary key for classifying (rotations and reflections are
    separate keys, all mapping to the same shape)."""
    listed = list(points)
    low_r = min(r for r, _ in listed)
    low_c = min(c for _, c in listed)
    key = 0
    for r, c in listed:
        key |= 1 << ((r - low_r) * 4 + c - low_c)
    return key


# every fixed orientation of every tetromino -> its shape id (19 entries)
_FIXED: dict[int, int] = {
    _pattern(image): SHAPES.index(name)
    for name, points in _EXAMPLES.items()
    for image in _images(points)
}


def classify(grid: Grid, cells: Iterable[int]) -> int:
    """The shape id (index into :data:`SHAPES`) of a tetromino's cells."""
    listed = list(cells)
    key = _pattern(divmod(cell, grid.cols) for cell in listed)
    shape = _FIXED.get(key) if len(listed) == 4 else None
    if shape is None:
        raise ValueError(f"not a tetromino: {grid.labels(listed)}")
    return shape


def letter(grid: Grid, cells: Iterable[int]) -> str:
    return SHAPES[classify(grid, cells)]


def connected_subsets(grid: Grid, cells: Sequence[int], size: int = 4) -> list[Mask]:
    """Every connected ``size``-cell subset of ``cells`` (as bitsets), each exactly once.

    Redelmeier's method: grow from each cell as the subset's smallest
    member; a cell joins the "untried" pool the first time it is seen next to
    the growing set, so no subset can be reached by two growth orders.
    """
    inside = mask_of(cells)
    neighbours = grid.orthogonal_masks
    found: list[Mask] = []

    def grow(current: Mask, untried: Mask, seen: Mask) -> None:
        while untried:
            low = untried & -untried
            untried ^= low
            bigger = current | low
            if bigger.bit_count() == size:
                found.append(bigger)
                continue
            fresh = neighbours[low.bit_length() - 1] & inside & ~seen
            grow(bigger, untried | fresh, seen | fresh)

    for start in sorted(cells):
        below = inside & ((1 << start) - 1)  # smaller cells belong to earlier starts
        untried = neighbours[start] & inside & ~below
        if size == 1:
            found.append(1 << start)
            continue
        grow(1 << start, untried, below | 1 << start | untried)
    return sorted(found)


def contains_square(grid: Grid, mask: Mask) -> bool:
    """True when the cells hold some full 2×2 square."""
    for cell in members(mask):
        row, col = grid.rowcol(cell)
        if row + 1 < grid.rows and col + 1 < grid.cols:
            square = 1 << cell | 1 << cell + 1 | 1 << cell + grid.cols | 1 << cell + grid.cols + 1
            if mask & square == square:
                return True
    return False


@dataclass(frozen=True)
class Placement:
    """One tetromino a region may hold: its cells (bitset) and its shape id."""

    cells: Mask
    shape: int

    @property
    def letter(self) -> str:
        return SHAPES[self.shape]


def placements(
    grid: Grid, cells: Sequence[int], known: dict[tuple[int, int], int] | None = None
) -> tuple[Placement, ...]:
    """The tetrominoes a region of ``cells`` may hold: connected, not a 2×2.

    ``known`` may carry shape ids between calls on one board, keyed by the
    bits above a tetromino's first cell and that cell's column: two
    tetrominoes with the same key are the same cells a whole number of rows
    apart, so they have the same shape (without the column, a shift could
    wrap cells round to the next row).
    """
    memo = {} if known is None else known
    o_shape = SHAPES.index("O")
    found = []
    for mask in connected_subsets(grid, cells):
        first = (mask & -mask).bit_length() - 1
        key = (mask >> first, first % grid.cols)
        shape = memo.get(key)
        if shape is None:
            shape = memo[key] = classify(grid, members(mask))
        if shape != o_shape:
            found.append(Placement(mask, shape))
    return tuple(found)
