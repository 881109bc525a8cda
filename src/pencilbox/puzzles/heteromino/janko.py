"""Heteromino from a janko board: one grid, ``-`` a white cell, ``@`` a black
one (a cell not part of the board); a solution names each white cell's piece
with any token (equal tokens, one piece), ``-`` or ``@`` for black cells.
The pieces are numbered in reading order of their first cell."""

from __future__ import annotations

from ...codecs.janko import EMPTY, HOLE, Janko
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Heteromino


def read(board: Janko) -> tuple[Heteromino, Rows | None]:
    if len(board.grids) != 1:
        raise PuzzleError(f"a Heteromino board has 1 grid, not {len(board.grids)}", where="janko")
    for cell, token in enumerate(board.grids[0]):
        if token not in (EMPTY, HOLE):
            raise PuzzleError(
                f"{token[:20]!r} is not '-' (white) or '@' (black)", where=board.where(cell)
            )
    black = [token == HOLE for token in board.grids[0]]
    puzzle = model.build(board.rows, board.cols, black, where="janko")
    if board.solution is None:
        return puzzle, None
    pieces: dict[str, int] = {}
    numbers = [
        0 if token in (EMPTY, HOLE) else pieces.setdefault(token, len(pieces) + 1)
        for token in board.solution
    ]
    cols = board.cols
    return puzzle, [numbers[r * cols : (r + 1) * cols] for r in range(board.rows)]
