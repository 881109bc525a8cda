"""LITS in pzprv3 files: the regions, then the player's shading.

pzprjs writes ``pzprv3.1``: the region borders (``1`` a border), then a
line per row of ``#`` shaded, ``+`` marked unshaded and ``.`` nothing. The
older ``pzprv3`` gives the regions as a count line and a room id per cell;
both read. The answer is a position: 1 shaded, 2 a dot, 0 nothing.
"""

from __future__ import annotations

from ...codecs import region_map
from ...codecs.pzprv3 import Pzprv3
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


def read(file: Pzprv3) -> tuple[Lits, Rows | None]:
    body, labels = region_map.read_pzprv3_rooms(file)
    puzzle = model.build(file.rows, file.cols, labels)
    return puzzle, region_map.read_pzprv3_shading(file, body)


def write(puzzle: Lits, answer: Rows | None) -> Pzprv3:
    rows, cols = puzzle.rows, puzzle.cols
    if any(region < 0 for region in puzzle.regions):
        raise PuzzleError("a LITS board with cells in no region has no pzprv3 form")
    lines = region_map.pzprv3_border_lines(rows, cols, puzzle.regions)
    lines += region_map.pzprv3_shading_lines(rows, cols, answer)
    return Pzprv3("lits", rows, cols, tuple(lines), version=1)
