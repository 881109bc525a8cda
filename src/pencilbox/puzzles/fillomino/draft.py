"""What a draft Fillomino board (the JSON form, perhaps half set) breaks, with its cells.

The editor sends every draft; one the board reader refuses gets the reasons
here, each with the cells to light on the board, instead of one error. The
reader refuses a given that is no region size of the board (past its cell
count) and touching equal givens more than their number; givens that clash
only through the rest of the board (two different numbers walled into one
region, say) make a board with no answer, which the solver reports, so
they are not draft problems.
"""

from __future__ import annotations

from typing import Any

from ...codecs.grids import flat_ints, json_size
from ...kind import Violation, draft_problems_of
from . import model


def draft_problems(obj: dict[str, Any]) -> list[Violation]:
    """Every given too large for the board and every clash of touching equal
    givens (empty: the board reads);
    PuzzleError when the form itself is malformed."""
    return draft_problems_of(obj, model.from_json, _problems)


def _problems(obj: dict[str, Any]) -> list[Violation]:
    rows, cols = json_size(obj)
    givens = flat_ints(obj.get("givens"), rows, cols)
    if givens is None or min(givens) < 0:
        return []
    cells = rows * cols
    found = [
        Violation(
            "given-too-big",
            (cell,),
            f"the {model.short(given)} at {model.where(cols, cell)} is larger than the "
            f"board's {cells} cells",
        )
        for cell, given in enumerate(givens)
        if given > cells
    ]
    found += [
        Violation(
            "givens-clash",
            group,
            f"the touching {given}s at {model.where(cols, group[0])} and beside it "
            f"make a region of more than {given} cells",
        )
        for group, given in model.clashes(rows, cols, givens)
    ]
    return found
