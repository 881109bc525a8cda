"""A player's marks between two cells: a border (the two cells are in
different regions) or a join (they are in one region).

Two neighbours are in one region exactly when their sizes are equal, so a
border says "these sizes differ" and a join "these sizes are equal". A
position carries them beside its numbers; they narrow the solving state
(hints start from them) and are compared with the answer on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import State
from ...kind import Edge, Rows, Violation
from .model import Fillomino
from .state import FillominoState

BORDER = "border"
JOIN = "join"
EDGE_MARKS = (BORDER, JOIN)


def _label(puzzle: Fillomino, cell: int) -> str:
    row, col = divmod(cell, puzzle.cols)
    return f"r{row + 1}c{col + 1}"


def _between(puzzle: Fillomino, edge: Edge) -> str:
    """``the border between r2c3 and r2c4``."""
    a, b, mark = edge
    return f"the {mark} between {_label(puzzle, a)} and {_label(puzzle, b)}"


def edge_problem(puzzle: Fillomino, edge: Edge) -> str | None:
    """Every edge between two cells may carry either mark."""
    return None


def apply_edges(puzzle: Fillomino, state: State, edges: Sequence[Edge]) -> None:
    """Narrow the cells' sizes by the marks, to a fixpoint: a join leaves
    both cells the sizes they share; a border beside a settled cell takes
    that size from the other cell.

    A border between two unsettled cells narrows nothing (it is not a
    domain's to hold); every answer the marks allow keeps its sizes. A cell
    left with nothing stays empty, for the rules to report.
    """
    domains = state.domains
    changed = True
    while changed:
        changed = False
        for a, b, mark in edges:
            first, second = domains[a], domains[b]
            if mark == JOIN:
                new_first = new_second = first & second
            else:
                new_first = first & ~second if _settled(second) else first
                new_second = second & ~first if _settled(first) else second
            if (new_first, new_second) != (first, second):
                domains[a], domains[b] = new_first, new_second
                changed = True
                if isinstance(state, FillominoState):
                    state.touch()


def _settled(domain: int) -> bool:
    return bool(domain) and not domain & (domain - 1)


def _size(grid: Rows, cols: int, cell: int) -> int:
    return grid[cell // cols][cell % cols]


def edge_mistakes(
    puzzle: Fillomino, edges: Sequence[Edge], solution: Rows, reveal: bool = False
) -> list[Violation]:
    """Borders inside one of the solution's regions, joins between two of them:
    "the border between r2c3 and r2c4 is wrong" (with ``reveal``, what the
    answer has there)."""
    wrong = []
    for edge in edges:
        a, b, mark = edge
        apart = _size(solution, puzzle.cols, a) != _size(solution, puzzle.cols, b)
        if apart == (mark == BORDER):
            continue
        words = f"{_between(puzzle, edge)} is wrong"
        if reveal:
            words += " (they are in one region)" if mark == BORDER else " (they are in two regions)"
        wrong.append(Violation(f"wrong-{mark}", (a, b), words))
    return wrong


def check_edges(puzzle: Fillomino, grid: Rows, edges: Sequence[Edge]) -> list[Violation]:
    """Marks the grid's numbers contradict (no answer needed): a border between
    two equal numbers (one region), a join between two different ones."""
    found = []
    for edge in edges:
        a, b, mark = edge
        first, second = _size(grid, puzzle.cols, a), _size(grid, puzzle.cols, b)
        if not first or not second or (first != second) == (mark == BORDER):
            continue
        where = "inside one region" if mark == BORDER else "between two regions"
        found.append(
            Violation(
                f"{mark}-{'inside' if mark == BORDER else 'across'}",
                (a, b),
                f"{_between(puzzle, edge)} runs {where}",
            )
        )
    return found
