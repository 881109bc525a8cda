"""What a draft LITS board (the JSON form, perhaps half drawn) breaks, with its cells.

The editor sends every draft; one the board reader refuses gets the reasons
here, each with the cells to light on the board, instead of one error.
"""

from __future__ import annotations

from typing import Any

from ...codecs import region_map
from ...codecs.grids import flat_ints, json_size
from ...kind import Violation, draft_problems_of
from . import model
from .model import HOLE, MIN_REGION


def draft_problems(obj: dict[str, Any]) -> list[Violation]:
    """Every region too small, split or a 2x2 square (empty: the board reads);
    PuzzleError when the form itself is malformed."""
    return draft_problems_of(obj, model.from_json, _problems)


def _problems(obj: dict[str, Any]) -> list[Violation]:
    rows, cols = json_size(obj)
    labels = flat_ints(obj.get("regions"), rows, cols)
    if labels is None:
        return []
    found = [
        Violation(rule, cells, words)
        for rule, cells, words in region_map.region_problems(rows, cols, labels, MIN_REGION)
    ]
    flagged = {cell for problem in found for cell in problem.cells}
    for label in dict.fromkeys(labels):
        cells = [cell for cell, other in enumerate(labels) if other == label]
        if label == HOLE or cells[0] in flagged or len(cells) != MIN_REGION:
            continue
        if model.square_cells(cols, cells):
            words = "is a 2x2 square: its only tetromino is the forbidden O"
            found.append(
                Violation(
                    "square-region", tuple(cells), f"the region at {_label(cols, cells[0])} {words}"
                )
            )
    return sorted(found, key=lambda problem: problem.cells[0])  # region by region


def _label(cols: int, cell: int) -> str:
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"
