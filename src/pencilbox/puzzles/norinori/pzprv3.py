"""Norinori in pzprv3 files: the rooms, then the player's shading.

pzprjs writes Norinori's rooms as a count line and a room id per cell
(``pzprv3/norinori/5/5/5/0 0 1 2 2 /...``), then a line per row of ``#``
shaded, ``+`` marked unshaded and ``.`` nothing. A ``pzprv3.1`` file giving
the rooms as border grids (``1`` a border) reads too. The answer is a
position: 1 shaded, 2 a dot, 0 nothing.
"""

from __future__ import annotations

from ...codecs import region_map
from ...codecs.pzprv3 import Pzprv3
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


def read(file: Pzprv3) -> tuple[Norinori, Rows | None]:
    body, labels = region_map.read_pzprv3_rooms(file)
    try:
        puzzle = model.build(file.rows, file.cols, labels)
    except PuzzleError as error:
        raise PuzzleError(str(error), where="pzprv3") from None
    return puzzle, region_map.read_pzprv3_shading(file, body)


def write(puzzle: Norinori, answer: Rows | None) -> Pzprv3:
    """The file as pzprjs writes it: room count, room ids, then the answer."""
    rows, cols = puzzle.rows, puzzle.cols
    lines = region_map.pzprv3_room_lines(rows, cols, puzzle.regions)
    lines += region_map.pzprv3_shading_lines(rows, cols, answer)
    return Pzprv3("norinori", rows, cols, tuple(lines))
