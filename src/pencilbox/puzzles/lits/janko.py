"""LITS from a janko dataset board: region ids (after a grid of ``-`` clues, if
the dataset keeps one), ``@`` a cell in no region; the solution names each
shaded cell's tetromino (``L`` ``I`` ``T`` ``S``), ``-`` unshaded.

A cell in no region (a hole) goes through the JSON form as region -1.
"""

from __future__ import annotations

from ...codecs.janko import EMPTY, HOLE, Janko
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Lits


def read(board: Janko) -> tuple[Lits, Rows | None]:
    if len(board.grids) > 2:
        raise PuzzleError(f"a LITS board has 1 or 2 grids, not {len(board.grids)}", where="janko")
    for cell, clue in enumerate(board.grids[0] if len(board.grids) == 2 else ()):
        if clue not in (EMPTY, HOLE):
            raise PuzzleError(f"LITS has no clue {clue[:20]!r}", where=board.where(cell))
    grid = len(board.grids) - 1
    ids = [_region(board, grid, cell, token) for cell, token in enumerate(board.grids[grid])]
    cols = board.cols
    regions = [ids[r * cols : (r + 1) * cols] for r in range(board.rows)]
    obj = {"puzzle": "lits", "rows": board.rows, "cols": cols, "regions": regions}
    try:
        puzzle = model.from_json(obj)
    except PuzzleError as error:
        raise PuzzleError(str(error).removeprefix("JSON: "), where="janko") from None
    if board.solution is None:
        return puzzle, None
    shaded = [_shade(board, cell, token) for cell, token in enumerate(board.solution)]
    return puzzle, [shaded[r * cols : (r + 1) * cols] for r in range(board.rows)]


def _region(board: Janko, grid: int, cell: int, token: str) -> int:
    if token == HOLE:
        return -1
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        raise PuzzleError(
            f"region id {token[:20]!r} is not a number", where=board.where(cell, grid)
        )
    return int(token)


def _shade(board: Janko, cell: int, token: str) -> int:
    if token in (EMPTY, HOLE):
        return 0
    if not (len(token) == 1 and token.isalpha()):
        raise PuzzleError(
            f"solution entry {token[:20]!r} is not a tetromino letter or '-'",
            where=f"janko solution, cell {cell + 1}",
        )
    return 1
