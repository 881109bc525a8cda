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
from typing import NamedTuple

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


class Placement(NamedTuple):
    """One tetromino a region may hold: its cells (bitset) and its shape id.

    A named tuple rather than a dataclass: a large board makes thousands of
    these per puzzle, and a tuple is several times cheaper to build.
    """

    cells: Mask
    shape: int

    @property
    def letter(self) -> str:
        return SHAPES[self.shape]


@dataclass(frozen=True)
class Orientation:
    """One fixed orientation of an L, I, T or S, anchored at its first cell
    (in reading order), so every other cell lies later on the board."""

    shape: int
    # (row, column) steps from the anchor to each of the four cells
    steps: tuple[Point, ...]
    # the shape's edges as (step of the edge's left or upper cell, across?):
    # across=True joins that cell to its right-hand neighbour, False to the one below
    edges: tuple[tuple[Point, bool], ...]

    def offsets(self, cols: int) -> tuple[int, ...]:
        """The four cells' distances from the anchor on a board ``cols`` wide."""
        return tuple(dr * cols + dc for dr, dc in self.steps)


def _anchored(points: Iterable[Point], shape: int) -> Orientation:
    listed = sorted(points)
    top_r, top_c = listed[0]
    steps = tuple((r - top_r, c - top_c) for r, c in listed)
    present = set(steps)
    edges = tuple(
        ((dr, dc), across)
        for dr, dc in steps
        for across in (True, False)
        if ((dr, dc + 1) if across else (dr + 1, dc)) in present
    )
    return Orientation(shape, steps, edges)


ORIENTATIONS: tuple[Orientation, ...] = tuple(
    _anchored(image, SHAPES.index(name))
    for name, points in _EXAMPLES.items()
    if name != "O"
    for image in sorted(_images(points))
)
"""The 18 fixed orientations of L (8), I (2), T (4) and S (4)."""


def edge_masks(grid: Grid, together: Sequence[int]) -> tuple[Mask, Mask]:
    """(east, south): the cells whose right-hand / lower neighbour carries the
    same ``together`` label (a region number, or inside/outside a set)."""
    cols = grid.cols
    east = _mask_of_flags(
        a == b and (x + 1) % cols != 0
        for x, (a, b) in enumerate(zip(together, together[1:], strict=False))
    )
    south = _mask_of_flags(a == b for a, b in zip(together, together[cols:], strict=False))
    return east, south


def _mask_of_flags(flags: Iterable[bool]) -> Mask:
    """The set of the indices whose flag is true (one string-to-int, not a
    shift per index: this runs over every cell of large boards)."""
    text = "".join("1" if flag else "0" for flag in flags)
    return int(text[::-1], 2) if text else 0


def anchors(grid: Grid, east: Mask, south: Mask) -> list[tuple[Orientation, Mask]]:
    """For each orientation, the cells it can be anchored on so that all its
    edges are ``east``/``south`` edges, i.e. all four cells carry one label.

    Every edge is checked bit-parallel over the whole board at once. Walking
    the shape's edges out from the anchor, each edge joins a real cell to
    its real neighbour (``east`` never holds a last-column cell), so a
    wrapped row can never fake a placement.
    """
    cols = grid.cols
    every = (1 << grid.rows * cols) - 1
    found = []
    for orientation in ORIENTATIONS:
        can = every
        for (dr, dc), across in orientation.edges:
            offset = dr * cols + dc
            edges = east if across else south
            can &= edges >> offset if offset >= 0 else edges << -offset
        can &= every
        if can:
            found.append((orientation, can))
    return found


def placements(grid: Grid, cells: Sequence[int]) -> tuple[Placement, ...]:
    """The tetrominoes a region of ``cells`` may hold: connected, not a 2×2,
    ordered by their cell bitsets.

    Each of the 18 L/I/T/S orientations is matched against the whole set at
    once (see :func:`anchors`); the O is never among them.
    """
    wanted = set(cells)
    inside = [cell in wanted for cell in grid.cells]
    east, south = edge_masks(grid, inside)
    inside_mask = mask_of(cells)
    found = []
    for orientation, can in anchors(grid, east & inside_mask, south & inside_mask):
        offsets = orientation.offsets(grid.cols)
        pattern = mask_of(offsets)
        for anchor in members(can):
            found.append(Placement(pattern << anchor, orientation.shape))
    found.sort()
    return tuple(found)
