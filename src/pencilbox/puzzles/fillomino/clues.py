"""A Fillomino's givens as a setter adds and drops them (the face's clue hooks)."""

from __future__ import annotations

from .model import Fillomino


def with_clue(puzzle: Fillomino, cell: int, value: int) -> Fillomino | None:
    """The puzzle with ``value`` given at ``cell``; None where it cannot go: a
    cell off the board, a value that is no region size of the board, or one
    that joins equal givens beside it into a group larger than the value
    (equal numbers that touch share a region)."""
    if not 0 <= cell < puzzle.cells or not 1 <= value <= puzzle.cells:
        return None
    givens = list(puzzle.givens)
    givens[cell] = value
    group, todo = {cell}, [cell]
    while todo and len(group) <= value:
        for other in puzzle.neighbours[todo.pop()]:
            if other not in group and givens[other] == value:
                group.add(other)
                todo.append(other)
    if len(group) > value:
        return None
    return puzzle.with_givens(givens)


def without_clue(puzzle: Fillomino, cell: int) -> Fillomino:
    """The puzzle with the given at ``cell`` dropped (fewer givens always make a board)."""
    givens = list(puzzle.givens)
    givens[cell] = 0
    return puzzle.with_givens(givens)
