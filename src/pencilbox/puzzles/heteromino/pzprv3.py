"""Heteromino in pzprv3 files: the black cells, then the borders the player drew.

The body is a line per row of ``.`` white and ``*`` black, then the answer's
borders including the board's edge (``1`` a border, ``2`` a border marked
too, ``-1`` the player's "no border here", ``0`` nothing). Our answer is a
piece number per cell: the cells the drawn borders enclose together get one
number, in reading order of their first cell, black cells 0; writing draws
a border between white cells of different numbers, as pzprjs does.
"""

from __future__ import annotations

from ...codecs.puzzlink import Borders, labels_of_borders
from ...codecs.pzprv3 import Body, Pzprv3, border_lines, cell_line
from ...kind import Rows
from . import model
from .model import Heteromino

PZPR_FAILCODES = {
    "bkSizeGt3": "too-big",
    "bkSizeLt3": "too-small",
    "bkSameTouch": "same-shape",
}
"""pzprjs's failcode for each broken rule, and the checker's rule name for it."""

_BLACK, _WHITE = "*", "."


def read(file: Pzprv3) -> tuple[Heteromino, Rows | None]:
    body = Body(file)
    rows, cols = file.rows, file.cols
    cells = body.grid(rows, cols, "cells", (_WHITE, _BLACK))
    black = [token == _BLACK for token in cells]
    puzzle = model.build(rows, cols, black, where="pzprv3 cells")
    if body.at_end:
        return puzzle, None
    borders = body.borders("answer borders", ("1", "2"), outer=True)
    body.expect_end()
    pieces = labels_of_borders(cols, rows, borders, black)
    return puzzle, [[label + 1 for label in pieces[r * cols : (r + 1) * cols]] for r in range(rows)]


def write(puzzle: Heteromino, answer: Rows | None) -> Pzprv3:
    rows, cols = puzzle.rows, puzzle.cols
    lines = [
        cell_line([_BLACK if b else _WHITE for b in puzzle.black[r * cols : (r + 1) * cols]])
        for r in range(rows)
    ]
    numbers = [value for row in answer for value in row] if answer else [0] * (rows * cols)

    def split(a: int, b: int) -> bool:
        return not (puzzle.black[a] or puzzle.black[b]) and numbers[a] != numbers[b]

    borders = Borders(
        tuple(split(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)),
        tuple(
            split(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)
        ),
    )
    lines += border_lines(borders, rows, cols, outer=True)
    return Pzprv3("heteromino", rows, cols, tuple(lines))
