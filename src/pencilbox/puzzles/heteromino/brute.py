"""Engine 2, the scanner: an independent Heteromino counter that keeps no domains at all.

This module is the yardstick engine 1 (the rungs) is measured against, so it
shares no code with engine 1 (the state, its tables, the rules), ``engine.py``
or ``grid.py``. It reads only the board's fields (``rows``, ``cols``,
``black``) and works from the rule text:

* every white cell is in exactly one piece of three cells, a bar or an L;
* no piece covers a black cell;
* two pieces of the same shape as drawn never share an edge.

It walks the board in reading order. At the first white cell no piece
covers yet it tries every tromino (all six shapes, each in each of the three
positions that put one of its cells there) that stays on the board and on
white, uncovered cells, and checks the same-shape rule directly against the
pieces already down. Pieces are numbered in the order they go down, which is
the reading order of their first cells, so the grids come out numbered as
solution grids are.
"""

from __future__ import annotations

from .model import Heteromino

Rows = list[list[int]]

# The six shapes as drawn, as (row, col) cell offsets. Written out again here,
# not imported, so a mistake in the shared tables cannot hide.
_TROMINOES = (
    ((0, 0), (0, 1), (0, 2)),
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (0, 1), (1, 0)),
    ((0, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (1, 1)),
    ((0, 1), (1, 0), (1, 1)),
)


def count(puzzle: Heteromino, limit: int) -> tuple[int, list[Rows]]:
    """Count tilings of ``puzzle`` up to ``limit``: ``(count, solutions)``, ``count ==
    len(solutions) <= limit``, each solution int rows of piece numbers 1..n and 0 for
    black. A count below ``limit`` is exact."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    rows, cols = puzzle.rows, puzzle.cols
    black = puzzle.black
    total = rows * cols
    covering = _placements(rows, cols)
    neighbours = [_edge_neighbours(rows, cols, cell) for cell in range(total)]
    owner = [0] * total  # piece number per cell, 0 while uncovered
    shape_of: list[int] = [-1]  # shape of piece number n at index n
    solutions: list[Rows] = []

    def legal(cells: tuple[int, ...], shape: int) -> bool:
        for cell in cells:
            if black[cell] or owner[cell]:
                return False
        for cell in cells:
            for other in neighbours[cell]:
                piece = owner[other]
                if piece and other not in cells and shape_of[piece] == shape:
                    return False
        return True

    def first_open(cell: int) -> int:
        while cell < total and (black[cell] or owner[cell]):
            cell += 1
        return cell

    # Depth-first with an explicit stack (a 100x100 board is 3000+ pieces
    # deep): each frame is [cell to cover, index of the next placement to try].
    stack = [[first_open(0), 0]]
    while stack:
        frame = stack[-1]
        cell, tried = frame
        if cell == total:
            solutions.append([owner[r * cols : (r + 1) * cols] for r in range(rows)])
            if len(solutions) >= limit:
                break
            stack.pop()
            _lift(stack, covering, owner, shape_of)
            continue
        options = covering[cell]
        while tried < len(options) and not legal(*options[tried]):
            tried += 1
        if tried == len(options):
            stack.pop()
            _lift(stack, covering, owner, shape_of)
            continue
        frame[1] = tried + 1
        cells, shape = options[tried]
        for covered in cells:
            owner[covered] = len(shape_of)
        shape_of.append(shape)
        stack.append([first_open(cell + 1), 0])
    return len(solutions), solutions


Placements = list[list[tuple[tuple[int, ...], int]]]


def _placements(rows: int, cols: int) -> Placements:
    """Every placement on the board that covers each cell: (cells, shape), cells in any order."""
    covering: Placements = [[] for _ in range(rows * cols)]
    for shape, offsets in enumerate(_TROMINOES):
        for row in range(rows):
            for col in range(cols):
                spots = [(row + dr, col + dc) for dr, dc in offsets]
                if all(0 <= r < rows and 0 <= c < cols for r, c in spots):
                    cells = tuple(r * cols + c for r, c in spots)
                    for cell in cells:
                        covering[cell].append((cells, shape))
    return covering


def _edge_neighbours(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [r * cols + c for r, c in steps if 0 <= r < rows and 0 <= c < cols]


def _lift(
    stack: list[list[int]], covering: Placements, owner: list[int], shape_of: list[int]
) -> None:
    """Take up the piece the frame now on top put down (if any)."""
    if not stack:
        return
    cell, tried = stack[-1]
    cells, _ = covering[cell][tried - 1]
    for covered in cells:
        owner[covered] = 0
    shape_of.pop()
