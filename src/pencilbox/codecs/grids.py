"""Small readers shared by every puzzle's text and JSON forms."""

from __future__ import annotations

from typing import Any

from ..errors import PuzzleError

MAX_SIDE = 100
"""Boards larger than this on either side are refused by every reader."""


def tokens(line: str) -> list[str]:
    """Whitespace-separated tokens, or one token per character when unspaced."""
    parts = line.split()
    if len(parts) == 1:
        return list(parts[0])
    return parts


def json_size(obj: dict[str, Any]) -> tuple[int, int]:
    """The ``rows`` and ``cols`` fields of a JSON puzzle, checked."""
    rows, cols = obj.get("rows"), obj.get("cols")
    for value in (rows, cols):
        # bool is an int subclass: without this check ``true`` would be a 1-row board
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
            raise PuzzleError(
                f"'rows' and 'cols' must be integers from 1 to {MAX_SIDE}", where="JSON"
            )
    assert isinstance(rows, int) and isinstance(cols, int)
    return rows, cols


def flat_ints(value: Any, rows: int, cols: int) -> list[int] | None:
    """A JSON grid of ``rows`` lists of ``cols`` integers, flattened in reading
    order, or None when it is not one (the form's own reader says why)."""
    if not isinstance(value, list) or len(value) != rows:
        return None
    flat: list[int] = []
    for row in value:
        if not isinstance(row, list) or len(row) != cols:
            return None
        for item in row:
            if isinstance(item, bool) or not isinstance(item, int):
                return None
            flat.append(item)
    return flat
