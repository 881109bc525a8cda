"""Fillomino from a janko dataset board: one grid of givens (``-`` empty);
the solution is each cell's region size."""

from __future__ import annotations

from ...codecs.janko import EMPTY, Janko
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Fillomino


def read(board: Janko) -> tuple[Fillomino, Rows | None]:
    if len(board.grids) != 1:
        raise PuzzleError(
            f"a Fillomino board has 1 grid (the givens), not {len(board.grids)}", where="janko"
        )
    givens = [_number(board, 0, cell, token) for cell, token in enumerate(board.grids[0])]
    puzzle = model.read(board.rows, board.cols, givens, where_="janko givens")
    if board.solution is None:
        return puzzle, None
    sizes = [_number(board, -1, cell, token) for cell, token in enumerate(board.solution)]
    cols = board.cols
    return puzzle, [sizes[r * cols : (r + 1) * cols] for r in range(board.rows)]


def _number(board: Janko, grid: int, cell: int, token: str) -> int:
    """A number token; ``-`` is 0 (no given, or a solution cell left open)."""
    if token == EMPTY:
        return 0
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        place = board.where(cell, grid) if grid >= 0 else f"janko solution, cell {cell + 1}"
        raise PuzzleError(f"{token[:20]!r} is not a number or '-'", where=place)
    return int(token)
