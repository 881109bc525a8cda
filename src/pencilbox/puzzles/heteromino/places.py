"""Where Heteromino answers differ: the stretches of white cells they cut differently.

A solution names its pieces by number in reading order, so one piece cut
differently near the top renumbers every piece after it; two answers are
compared by which cells share a piece instead (:func:`cell_contents`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...grid import Rows
from .model import Heteromino


def cell_contents(puzzle: Heteromino, grid: Rows) -> list[object]:
    """Per cell its piece as the cells it covers (None for a black cell), so that
    the same piece compares equal whatever number each answer gives it."""
    flat = [value for row in grid for value in row]
    pieces: dict[int, list[int]] = {}
    for cell, number in enumerate(flat):
        if not puzzle.black[cell]:
            pieces.setdefault(number, []).append(cell)
    return [None if puzzle.black[cell] else tuple(pieces[flat[cell]]) for cell in range(len(flat))]


def difference_places(
    puzzle: Heteromino, cells: Sequence[int]
) -> list[tuple[str, tuple[int, ...]]]:
    """One place per orthogonally connected stretch of differing cells: black
    cells and settled pieces wall each stretch in, and within one the answers
    cut the same cells into trominoes in different ways."""
    left = set(cells)
    places = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        stretch, todo = [start], [start]
        while todo:
            row, col = divmod(todo.pop(), puzzle.cols)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                other = r * puzzle.cols + c
                if 0 <= r < puzzle.rows and 0 <= c < puzzle.cols and other in left:
                    left.discard(other)
                    stretch.append(other)
                    todo.append(other)
        row, col = divmod(start, puzzle.cols)
        words = f"the {len(stretch)} cells from r{row + 1}c{col + 1} cut in more than one way"
        places.append((words, tuple(sorted(stretch))))
    return places
