"""The Heteromino checker, written from the rule text alone.

It reads a piece-numbered grid as a person would: a piece is the set of cells
holding one number, and each rule is checked on those sets directly, with
nothing from the solver (shapes are recognised from :data:`.model.SHAPES`).

Rule names: ``shape`` (grid size), ``black`` (a numbered black cell),
``uncovered`` (a white cell numbered 0), ``split`` (a number on cells that do
not connect), ``too-big`` / ``too-small`` (a piece not of three cells),
``not-tromino`` (never raised for connected three-cell sets: every one is a
bar or an L), ``same-shape`` (two pieces of one shape as drawn share an edge).

:func:`position_mistakes` judges a player's unfinished position against the
solution the same way: by the cells sharing a number, not by the numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...kind import Rows, Violation
from .model import SHAPE_NAMES, Heteromino, connected, number_groups, shape_index


def check(puzzle: Heteromino, grid: Rows) -> list[Violation]:
    """Every rule a piece-numbered ``grid`` breaks; empty means solved (see the module text)."""
    rows, cols = puzzle.rows, puzzle.cols
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return [Violation("shape", (), f"grid is not {rows}x{cols}")]
    numbers = [value for row in grid for value in row]
    found: list[Violation] = []
    pieces = _pieces(puzzle, numbers, found)
    shape_of_piece = _piece_shapes(puzzle, pieces, found)
    found += _same_shape_pairs(puzzle, numbers, pieces, shape_of_piece)
    return found


def _pieces(puzzle: Heteromino, numbers: list[int], found: list[Violation]) -> dict[int, list[int]]:
    """The cells of every number on white cells; numbered black cells and white
    cells in no piece go to ``found``, in reading order."""
    cols = puzzle.cols
    pieces: dict[int, list[int]] = {}
    for cell, number in enumerate(numbers):
        if puzzle.black[cell]:
            if number:
                where = _where_cell(cols, cell)
                found.append(Violation("black", (cell,), f"black cell {where} is in a piece"))
        elif not number:
            where = _where_cell(cols, cell)
            found.append(Violation("uncovered", (cell,), f"white cell {where} is in no piece"))
        else:
            pieces.setdefault(number, []).append(cell)
    return pieces


def _piece_shapes(
    puzzle: Heteromino, pieces: dict[int, list[int]], found: list[Violation]
) -> dict[int, int]:
    """The shape of every piece that is a tromino; the others go to ``found``."""
    shape_of_piece: dict[int, int] = {}
    for number, cells in pieces.items():
        if not connected(puzzle, cells):
            words = f"piece {number} is split: {cells_text(puzzle, cells)}"
            found.append(Violation("split", tuple(cells), words))
            continue
        if len(cells) != 3:
            rule = "too-big" if len(cells) > 3 else "too-small"
            plural = "" if len(cells) == 1 else "s"
            words = (
                f"piece {number} has {len(cells)} cell{plural}, not 3: {cells_text(puzzle, cells)}"
            )
            found.append(Violation(rule, tuple(cells), words))
            continue
        shape = shape_index([divmod(c, puzzle.cols) for c in cells])
        if shape is None:  # unreachable for three connected cells; kept as a guard
            found.append(Violation("not-tromino", tuple(cells), f"piece {number} is no tromino"))
            continue
        shape_of_piece[number] = shape
    return shape_of_piece


def _same_shape_pairs(
    puzzle: Heteromino,
    numbers: list[int],
    pieces: dict[int, list[int]],
    shape_of_piece: dict[int, int],
) -> list[Violation]:
    """Each pair of same-shape pieces sharing an edge, once, at its first contact
    in reading order."""
    rows, cols = puzzle.rows, puzzle.cols
    found = []
    reported: set[tuple[int, int]] = set()
    for cell, number in enumerate(numbers):
        if number not in shape_of_piece:
            continue
        row, col = divmod(cell, cols)
        for r, c in ((row, col + 1), (row + 1, col)):
            if r >= rows or c >= cols:
                continue
            other = numbers[r * cols + c]
            if other == number or other not in shape_of_piece or puzzle.black[r * cols + c]:
                continue
            if shape_of_piece[other] != shape_of_piece[number]:
                continue
            pair = (min(number, other), max(number, other))
            if pair in reported:
                continue
            reported.add(pair)
            found.append(
                Violation(
                    "same-shape",
                    (*pieces[pair[0]], *pieces[pair[1]]),
                    f"pieces {pair[0]} and {pair[1]} are both the "
                    f"{SHAPE_NAMES[shape_of_piece[number]]} and share an edge at "
                    f"{_where_cell(cols, cell)} / {_where_cell(cols, r * cols + c)}",
                )
            )
    return found


def position_mistakes(
    puzzle: Heteromino, position: Rows, solution: Rows, reveal: bool = False
) -> list[Violation]:
    """Drawn groups the solution contradicts: cells sharing a number that are
    not all in one piece of ``solution`` (whatever the numbers are).

    Piece numbers are labels, so a cell-by-cell comparison with the
    solution's numbers would call every correct piece a mistake; this is
    the comparison ``solving.find_mistakes`` needs for Heteromino. The
    message names the group as drawn ("the piece at r1c1 r1c2 r1c3 is
    wrong"), and only with ``reveal`` the solution's pieces over it.
    """
    cols = puzzle.cols
    wrong = []
    for cells in number_groups(puzzle, position).values():
        owners = {solution[cell // cols][cell % cols] for cell in cells}
        if len(owners) > 1 or len(cells) > 3:
            what = "piece" if len(cells) == 3 else f"{len(cells)}-cell group"
            words = f"the {what} at {cells_text(puzzle, cells)} is wrong"
            if reveal:
                words += f" (the answer's pieces there: {_pieces_over(puzzle, solution, owners)})"
            wrong.append(Violation("mistake", tuple(cells), words))
    return wrong


def _pieces_over(puzzle: Heteromino, solution: Rows, owners: set[int]) -> str:
    """The cells of each solution piece numbered in ``owners``, ``/`` between pieces."""
    groups = number_groups(puzzle, solution)
    return " / ".join(cells_text(puzzle, groups[number]) for number in sorted(owners))


def _where_cell(cols: int, cell: int) -> str:
    """A cell as hints and the page name it: ``r2c5``."""
    row, col = divmod(cell, cols)
    return f"r{row + 1}c{col + 1}"


def cells_text(puzzle: Heteromino, cells: Sequence[int]) -> str:
    """``r1c1 r1c2 r2c1``: cells as the checker names them."""
    return " ".join(f"r{c // puzzle.cols + 1}c{c % puzzle.cols + 1}" for c in cells)
