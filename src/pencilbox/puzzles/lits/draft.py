"""What a draft LITS board (the JSON form, perhaps half drawn) breaks, with its cells.

The editor sends every draft; one the board reader refuses gets the reasons
here, each with the cells to light on the board, instead of one error.
"""

from __future__ import annotations

from typing import Any

from ...codecs.grids import flat_ints, json_size
from ...kind import Violation, draft_problems_of
from . import model
from .model import MIN_REGION, Lits


def draft_problems(obj: dict[str, Any]) -> list[Violation]:
    """Every region too small, split or a 2x2 square (empty: the board reads);
    PuzzleError when the form itself is malformed."""
    return draft_problems_of(obj, model.from_json, _problems)


def _problems(obj: dict[str, Any]) -> list[Violation]:
    rows, cols = json_size(obj)
    labels = flat_ints(obj.get("regions"), rows, cols)
    if labels is None:
        return []
    # Same-label cells form one region here, split or not: a split one is a problem.
    members: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        members.setdefault(label, []).append(cell)
    board = Lits(rows, cols, tuple(labels))
    found = []
    for cells in members.values():
        first = _label(cols, cells[0])
        if len(cells) < MIN_REGION:
            found.append(
                Violation(
                    "small-region",
                    tuple(cells),
                    f"the region at {first} has {len(cells)} cell"
                    f"{'' if len(cells) == 1 else 's'}; a region needs at least {MIN_REGION}",
                )
            )
        elif not model.connected_cells(board, cells):
            found.append(
                Violation("split-region", tuple(cells), f"the region at {first} is split in pieces")
            )
        elif len(cells) == MIN_REGION and model.square_cells(cols, cells):
            found.append(
                Violation(
                    "square-region",
                    tuple(cells),
                    f"the region at {first} is a 2x2 square: its only tetromino is the forbidden O",
                )
            )
    return found


def _label(cols: int, cell: int) -> str:
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"
