"""Norinori from a janko dataset board: region ids (after a grid of ``-``
clues, if the dataset keeps one); the solution marks each shaded cell
(``x``, or any letter), ``-`` unshaded."""

from __future__ import annotations

from ...codecs.janko import EMPTY, Janko
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Norinori


def read(board: Janko) -> tuple[Norinori, Rows | None]:
    if len(board.grids) > 2:
        raise PuzzleError(
            f"a Norinori board has 1 or 2 grids, not {len(board.grids)}", where="janko"
        )
    for cell, clue in enumerate(board.grids[0] if len(board.grids) == 2 else ()):
        if clue != EMPTY:
            raise PuzzleError(f"Norinori has no clue {clue[:20]!r}", where=board.where(cell))
    grid = len(board.grids) - 1
    ids = [_region(board, grid, cell, token) for cell, token in enumerate(board.grids[grid])]
    cols = board.cols
    regions = [ids[r * cols : (r + 1) * cols] for r in range(board.rows)]
    obj = {"puzzle": "norinori", "rows": board.rows, "cols": cols, "regions": regions}
    try:
        puzzle = model.from_json(obj)
    except PuzzleError as error:
        raise PuzzleError(str(error).removeprefix("JSON: "), where="janko") from None
    if board.solution is None:
        return puzzle, None
    shaded = [_shade(cell, token) for cell, token in enumerate(board.solution)]
    return puzzle, [shaded[r * cols : (r + 1) * cols] for r in range(board.rows)]


def _region(board: Janko, grid: int, cell: int, token: str) -> int:
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        raise PuzzleError(
            f"region id {token[:20]!r} is not a number", where=board.where(cell, grid)
        )
    return int(token)


def _shade(cell: int, token: str) -> int:
    if token == EMPTY:
        return 0
    if not (len(token) == 1 and token.isalpha()):
        raise PuzzleError(
            f"solution entry {token[:20]!r} is not 'x' or '-'",
            where=f"janko solution, cell {cell + 1}",
        )
    return 1
