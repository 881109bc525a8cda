"""A player's position through the face: how large an entry may be, the
"correct so far" answer, and a hint's move in the player's own values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..grid import Rows
from .parts import Board

if TYPE_CHECKING:
    from .face import PuzzleKind

__all__ = ["entry_limit", "progress_json", "with_move_values"]


def entry_limit(puzzle: Board, floor: int = 99) -> int:
    """The largest number a player's position may hold in one cell of ``puzzle``.

    An entry is one number per cell (a digit, a mark, a piece's label), and
    no position needs more piece labels than its board has cells, so the
    cell count is enough for every board; small boards keep ``floor``. (A
    fixed 99 refused boards of more than 99 pieces.)
    """
    return max(floor, puzzle.rows * puzzle.cols)


def progress_json(
    kind: PuzzleKind[Any],
    puzzle: Any,
    position: Rows,
    solution: Rows | None,
    *,
    which: bool = False,
    reveal: bool = False,
) -> dict[str, Any]:
    """The "correct so far" answer: how many entries of ``position`` the unique
    ``solution`` contradicts (None: the puzzle has no unique one to compare
    with), and which ones only when asked: ``which`` lists them, ``reveal``
    also says what the solution holds there (see :meth:`PuzzleKind.position_mistakes`).

    The count alone is the default because naming a wrong cell is already
    half a hint; the player asks for more.
    """
    if solution is None:
        return {"status": "no-unique-solution", "wrong": None, "mistakes": None}
    found = kind.position_mistakes(puzzle, position, solution, reveal=reveal)
    listed = [
        {
            "rule": v.rule,
            "cells": list(v.cells),
            "labels": [kind.cell_label(puzzle, cell) for cell in v.cells],
            "message": v.message,
        }
        for v in found
    ]
    return {
        "status": "wrong" if found else "correct",
        "wrong": len(found),
        "mistakes": listed if which or reveal else None,
    }


def with_move_values(
    kind: PuzzleKind[Any], puzzle: Any, position: Rows | None, answer: dict[str, Any]
) -> dict[str, Any]:
    """A hint's JSON (``Hint.as_json``) whose writing steps carry in ``value``
    what the player enters in their cells (:meth:`PuzzleKind.move_value`), so
    that the move, made, is a position the CLI and the web app read back."""
    for step in answer.get("steps", []):
        if step.get("writes"):
            step["value"] = kind.move_value(puzzle, position, step["cells"], step["value"])
    return answer
