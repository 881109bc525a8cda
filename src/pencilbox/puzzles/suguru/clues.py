"""A Suguru's givens as a setter adds and drops them (the face's clue hooks)."""

from __future__ import annotations

from ...errors import PuzzleError
from .model import REMOVED, Suguru, validate


def clue_cells(puzzle: Suguru) -> tuple[int, ...]:
    """The cells holding a given digit, in id order."""
    return tuple(cell for cell, digit in enumerate(puzzle.givens) if digit)


def with_clue(puzzle: Suguru, cell: int, digit: int) -> Suguru | None:
    """The puzzle with ``digit`` given at ``cell``; None where no digit can go
    (a removed cell, a digit too large for the block, one that clashes)."""
    if not 0 <= cell < len(puzzle.givens) or puzzle.blocks[cell] == REMOVED:
        return None
    givens = list(puzzle.givens)
    givens[cell] = digit
    made = puzzle.with_givens(givens)
    try:
        validate(made)
    except PuzzleError:
        return None
    return made


def without_clue(puzzle: Suguru, cell: int) -> Suguru:
    """The puzzle with the given at ``cell`` dropped (a board with fewer givens is always valid)."""
    givens = list(puzzle.givens)
    givens[cell] = 0
    return puzzle.with_givens(givens)
