"""What a draft Heteromino board (the JSON form, perhaps half drawn) breaks, with its cells.

The editor sends every draft; one the board reader refuses gets the reason
here, with the cells to light on the board, instead of one error.
"""

from __future__ import annotations

from typing import Any

from ...codecs.grids import flat_ints, json_size
from ...kind import Violation, draft_problems_of
from . import model


def draft_problems(obj: dict[str, Any]) -> list[Violation]:
    """White cells that are not a multiple of three (empty: the board reads);
    PuzzleError when the form itself is malformed."""
    return draft_problems_of(obj, model.from_json, _problems)


def _problems(obj: dict[str, Any]) -> list[Violation]:
    rows, cols = json_size(obj)
    black = flat_ints(obj.get("black"), rows, cols)
    if black is None or any(value not in (0, 1) for value in black):
        return []
    white = tuple(cell for cell, value in enumerate(black) if not value)
    if len(white) % 3 == 0:
        return []
    more = 3 - len(white) % 3
    words = (
        f"{len(white)} white cells cannot be cut into trominoes (not a multiple of 3): "
        f"paint {len(white) % 3} more black or {more} back white"
    )
    return [Violation("white-count", white, words)]
