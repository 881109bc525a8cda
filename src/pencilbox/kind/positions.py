"""A player's position through the face: how large an entry may be, the
"correct so far" answer, and a hint's move in the player's own values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engine import State
from ..errors import PuzzleError
from ..grid import Rows
from .parts import Board, Edge, Violation

if TYPE_CHECKING:
    from .face import PuzzleKind

__all__ = [
    "entry_limit",
    "position_state",
    "progress_json",
    "read_edges",
    "violation_json",
    "with_move_values",
]


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
    edges: Sequence[Edge] = (),
) -> dict[str, Any]:
    """The "correct so far" answer: how many entries of ``position`` the unique
    ``solution`` contradicts (None: the puzzle has no unique one to compare
    with), and which ones only when asked: ``which`` lists them, ``reveal``
    also says what the solution holds there (see :meth:`PuzzleKind.position_mistakes`).

    The count alone is the default because naming a wrong cell is already
    half a hint; the player asks for more. A mistake in the player's
    ``edges`` (:attr:`PuzzleKind.edge_marks`) counts as one entry and is
    listed with its two cells in ``edge`` as well.
    """
    if solution is None:
        return {"status": "no-unique-solution", "wrong": None, "mistakes": None}
    found = kind.position_mistakes(puzzle, position, solution, reveal=reveal)
    on_edges = kind.edge_mistakes(puzzle, edges, solution, reveal=reveal) if edges else []
    listed = [violation_json(kind, puzzle, v) for v in found]
    listed += [{**violation_json(kind, puzzle, v), "edge": list(v.cells)} for v in on_edges]
    found = [*found, *on_edges]
    return {
        "status": "wrong" if found else "correct",
        "wrong": len(found),
        "mistakes": listed if which or reveal else None,
    }


def violation_json(kind: PuzzleKind[Any], puzzle: Any, violation: Violation) -> dict[str, Any]:
    """A broken rule (a checker's finding, or a player's mistake) in its one JSON form."""
    return {
        "rule": violation.rule,
        "cells": list(violation.cells),
        "labels": [kind.cell_label(puzzle, cell) for cell in violation.cells],
        "message": violation.message,
    }


def position_state(
    kind: PuzzleKind[Any], puzzle: Any, grid: Rows | None, edges: Sequence[Edge] = ()
) -> State:
    """The solving state of a player's position: the grid's entries (None: none)
    and then the edge marks, which only narrow it."""
    state = kind.initial_state(puzzle) if grid is None else kind.position_state(puzzle, grid)
    if edges:
        kind.apply_edges(puzzle, state, edges)
    return state


def read_edges(kind: PuzzleKind[Any], puzzle: Any, raw: Any, where: str = "edges") -> list[Edge]:
    """A position's edge marks from outside (JSON, a file): a list of
    ``[cell, cell, mark]``, each cell an id or a label (``r2c3``), the two
    cells neighbours, the mark one of the face's :attr:`~PuzzleKind.edge_marks`.

    Returns them with the lower cell first, each edge once; PuzzleError
    naming the entry for anything else (an edge marked two ways, too many).
    """
    if raw is None:
        return []
    cells = puzzle.rows * puzzle.cols
    if not isinstance(raw, list) or len(raw) > 2 * cells:
        raise PuzzleError(f"must be a list of at most {2 * cells} [cell, cell, mark]", where=where)
    if raw and not kind.edge_marks:
        raise PuzzleError(f"a {kind.display_name} position has no edge marks", where=where)
    labels = {kind.cell_label(puzzle, cell): cell for cell in range(cells)}
    marked: dict[tuple[int, int], str] = {}
    for number, entry in enumerate(raw, start=1):
        place = f"{where} entry {number}"
        edge = _edge(kind, puzzle, entry, labels, place)
        if marked.setdefault(edge[:2], edge[2]) != edge[2]:
            raise PuzzleError(
                f"the edge is marked both {marked[edge[:2]]} and {edge[2]}", where=place
            )
        if problem := kind.edge_problem(puzzle, edge):
            raise PuzzleError(problem, where=place)
    return [(a, b, mark) for (a, b), mark in marked.items()]


def _edge(
    kind: PuzzleKind[Any], puzzle: Any, entry: Any, labels: dict[str, int], where: str
) -> Edge:
    """One ``[cell, cell, mark]`` entry as an Edge, lower cell first."""
    marks = ", ".join(kind.edge_marks)
    if not isinstance(entry, list | tuple) or len(entry) != 3 or entry[2] not in kind.edge_marks:
        raise PuzzleError(f"expected [cell, cell, mark] with a mark from: {marks}", where=where)
    found = []
    for cell in entry[:2]:
        if isinstance(cell, str) and cell.lower() in labels:
            found.append(labels[cell.lower()])
        elif isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < len(labels):
            found.append(cell)
        else:
            raise PuzzleError(f"{str(cell)[:12]!r} is not a cell of the board", where=where)
    a, b = sorted(found)
    beside = b - a == 1 and b % puzzle.cols != 0 or b - a == puzzle.cols
    if not beside:
        raise PuzzleError(
            f"{kind.cell_label(puzzle, a)} and {kind.cell_label(puzzle, b)} are not neighbours",
            where=where,
        )
    return (a, b, str(entry[2]))


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
