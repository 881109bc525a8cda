"""Suguru from a janko dataset board: a grid of givens (``-`` empty), then the
block ids (``@`` a removed cell); the solution is a digit per cell."""

from __future__ import annotations

from ...codecs.janko import EMPTY, HOLE, Janko
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import REMOVED, Suguru


def read(board: Janko) -> tuple[Suguru, Rows | None]:
    if len(board.grids) != 2:
        raise PuzzleError(
            f"a Suguru board has 2 grids (givens, blocks), not {len(board.grids)}", where="janko"
        )
    givens = [_number(board, 0, cell, token) for cell, token in enumerate(board.grids[0])]
    blocks = [
        REMOVED if token == HOLE else _number(board, 1, cell, token)
        for cell, token in enumerate(board.grids[1])
    ]
    puzzle = model.build(board.rows, board.cols, blocks, givens)
    if board.solution is None:
        return puzzle, None
    digits = [_number(board, -1, cell, token) for cell, token in enumerate(board.solution)]
    cols = board.cols
    return puzzle, [digits[r * cols : (r + 1) * cols] for r in range(board.rows)]


def _number(board: Janko, grid: int, cell: int, token: str) -> int:
    """A number token; ``-`` (and ``@`` outside the block ids) is 0."""
    if token in (EMPTY, HOLE):
        return 0
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        place = board.where(cell, grid) if grid >= 0 else f"janko solution, cell {cell + 1}"
        raise PuzzleError(f"{token[:20]!r} is not a number or '-'", where=place)
    return int(token)
