"""What every engine's answer shares: the re-check by the independent checker,
and the JSON pieces each result's ``as_json`` is built from (the puzzle, a
broken rule, the count and grids). Cells go as ids with the face's labels
beside them. :mod:`.solving` re-exports these names, where callers find them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .engine import CountResult
from .kind import PuzzleKind, Rows, answers
from .kind.positions import violation_json

__all__ = [
    "SolverBug",
    "answers_json",
    "check_answers",
    "labeller",
    "puzzle_json",
    "violation_json",
]


class SolverBug(AssertionError):
    """An engine produced a 'solution' the independent checker rejects."""


def check_answers(kind: PuzzleKind[Any], puzzle: Any, grids: list[Rows], engine: str) -> None:
    """Re-check every answer ``engine`` found with the type's independent checker;
    SolverBug on the first that breaks a rule."""
    for grid in grids:
        broken = kind.check(puzzle, grid)
        if broken:
            raise SolverBug(f"{kind.name} {engine} produced a grid that breaks: {broken[0]}")


def labeller(kind: PuzzleKind[Any], puzzle: Any) -> Callable[[int], str]:
    """The face's name of each cell of ``puzzle`` (``r1c2``...), as a function of its id."""
    return partial(kind.cell_label, puzzle)


def puzzle_json(kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
    """Which puzzle an answer is about: its type and size."""
    return {"puzzle": kind.name, "rows": puzzle.rows, "cols": puzzle.cols}


def answers_json(
    kind: PuzzleKind[Any], puzzle: Any, result: CountResult[Rows], engine: str
) -> dict[str, Any]:
    """What a solve answer says whichever engine counted: the puzzle, the count and
    the grids (``solution`` the first or null, ``solutions`` all those found,
    ``decided`` what they share)."""
    return {
        **puzzle_json(kind, puzzle),
        "engine": engine,
        **result.count_json(),
        "solution": result.solutions[0] if result.solutions else None,
        "solutions": result.solutions,
        **answers.shared_json(kind, puzzle, result.solutions),
    }
