"""The Heteromino puzzle: its board, its text and JSON forms, and its picture.

Rules (from the rule text): cut every white cell of the board into trominoes
-- three-cell pieces, a straight bar or an L. Two pieces of the same shape
*as drawn* may not share an edge: a rotated L is a different shape, so there
are six shapes (two bars, four Ls). Black cells belong to no piece.

A solution grid holds a piece number 1..n in every white cell, the pieces
numbered in reading order of their first cell, and 0 in every black cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...codecs.grids import json_size
from ...errors import PuzzleError
from ...kind import Rows

MAX_SIDE = 100
WHITE_CHAR = "."
BLACK_CHAR = "#"

# The six shapes as drawn, each as (row, col) offsets in reading order with
# the first cell at (0, 0). The checker recognises shapes from these offsets
# (:func:`shape_index`); the solvers derive their own tables.
SHAPES: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (0, 1), (0, 2)),  # horizontal bar
    ((0, 0), (1, 0), (2, 0)),  # vertical bar
    ((0, 0), (0, 1), (1, 0)),  # L, corner top-left
    ((0, 0), (0, 1), (1, 1)),  # L, corner top-right
    ((0, 0), (1, 0), (1, 1)),  # L, corner bottom-left
    ((0, 0), (1, -1), (1, 0)),  # L, corner bottom-right
)
SHAPE_NAMES: tuple[str, ...] = (
    "horizontal bar",
    "vertical bar",
    "┌ L",
    "┐ L",
    "└ L",
    "┘ L",
)


@dataclass(frozen=True)
class Heteromino:
    """An immutable Heteromino board: ``black[cell]`` for each cell in reading order."""

    rows: int
    cols: int
    black: tuple[bool, ...]

    @cached_property
    def white_count(self) -> int:
        return sum(1 for b in self.black if not b)

    @property
    def black_count(self) -> int:
        return len(self.black) - self.white_count

    def is_black(self, row: int, col: int) -> bool:
        return self.black[row * self.cols + col]


def build(rows: int, cols: int, black: Sequence[bool], where: str | None = None) -> Heteromino:
    """Validate and build a board; ``where`` names the input part for errors."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"size {rows}x{cols} is out of range 1..{MAX_SIDE}", where=where)
    if len(black) != rows * cols:
        raise PuzzleError(f"expected {rows * cols} cells for {rows}x{cols}", where=where)
    puzzle = Heteromino(rows, cols, tuple(bool(b) for b in black))
    if puzzle.white_count % 3:
        raise PuzzleError(
            f"{puzzle.white_count} white cells cannot be cut into trominoes (not a multiple of 3)",
            where=where,
        )
    return puzzle


# -- piece geometry, read by the checker and the picture ---------------------------


def shape_index(cells: Sequence[tuple[int, int]]) -> int | None:
    """The index in SHAPES of three (row, col) cells, or None if they are no tromino."""
    ordered = sorted(cells)
    r0, c0 = ordered[0]
    offsets = tuple((r - r0, c - c0) for r, c in ordered)
    return SHAPES.index(offsets) if offsets in SHAPES else None


def connected(puzzle: Heteromino, cells: Sequence[int]) -> bool:
    """Whether ``cells`` (cell ids of ``puzzle``) form one edge-connected group."""
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        row, col = divmod(todo.pop(), puzzle.cols)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            other = r * puzzle.cols + c
            inside = 0 <= r < puzzle.rows and 0 <= c < puzzle.cols
            if inside and other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


def number_groups(puzzle: Heteromino, grid: Rows) -> dict[int, list[int]]:
    """The white cells holding each number but 0, in reading order, by number."""
    groups: dict[int, list[int]] = {}
    for cell, number in enumerate(value for row in grid for value in row):
        if number and not puzzle.black[cell]:
            groups.setdefault(number, []).append(cell)
    return groups


# -- text form ------------------------------------------------------------------


