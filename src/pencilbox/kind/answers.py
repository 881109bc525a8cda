"""What several answers of one puzzle share, read through the face: the cells
every answer fills alike, and the cells they fill differently.

It sits with the face rather than with the services because two of them read
it: every solve answer carries it (:mod:`pencilbox.solving`), and the setter's
survey (:mod:`pencilbox.ambiguity`) builds on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .face import PuzzleKind
from .parts import Rows

Decided = list[list[int | None]]
"""A grid of the values every answer shares, None where they differ."""


def compare(
    kind: PuzzleKind[Any], puzzle: Any, solutions: Sequence[Rows]
) -> tuple[Decided, tuple[int, ...]]:
    """The decided grid (the first answer's value where every answer's content
    agrees, by the face's :meth:`~PuzzleKind.cell_contents`, else None) and the
    ids of the cells where they do not. With no answer nothing is decided and
    nothing differs."""
    rows, cols = puzzle.rows, puzzle.cols
    if not solutions:
        return [[None] * cols for _ in range(rows)], ()
    contents = [kind.cell_contents(puzzle, grid) for grid in solutions]
    first = contents[0]
    differing = tuple(
        cell for cell in range(rows * cols) if any(other[cell] != first[cell] for other in contents)
    )
    decided: Decided = [list(row) for row in solutions[0]]
    for cell in differing:
        decided[cell // cols][cell % cols] = None
    return decided, differing


def shared_json(kind: PuzzleKind[Any], puzzle: Any, solutions: Sequence[Rows]) -> dict[str, Any]:
    """``decided`` (int rows, null where the answers differ), and the differing
    cells as ids and as the face's labels: the fields every solve answer carries."""
    decided, differing = compare(kind, puzzle, solutions)
    return {
        "decided": decided,
        "differing": list(differing),
        "differing_labels": [kind.cell_label(puzzle, cell) for cell in differing],
    }
