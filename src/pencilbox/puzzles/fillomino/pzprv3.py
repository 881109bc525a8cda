"""Fillomino in pzprv3 files: the givens, the player's numbers, the player's borders.

The body is a line per row of givens (``.`` none, ``-`` pzprjs's question
mark: a given cell whose number is not shown, which constrains nothing and
so reads as a blank), a line per row of the player's numbers (``.`` none;
a ``[...]`` prefix holds pencil marks, which are not kept), then the
player's border marks: the grid between columns, then the one between rows
(``1`` a border, ``2`` a border with a cross, ``-1`` a cross alone: "no
border here", ``0`` nothing). A file of pzprjs's variant with regions of at
most three cells starts its body with a ``t`` line; that is another puzzle,
refused in one line.

The answer is the grid the checker reads: the givens with the player's
numbers, and one more thing a pzprjs player does: a region closed off by
drawn borders that holds a number, every number in it its size, gives that
size to its empty cells (a player may outline a region and number it once).
Only a stretch smaller than the board counts as closed (with no border
drawn the whole board is one stretch, and says nothing); a closed stretch
with no number at all stays empty, as pzprjs's check that every cell holds
a number reads it (its test files are judged so). :func:`write` puts
the numbers alone, with no border drawn (pzprjs draws the lines between
different numbers itself), and leaves given cells ``.`` as pzprjs does.
"""

from __future__ import annotations

from ...codecs.puzzlink import Borders, labels_of_borders
from ...codecs.pzprv3 import Body, Pzprv3, border_lines, cell_line
from ...errors import PuzzleError
from ...kind import Rows
from . import model
from .model import Fillomino

PZPR_FAILCODES = {
    "bkSizeLt": "too-small",
    "bkSizeGt": "too-big",
    # Read from its numbers alone, an answer's two touching regions of one size
    # are one group of equal numbers larger than the number.
    "bsSameNum": "too-big",
    # A region holding two numbers leaves, read from numbers alone, a group of
    # equal numbers short of its size.
    "bkMixedNum": "too-small",
    "ceNoNum": "empty",
}
"""pzprjs's failcode for each broken rule, and the checker's rule name for it."""

_MAX_NUMBER = 1_000_000  # far past any board; keeps int() off huge tokens


def read(file: Pzprv3) -> tuple[Fillomino, Rows | None]:
    rows, cols = file.rows, file.cols
    if file.body and len(words := file.body[0].split()) == 1 and words[0].isalpha():
        raise PuzzleError(
            f"pzprjs's Fillomino flag {words[0][:20]!r} (a variant) is not supported",
            where=f"pzprv3 line {file.line_number(0)}",
        )
    body = Body(file)
    clues = body.grid(rows, cols, "givens")
    givens = [_number(token, body, index, ("-",)) for index, token in enumerate(clues)]
    puzzle = model.read(rows, cols, givens, where_="pzprv3 givens")
    if body.at_end:
        return puzzle, None
    entries = body.grid(rows, cols, "answer")
    numbers = [_number(token, body, index, ()) for index, token in enumerate(entries)]
    merged = [g or n for g, n in zip(givens, numbers, strict=True)]
    if not body.at_end:
        borders = body.borders("border marks", ("1", "2"))
        body.expect_end()
        merged = _closed_regions_sized(rows, cols, merged, borders)
    return puzzle, [merged[r * cols : (r + 1) * cols] for r in range(rows)]


def _number(token: str, body: Body, index: int, blanks: tuple[str, ...]) -> int:
    """A number token (0 for ``.`` and ``blanks``), pencil marks dropped."""
    if token.startswith("[") and "]" in token:
        token = token[token.index("]") + 1 :] or "."
    if token == "." or token in blanks:
        return 0
    if not (token.isascii() and token.isdigit() and 0 < int(token[:8]) <= _MAX_NUMBER):
        raise PuzzleError(f"{token[:20]!r} is not a number or '.'", where=body.place(index))
    return int(token)


def _closed_regions_sized(rows: int, cols: int, numbers: list[int], borders: Borders) -> list[int]:
    """``numbers`` with the empty cells of each stretch the borders close off
    (smaller than the board, holding a number, every number in it its size)
    set to that size."""
    labels = labels_of_borders(cols, rows, borders)
    stretches: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        stretches.setdefault(label, []).append(cell)
    filled = list(numbers)
    for cells in stretches.values():
        size = len(cells)
        named = [numbers[cell] for cell in cells if numbers[cell]]
        if size < rows * cols and named and all(number == size for number in named):
            for cell in cells:
                filled[cell] = size
    return filled


def write(puzzle: Fillomino, answer: Rows | None) -> Pzprv3:
    rows, cols = puzzle.rows, puzzle.cols
    givens = puzzle.givens
    lines = [
        cell_line([str(g) if g else "." for g in givens[r * cols : (r + 1) * cols]])
        for r in range(rows)
    ]
    grid = answer or [[0] * cols for _ in range(rows)]
    for r, row in enumerate(grid):
        entries = [str(v) if v and not givens[r * cols + c] else "." for c, v in enumerate(row)]
        lines.append(cell_line(entries))
    none = Borders((False,) * ((cols - 1) * rows), (False,) * (cols * (rows - 1)))
    lines += border_lines(none, rows, cols)
    return Pzprv3("fillomino", rows, cols, tuple(lines))
