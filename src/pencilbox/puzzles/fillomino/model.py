"""The Fillomino puzzle: its board, its text and JSON forms, and its picture.

Rules (from the rule text): divide the grid into regions, each an
orthogonally connected group of cells. A region of k cells is a k-omino,
and every given number n lies in a region of exactly n cells. Two regions
of the same size never share an edge. A region may hold no given, or
several equal ones. The answer gives every cell its region's size; since
equal sizes never touch, those numbers fix the partition (two neighbours
are in one region exactly when their numbers are equal). The checker of
those rules is :mod:`.checker`.

Solution grids are int rows holding each cell's region size (1..cells). A
player's position is the same kind of grid with 0 for a cell not yet
numbered, and the borders they drew beside it (the face's edge marks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...codecs.grids import MAX_SIDE, flat_ints, json_size
from ...codecs.grids import tokens as line_tokens
from ...errors import PuzzleError
from ...kind import Rows

EMPTY_CHAR = "."


@dataclass(frozen=True)
class Fillomino:
    """An immutable Fillomino board: ``givens[cell]`` is the given number, 0 for none."""

    rows: int
    cols: int
    givens: tuple[int, ...]

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def given_cells(self) -> tuple[int, ...]:
        """The cells holding a given, in reading order."""
        return tuple(cell for cell, given in enumerate(self.givens) if given)

    @property
    def given_count(self) -> int:
        return len(self.given_cells)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the cells sharing an edge with it (above, below, left, right)."""
        return tuple(neighbours(self.rows, self.cols, cell) for cell in range(self.cells))

    def with_givens(self, givens: Sequence[int]) -> Fillomino:
        """The same board with other givens (checked as :func:`build` checks them)."""
        return build(self.rows, self.cols, givens)


def where(cols: int, cell: int) -> str:
    """A cell's place in an error message: ``row 2, column 5``."""
    row, col = divmod(cell, cols)
    return f"row {row + 1}, column {col + 1}"


def neighbours(rows: int, cols: int, cell: int) -> tuple[int, ...]:
    """The cells sharing an edge with ``cell``: above, below, left, right (those on the board)."""
    row, col = divmod(cell, cols)
    found = []
    if row:
        found.append(cell - cols)
    if row < rows - 1:
        found.append(cell + cols)
    if col:
        found.append(cell - 1)
    if col < cols - 1:
        found.append(cell + 1)
    return tuple(found)


def build(rows: int, cols: int, givens: Sequence[int], where_: str | None = None) -> Fillomino:
    """Validate and build a board.

    A given is a region size, so it lies in 1..rows*cols (0 is no given); a
    larger one could never be met and is refused as a typing mistake. Givens
    that break the rules together are left to the solver, which proves there
    is no answer; the readers of the forms refuse the plainest such slip
    (:func:`read`).
    """
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"board {rows}x{cols} is out of range 1..{MAX_SIDE}", where=where_)
    if len(givens) != rows * cols:
        raise PuzzleError(
            f"expected {rows * cols} cells for {rows}x{cols}, got {len(givens)}", where=where_
        )
    for cell, given in enumerate(givens):
        if not 0 <= given <= rows * cols:
            raise PuzzleError(
                f"the given {short(given)} at {where(cols, cell)} is not a region size of a "
                f"{rows}x{cols} board (1..{rows * cols})",
                where=where_,
            )
    return Fillomino(rows, cols, tuple(givens))


def short(number: int) -> str:
    """A number as an error message shows it: a huge one cut short, so that the
    message stays one short line whatever was typed."""
    text = str(number)
    return text if len(text) <= 12 else f"{text[:12]}..."


def read(rows: int, cols: int, givens: Sequence[int], where_: str | None = None) -> Fillomino:
    """A board as every reader of a form builds it: :func:`build`, refusing
    touching equal givens more than their number too (:func:`clashes`), so
    that a setter's slip is named where it is made. (:func:`build` itself
    takes them: the cross-checks want boards without answers.)"""
    puzzle = build(rows, cols, givens, where_)
    if clash := clashes(rows, cols, givens):
        cells, given = clash[0]
        shown = ", ".join(where(cols, cell) for cell in cells[: given + 1])
        cells_word = "cells" if given > 1 else "cell"
        raise PuzzleError(
            f"the touching {given}s at {shown} make a region of more than {given} {cells_word}",
            where=where_,
        )
    return puzzle


