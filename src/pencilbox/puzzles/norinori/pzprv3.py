"""Norinori in pzprv3 files: the rooms, then the player's shading.

pzprjs writes Norinori's rooms as a count line and a room id per cell
(``pzprv3/norinori/5/5/5/0 0 1 2 2 /...``), then a line per row of ``#``
shaded, ``+`` marked unshaded and ``.`` nothing. A ``pzprv3.1`` file giving
the rooms as border grids (``1`` a border) reads too. The answer is a
position: 1 shaded, 2 a dot, 0 nothing.
"""

from __future__ import annotations

from ...codecs.puzzlink import labels_of_borders
from ...codecs.pzprv3 import Body, Pzprv3, cell_line
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Norinori

PZPR_FAILCODES = {
    "csGt2": "crowded",
    "bkShadeGt2": "region-count",
    "csLt2": "lone",
    "bkShadeLt2": "region-count",
    "bkNoShade": "region-count",
}
"""pzprjs's failcode for each broken rule, and the checker's rule name for it."""

_MARKS = {"#": 1, "+": 2, ".": 0}
_WRITTEN = {1: "#", 2: "+"}


def read(file: Pzprv3) -> tuple[Norinori, Rows | None]:
    body = Body(file)
    rows, cols = file.rows, file.cols
    if file.version >= 1:
        labels = labels_of_borders(cols, rows, body.borders("region borders", ("1",)))
    else:
        body.grid(1, 1, "room count")
        ids = body.grid(rows, cols, "room ids")
        labels = [_room(token, body, index) for index, token in enumerate(ids)]
    try:
        puzzle = model.build(rows, cols, labels)
    except PuzzleError as error:
        raise PuzzleError(str(error), where="pzprv3") from None
    if body.at_end:
        return puzzle, None
    marks = body.grid(rows, cols, "answer", tuple(_MARKS))
    body.expect_end()
    return puzzle, [[_MARKS[t] for t in marks[r * cols : (r + 1) * cols]] for r in range(rows)]


def _room(token: str, body: Body, index: int) -> int:
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        raise PuzzleError(f"room id {token[:20]!r} is not a number", where=body.place(index))
    return int(token)


def write(puzzle: Norinori, answer: Rows | None) -> Pzprv3:
    """The file as pzprjs writes it: room count, room ids, then the answer."""
    rows, cols = puzzle.rows, puzzle.cols
    lines = [str(puzzle.region_count)]
    lines += [
        cell_line([str(region) for region in puzzle.regions[r * cols : (r + 1) * cols]])
        for r in range(rows)
    ]
    grid = answer or [[0] * cols for _ in range(rows)]
    lines += [cell_line([_WRITTEN.get(value, ".") for value in row]) for row in grid]
    return Pzprv3("norinori", rows, cols, tuple(lines))
