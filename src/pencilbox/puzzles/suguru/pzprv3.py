"""Suguru in pzprv3 files: block borders, the givens, then the player's digits.

The body is the block borders (``1`` a border), a line per row of givens
(``.`` none, ``-`` pzprjs's question mark, which constrains nothing in
Suguru and reads as blank) and a line per row of the player's digits
(``.`` none; a ``[...]`` prefix holds pencil marks, which are not kept).
The answer is a filled-in grid with the givens in place, as the checker
reads it; pzprjs leaves given cells ``.`` in the answer, and so does
:func:`write`. Removed cells have no pzprv3 form.
"""

from __future__ import annotations

from ...codecs.puzzlink import borders_of_labels, labels_of_borders
from ...codecs.pzprv3 import Body, Pzprv3, border_lines, cell_line
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import REMOVED, Suguru

PZPR_FAILCODES = {
    "bkDupNum": "block-repeat",
    "nmAround": "touching-equal",
    "ceNoNum": "empty",
}
"""pzprjs's failcode for each broken rule, and the checker's rule name for it."""

_MAX_DIGIT = 10_000  # far past any block; keeps int() off huge tokens


def read(file: Pzprv3) -> tuple[Suguru, Rows | None]:
    body = Body(file)
    rows, cols = file.rows, file.cols
    blocks = labels_of_borders(cols, rows, body.borders("block borders", ("1",)))
    clues = body.grid(rows, cols, "givens")
    givens = [_digit(token, body, index, ("-",)) for index, token in enumerate(clues)]
    puzzle = model.build(rows, cols, blocks, givens)
    if body.at_end:
        return puzzle, None
    entries = body.grid(rows, cols, "answer")
    digits = [_digit(token, body, index, ("+",)) for index, token in enumerate(entries)]
    body.expect_end()
    merged = [g or d for g, d in zip(givens, digits, strict=True)]
    return puzzle, [merged[r * cols : (r + 1) * cols] for r in range(rows)]


def _digit(token: str, body: Body, index: int, blanks: tuple[str, ...]) -> int:
    """A digit token (0 for ``.`` and ``blanks``), pencil marks dropped."""
    if token.startswith("[") and "]" in token:
        token = token[token.index("]") + 1 :] or "."
    if token == "." or token in blanks:
        return 0
    if not (token.isascii() and token.isdigit() and 0 < int(token[:6]) <= _MAX_DIGIT):
        raise PuzzleError(f"{token[:20]!r} is not a digit or '.'", where=body.place(index))
    return int(token)


def write(puzzle: Suguru, answer: Rows | None) -> Pzprv3:
    rows, cols = puzzle.rows, puzzle.cols
    if REMOVED in puzzle.blocks:
        raise PuzzleError("a Suguru board with removed cells has no pzprv3 form")
    lines = border_lines(borders_of_labels(cols, rows, puzzle.blocks), rows, cols)
    givens = puzzle.givens
    lines += [
        cell_line([str(g) if g else "." for g in givens[r * cols : (r + 1) * cols]])
        for r in range(rows)
    ]
    grid = answer or [[0] * cols for _ in range(rows)]
    for r, row in enumerate(grid):
        entries = [str(v) if v and not givens[r * cols + c] else "." for c, v in enumerate(row)]
        lines.append(cell_line(entries))
    return Pzprv3("suguru", rows, cols, tuple(lines))