def clashes(rows: int, cols: int, givens: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Each group of touching equal givens with more cells than their number (its
    cells and the number): one region of that size would hold them all, so no
    answer exists. Like Suguru's clashing digits, a board is refused for it, and
    the editor lights the cells."""
    return [
        (group, givens[group[0]])
        for group in regions(rows, cols, givens)
        if givens[group[0]] and len(group) > givens[group[0]]
    ]


def regions(rows: int, cols: int, numbers: Sequence[int]) -> list[tuple[int, ...]]:
    """The groups of neighbouring cells holding the same number (0 included), in
    reading order of their first cells: in an answer, its regions."""
    seen = [False] * len(numbers)
    found: list[tuple[int, ...]] = []
    for start in range(len(numbers)):
        if seen[start]:
            continue
        seen[start] = True
        group, todo = [start], [start]
        while todo:
            for other in neighbours(rows, cols, todo.pop()):
                if not seen[other] and numbers[other] == numbers[start]:
                    seen[other] = True
                    group.append(other)
                    todo.append(other)
        found.append(tuple(sorted(group)))
    return found


# -- text form ---------------------------------------------------------------


def parse_text(text: str) -> Fillomino:
    """Parse the text form: a header line, then one line per row.

    ::

        # pzprjs's test board
        fillomino 6x6
        . . 4 . . .
        . 5 3 . 2 .
        . . . . 5 2
        3 3 . . . .
        . 2 . 1 4 .
        . . . 3 . .

    ``.`` is an empty cell, a number a given. Cells are separated by spaces;
    a row of one-digit cells may be written unspaced (``..4...``). Lines
    starting with ``#`` before the header are comments; blank lines are skipped.
    """
    lines = text.splitlines()
    index = 0
    while index < len(lines) and (
        not lines[index].strip() or lines[index].lstrip().startswith("#")
    ):
        index += 1
    if index == len(lines):
        raise PuzzleError("empty input")
    rows, cols = _parse_header(lines[index].strip(), index + 1)
    body = [(n + 1, line.strip()) for n, line in enumerate(lines) if n > index and line.strip()]
    if len(body) != rows:
        place = f"line {body[rows][0]}" if len(body) > rows else f"line {index + 1}"
        raise PuzzleError(f"board has {len(body)} rows, expected {rows}", where=place)
    givens: list[int] = []
    for line_no, line in body:
        row = line_tokens(line)
        if len(row) != cols:
            raise PuzzleError(f"row has {len(row)} cells, expected {cols}", where=f"line {line_no}")
        for column, token in enumerate(row, start=1):
            if token == EMPTY_CHAR:
                givens.append(0)
            elif token.isascii() and token.isdigit() and len(token) <= 6 and int(token) > 0:
                givens.append(int(token))
            else:
                raise PuzzleError(
                    f"{token[:12]!r} is not a cell ('.' empty, or a number from 1)",
                    where=f"line {line_no}, cell {column}",
                )
    return read(rows, cols, givens, where_=f"lines {body[0][0]}-{body[-1][0]}")


def _parse_header(header: str, line_no: int) -> tuple[int, int]:
    words = header.lower().replace("×", "x").split()
    if not words or words[0] != "fillomino":
        raise PuzzleError("first line must be 'fillomino ROWSxCOLS'", where=f"line {line_no}")
    size = "".join(words[1:])
    try:
        rows_text, cols_text = size.split("x")
        for text in (rows_text, cols_text):
            if not (text.isascii() and text.isdigit() and len(text) <= 6):
                raise ValueError
        rows, cols = int(rows_text), int(cols_text)
    except ValueError:
        raise PuzzleError(f"size {size[:20]!r} is not ROWSxCOLS", where=f"line {line_no}") from None
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"size {rows}x{cols} is out of range 1..{MAX_SIDE}", where=f"line {line_no}"
        )
    return rows, cols


def format_text(puzzle: Fillomino) -> str:
    """The text form, cells separated by spaces (givens may run past 9)."""
    lines = [f"fillomino {puzzle.rows}x{puzzle.cols}"]
    for row in range(puzzle.rows):
        cells = puzzle.givens[row * puzzle.cols : (row + 1) * puzzle.cols]
        lines.append(" ".join(str(g) if g else EMPTY_CHAR for g in cells))
    return "\n".join(lines) + "\n"


# -- JSON form --------------------------------------------------------------------


def to_json(puzzle: Fillomino) -> dict[str, Any]:
    cols = puzzle.cols
    return {
        "puzzle": "fillomino",
        "rows": puzzle.rows,
        "cols": cols,
        "givens": [list(puzzle.givens[r * cols : (r + 1) * cols]) for r in range(puzzle.rows)],
    }


def from_json(obj: dict[str, Any]) -> Fillomino:
    """``{"puzzle": "fillomino", "rows": R, "cols": C, "givens": [[0 or n, ...], ...]}``."""
    rows, cols = json_size(obj)
    givens = flat_ints(obj.get("givens"), rows, cols)
    if givens is None:
        raise PuzzleError(
            f"must be {rows} rows of {cols} integers (0 for no given)", where="JSON field 'givens'"
        )
    return read(rows, cols, givens, where_="JSON field 'givens'")


# -- picture ------------------------------------------------------------------------


def render(puzzle: Fillomino, grid: Rows | None = None) -> str:
    """Box-drawing picture: givens (or the grid's numbers) in their cells, a line
    between two cells whose numbers differ or are not both known, none inside a region.

    Each cell is four characters wide and its number is right-aligned in its
    middle three (``| 12|``), so :meth:`render_decided` can mark open cells.
    """
    rows, cols = puzzle.rows, puzzle.cols
    numbers = [v for row in grid for v in row] if grid else list(puzzle.givens)

    def joined(a: int, b: int) -> bool:
        return bool(numbers[a]) and numbers[a] == numbers[b]

    def content(cell: int) -> str:
        number = numbers[cell]
        if not number:
            return f" {EMPTY_CHAR} "
        text = str(number)
        return f" {text} " if len(text) == 1 else f"{text:>3}"[-3:]

    out = []
    for r in range(rows + 1):
        line = ""
        for c in range(cols):
            inside = 0 < r < rows and joined((r - 1) * cols + c, r * cols + c)
            line += "+" + ("   " if inside else "---")
        out.append(line + "+")
        if r == rows:
            break
        line = ""
        for c in range(cols):
            cell = r * cols + c
            inside = c > 0 and joined(cell - 1, cell)
            line += (" " if inside else "|") + content(cell)
        out.append(line + "|")
    return "\n".join(out)