def parse_text(text: str) -> Heteromino:
    """Parse the text form: a header line, then one line per row.

    ::

        # the puzz.link rules example
        heteromino 5x5
        ....#
        ..#.#
        ..#..
        ##...
        #....

    ``.`` is a white cell and ``#`` a black one; spaces between cells are
    allowed and ignored. Lines starting with ``#`` *before* the header are
    comments; after the header every non-blank line is a row of the board
    (a row may start with a black ``#``), and blank lines are skipped.
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
    body = [(n + 1, line.rstrip()) for n, line in enumerate(lines) if n > index and line.strip()]
    if len(body) != rows:
        where = f"line {body[rows][0]}" if len(body) > rows else f"line {index + 1}"
        raise PuzzleError(f"board has {len(body)} rows, expected {rows}", where=where)
    black: list[bool] = []
    for line_no, line in body:
        row: list[bool] = []
        for column, char in enumerate(line, start=1):
            if char in " \t":
                continue
            if char not in (WHITE_CHAR, BLACK_CHAR):
                raise PuzzleError(
                    f"{char!r} is not a cell ('.' white, '#' black)",
                    where=f"line {line_no}, column {column}",
                )
            row.append(char == BLACK_CHAR)
        if len(row) != cols:
            raise PuzzleError(f"row has {len(row)} cells, expected {cols}", where=f"line {line_no}")
        black.extend(row)
    return build(rows, cols, black, where=f"lines {body[0][0]}-{body[-1][0]}")


def _parse_header(header: str, line_no: int) -> tuple[int, int]:
    words = header.lower().replace("×", "x").split()
    if not words or words[0] != "heteromino":
        raise PuzzleError("first line must be 'heteromino ROWSxCOLS'", where=f"line {line_no}")
    size = "".join(words[1:])
    try:
        rows_text, cols_text = size.split("x")
        if not (rows_text.isascii() and rows_text.isdigit() and len(rows_text) <= 6):
            raise ValueError
        if not (cols_text.isascii() and cols_text.isdigit() and len(cols_text) <= 6):
            raise ValueError
        rows, cols = int(rows_text), int(cols_text)
    except ValueError:
        raise PuzzleError(f"size {size[:20]!r} is not ROWSxCOLS", where=f"line {line_no}") from None
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"size {rows}x{cols} is out of range 1..{MAX_SIDE}", where=f"line {line_no}"
        )
    return rows, cols


def format_text(puzzle: Heteromino) -> str:
    lines = [f"heteromino {puzzle.rows}x{puzzle.cols}"]
    for row in range(puzzle.rows):
        cells = puzzle.black[row * puzzle.cols : (row + 1) * puzzle.cols]
        lines.append("".join(BLACK_CHAR if b else WHITE_CHAR for b in cells))
    return "\n".join(lines) + "\n"


# -- JSON form --------------------------------------------------------------------


def to_json(puzzle: Heteromino) -> dict[str, Any]:
    cols = puzzle.cols
    return {
        "puzzle": "heteromino",
        "rows": puzzle.rows,
        "cols": cols,
        "black": [
            [int(b) for b in puzzle.black[r * cols : (r + 1) * cols]] for r in range(puzzle.rows)
        ],
    }


def from_json(obj: dict[str, Any]) -> Heteromino:
    """``{"puzzle": "heteromino", "rows": R, "cols": C, "black": [[0/1, ...], ...]}``."""
    rows, cols = json_size(obj)
    grid = obj.get("black")
    if not isinstance(grid, list) or len(grid) != rows:
        raise PuzzleError(f"must be a list of {rows} rows", where="JSON field 'black'")
    black: list[bool] = []
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != cols:
            raise PuzzleError(f"row {r + 1} must hold {cols} cells", where="JSON field 'black'")
        for c, value in enumerate(row):
            if value not in (0, 1) or isinstance(value, float):
                raise PuzzleError(
                    f"row {r + 1}, column {c + 1} must be 0 (white) or 1 (black)",
                    where="JSON field 'black'",
                )
            black.append(bool(value))
    return build(rows, cols, black, where="JSON field 'black'")


# -- picture ------------------------------------------------------------------------


def render(puzzle: Heteromino, grid: Rows | None = None) -> str:
    """Box-drawing picture: ``#`` for black cells, lines between pieces.

    Without a grid every white cell is outlined; with one, cells of the same
    piece are joined and the piece's shape letter is shown (``-`` ``|`` bars,
    ``r`` ``7`` ``L`` ``J`` for the Ls).
    """
    rows, cols = puzzle.rows, puzzle.cols
    numbers = [v for row in grid for v in row] if grid else [0] * (rows * cols)
    marks = _shape_marks(puzzle, numbers) if grid else {}

    def owner(r: int, c: int) -> int | None:
        if not (0 <= r < rows and 0 <= c < cols):
            return None
        cell = r * cols + c
        if puzzle.black[cell]:
            return -1
        return numbers[cell] or -(cell + 2)  # an uncut cell is its own piece

    def content(r: int, c: int) -> str:
        cell = r * cols + c
        if puzzle.black[cell]:
            return "###"
        return f" {marks.get(cell, '.')} "

    out = []
    for r in range(rows + 1):
        line = ""
        for c in range(cols):
            split = owner(r - 1, c) != owner(r, c) or owner(r, c) == -1
            line += "+" + ("---" if split else "   ")
        out.append(line + "+")
        if r == rows:
            break
        line = ""
        for c in range(cols):
            split = owner(r, c - 1) != owner(r, c) or owner(r, c) == -1
            line += ("|" if split else " ") + content(r, c)
        out.append(line + "|")
    return "\n".join(out)


_MARKS = "-|r7LJ"


def _shape_marks(puzzle: Heteromino, numbers: list[int]) -> dict[int, str]:
    pieces: dict[int, list[int]] = {}
    for cell, number in enumerate(numbers):
        if number and not puzzle.black[cell]:
            pieces.setdefault(number, []).append(cell)
    marks: dict[int, str] = {}
    for cells in pieces.values():
        shape = (
            shape_index([divmod(c, puzzle.cols) for c in cells])
            if len(cells) == 3 and connected(puzzle, cells)
            else None
        )
        for cell in cells:
            marks[cell] = "?" if shape is None else _MARKS[shape]
    return marks
