"""What a draft Norinori board (the JSON form, perhaps half drawn) breaks, with its cells.

The editor sends every draft; one the board reader refuses gets the reasons
here, each with the cells to light on the board, instead of one error.
"""

from __future__ import annotations

from typing import Any

from ...codecs import region_map
from ...codecs.grids import flat_ints, json_size
from ...kind import Violation, draft_problems_of
from . import model
from .model import MIN_REGION


def draft_problems(obj: dict[str, Any]) -> list[Violation]:
    """Every region too small or split (empty: the board reads);
    PuzzleError when the form itself is malformed."""
    return draft_problems_of(obj, model.from_json, _problems)


def _problems(obj: dict[str, Any]) -> list[Violation]:
    rows, cols = json_size(obj)
    labels = flat_ints(obj.get("regions"), rows, cols)
    if labels is None:
        return []
    found = region_map.region_problems(rows, cols, labels, MIN_REGION)
    return [Violation(rule, cells, words) for rule, cells, words in found]
