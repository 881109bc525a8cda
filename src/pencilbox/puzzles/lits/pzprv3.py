"""LITS in pzprv3 files: the regions, then the player's shading.

pzprjs writes ``pzprv3.1``: the region borders (``1`` a border), then a
line per row of ``#`` shaded, ``+`` marked unshaded and ``.`` nothing. The
older ``pzprv3`` gives the regions as a count line and a room id per cell;
both read. The answer is a position: 1 shaded, 2 a dot, 0 nothing.
"""

from __future__ import annotations

from ...codecs.puzzlink import borders_of_labels, labels_of_borders
from ...codecs.pzprv3 import Body, Pzprv3, border_lines, cell_line
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Lits

PZPR_FAILCODES = {
    "cs2x2": "square",
    "bkShadeGt4": "region-count",
    "bkShadeLt4": "region-count",
    "bkNoShade": "region-count",
    "bkShadeDivide": "region-split",
    "csDivide": "disconnected",
    "bsSameShape": "same-shape",
}
"""pzprjs's failcode for each broken rule, and the checker's rule name for it."""

_MARKS = {"#": 1, "+": 2, ".": 0}
_WRITTEN = {1: "#", 2: "+"}


def read(file: Pzprv3) -> tuple[Lits, Rows | None]:
    body = Body(file)
    rows, cols = file.rows, file.cols
    if file.version >= 1:
        labels = labels_of_borders(cols, rows, body.borders("region borders", ("1",)))
    else:
        body.grid(1, 1, "room count")
        ids = body.grid(rows, cols, "room ids")
        labels = [_room(token, body, index) for index, token in enumerate(ids)]
    puzzle = model.build(rows, cols, labels)
    if body.at_end:
        return puzzle, None
    marks = body.grid(rows, cols, "answer", tuple(_MARKS))
    body.expect_end()
    return puzzle, [[_MARKS[t] for t in marks[r * cols : (r + 1) * cols]] for r in range(rows)]


def _room(token: str, body: Body, index: int) -> int:
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        raise PuzzleError(f"room id {token[:20]!r} is not a number", where=body.place(index))
    return int(token)


def write(puzzle: Lits, answer: Rows | None) -> Pzprv3:
    rows, cols = puzzle.rows, puzzle.cols
    if any(region < 0 for region in puzzle.regions):
        raise PuzzleError("a LITS board with cells in no region has no pzprv3 form")
    lines = border_lines(borders_of_labels(cols, rows, puzzle.regions), rows, cols)
    grid = answer or [[0] * cols for _ in range(rows)]
    lines += [cell_line([_WRITTEN.get(value, ".") for value in row]) for row in grid]
    return Pzprv3("lits", rows, cols, tuple(lines), version=1)
