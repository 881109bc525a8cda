"""The Suguru puzzle: its board, its text and JSON forms.

Rules (from the rule text): the board is cut into blocks; a block of k cells
holds each digit 1..k exactly once; two equal digits never touch, not even
diagonally. Some boards have removed cells, which belong to no block.

The finder of equal digits that touch or share a block (:func:`clashes`)
lives here rather than in the checker (:mod:`.checker`), which also reads it:
building a board already refuses givens that clash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from ...codecs.grids import json_size
from ...codecs.grids import tokens as line_tokens
from ...errors import PuzzleError
from ...kind import Violation

REMOVED = -1


@dataclass(frozen=True)
class Suguru:
    """An immutable Suguru board.

    ``blocks[cell]`` is the block number (0..n-1) or ``REMOVED``;
    ``givens[cell]`` is the given digit or 0.
    """

    rows: int
    cols: int
    blocks: tuple[int, ...]
    givens: tuple[int, ...]

    @cached_property
    def block_cells(self) -> tuple[tuple[int, ...], ...]:
        count = max(self.blocks, default=-1) + 1
        cells: list[list[int]] = [[] for _ in range(count)]
        for cell, block in enumerate(self.blocks):
            if block != REMOVED:
                cells[block].append(cell)
        return tuple(tuple(c) for c in cells)

    @property
    def block_count(self) -> int:
        return len(self.block_cells)

    def block_size(self, cell: int) -> int:
        return len(self.block_cells[self.blocks[cell]])

    @property
    def given_count(self) -> int:
        return sum(1 for g in self.givens if g)

    def with_givens(self, givens: Sequence[int]) -> Suguru:
        return Suguru(self.rows, self.cols, self.blocks, tuple(givens))


def build(rows: int, cols: int, blocks: Sequence[int], givens: Sequence[int]) -> Suguru:
    """Validate and build a board; block labels are renumbered in reading order."""
    if rows < 1 or cols < 1:
        raise PuzzleError(f"board must be at least 1x1, got {rows}x{cols}")
    if rows * cols > 10_000:
        raise PuzzleError(f"board {rows}x{cols} is too large (at most 10000 cells)")
    if len(blocks) != rows * cols or len(givens) != rows * cols:
        raise PuzzleError(f"expected {rows * cols} cells for {rows}x{cols}")
    renumber: dict[int, int] = {}
    numbered = []
    for block in blocks:
        if block == REMOVED:
            numbered.append(REMOVED)
            continue
        numbered.append(renumber.setdefault(block, len(renumber)))
    puzzle = Suguru(rows, cols, tuple(numbered), tuple(givens))
    validate(puzzle)
    return puzzle


def where(puzzle: Suguru, cell: int) -> str:
    """A cell in words, for messages: ``row 2, column 3``."""
    row, col = divmod(cell, puzzle.cols)
    return f"row {row + 1}, column {col + 1}"


def label(puzzle: Suguru, cell: int) -> str:
    """A cell as the checker's findings name it, the way hints and the page do: ``r2c3``."""
    row, col = divmod(cell, puzzle.cols)
    return f"r{row + 1}c{col + 1}"


def validate(puzzle: Suguru) -> None:
    """Raise PuzzleError for a board no solver should be handed."""
    for cells in puzzle.block_cells:
        if not connected_block(puzzle, cells):
            raise PuzzleError("block is split into pieces", where=where(puzzle, cells[0]))
    for cell, digit in enumerate(puzzle.givens):
        if not digit:
            continue
        if puzzle.blocks[cell] == REMOVED:
            raise PuzzleError("a removed cell cannot hold a digit", where=where(puzzle, cell))
        size = puzzle.block_size(cell)
        if not 1 <= digit <= size:
            raise PuzzleError(
                f"given {digit} does not fit its block of {size} cells",
                where=where(puzzle, cell),
            )
    for violation in clashes(puzzle, puzzle.givens):
        first = violation.cells[0]
        raise PuzzleError(violation.message, where=where(puzzle, first))


def connected_block(puzzle: Suguru, cells: tuple[int, ...]) -> bool:
    """Whether ``cells`` form one edge-connected group."""
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
    return len(seen) == len(cells)


# -- equal digits that touch or share a block --------------------------------


@lru_cache(maxsize=64)
def later_touching(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per cell, the cells touching it (by an edge or a corner) that come
    after it in reading order: right, then the row below from left to right.
    Each touching pair is seen once, from its first cell. Depends on the
    board's size alone, so it is worked out once per size."""
    found = []
    for cell in range(rows * cols):
        row, col = divmod(cell, cols)
        later = []
        if col + 1 < cols:
            later.append(cell + 1)
        if row + 1 < rows:
            below = cell + cols
            if col > 0:
                later.append(below - 1)
            later.append(below)
            if col + 1 < cols:
                later.append(below + 1)
        found.append(tuple(later))
    return tuple(found)


def clashes(puzzle: Suguru, digits: Sequence[int]) -> list[Violation]:
    """Equal digits (0: none) that touch or repeat in a block, each pair once."""
    found = []
    for cell, (digit, later) in enumerate(
        zip(digits, later_touching(puzzle.rows, puzzle.cols), strict=True)
    ):
        if not digit:
            continue
        for other in later:
            if digits[other] == digit:
                found.append(
                    Violation(
                        "touching-equal",
                        (cell, other),
                        f"two {digit}s touch at {label(puzzle, cell)} and {label(puzzle, other)}",
                    )
                )
    for number, cells in enumerate(puzzle.block_cells):
        seen: dict[int, int] = {}
        for cell in cells:
            digit = digits[cell]
            if digit and digit in seen:
                found.append(
                    Violation(
                        "block-repeat",
                        (seen[digit], cell),
                        f"block {number + 1} holds {digit} twice",
                    )
                )
            seen.setdefault(digit, cell)
    return found


# -- text form ---------------------------------------------------------------


def parse_text(text: str) -> Suguru:
    """Parse the text form: a header, the block map, a blank line, the givens.

    ::

        suguru 5x5
        A A A A B
        C C C D B
        ...
        (blank line)
        . . . . .
        . . 4 . .
        ...

    Block labels are any letters or numbers; ``.`` in the block map is a removed
    cell. In the givens, ``.``, ``-`` or ``0`` is a blank. Lines starting with
    ``#`` are comments. The givens section may be left out.
    """
    rows, cols, sections = _sections(text)
    blocks = _block_map(sections[0], rows, cols)
    givens = _givens(sections[1], rows, cols) if len(sections) == 2 else [0] * (rows * cols)
    return build(rows, cols, blocks, givens)


Section = list[tuple[int, str]]
"""The non-blank lines of one part of the text, each with its line number."""


def _sections(text: str) -> tuple[int, int, list[Section]]:
    """The size from the header, and the one or two sections after it
    (comments dropped, blank lines between them)."""
    lines = text.splitlines()
    numbered = [(i + 1, line.strip()) for i, line in enumerate(lines)]
    numbered = [(n, line) for n, line in numbered if not line.startswith("#")]
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    if not numbered:
        raise PuzzleError("empty input")
    header_no, header = numbered[0]
    rows, cols = _parse_header(header, header_no)
    sections: list[Section] = [[]]
    for number, line in numbered[1:]:
        if line:
            sections[-1].append((number, line))
        elif sections[-1]:
            sections.append([])
    sections = [s for s in sections if s]
    if not sections:
        raise PuzzleError("missing the block map", where=f"line {header_no + 1}")
    if len(sections) > 2:
        raise PuzzleError("unexpected third section", where=f"line {sections[2][0][0]}")
    return rows, cols, sections


def _block_map(section: Section, rows: int, cols: int) -> list[int]:
    """Block numbers per cell, in order of each label's first use (``.``: removed)."""
    labels: dict[str, int] = {}
    blocks: list[int] = []
    for (line_no, _), tokens in zip(
        section, _grid_section(section, rows, cols, "block map"), strict=True
    ):
        for col, token in enumerate(tokens):
            if token == ".":
                blocks.append(REMOVED)
            elif token.isalnum():
                blocks.append(labels.setdefault(token, len(labels)))
            else:
                raise PuzzleError(
                    f"block label {token[:10]!r} is not a letter or number",
                    where=f"line {line_no}, column {col + 1}",
                )
    return blocks


def _givens(section: Section, rows: int, cols: int) -> list[int]:
    """The given digit per cell (0: blank, written ``.``, ``-`` or ``0``)."""
    givens = [0] * (rows * cols)
    given_rows = _grid_section(section, rows, cols, "givens")
    for row, ((line_no, _), tokens) in enumerate(zip(section, given_rows, strict=True)):
        for col, token in enumerate(tokens):
            if token in (".", "-", "0"):
                continue
            # isascii: str.isdigit also accepts '²' and other digits int() refuses
            if not (token.isascii() and token.isdigit()) or len(token) > 6:
                raise PuzzleError(
                    f"given {token[:10]!r} is not a number",
                    where=f"line {line_no}, column {col + 1}",
                )
            givens[row * cols + col] = int(token)
    return givens


def _parse_header(header: str, line_no: int) -> tuple[int, int]:
    words = header.lower().replace("×", "x").split()
    if not words or words[0] not in ("suguru", "tectonic"):
        raise PuzzleError("first line must be 'suguru ROWSxCOLS'", where=f"line {line_no}")
    size = "".join(words[1:])
    try:
        rows_text, cols_text = size.split("x")
        rows, cols = int(rows_text), int(cols_text)
    except ValueError:
        raise PuzzleError(f"size {size[:20]!r} is not ROWSxCOLS", where=f"line {line_no}") from None
    if not (1 <= rows <= 100 and 1 <= cols <= 100):
        shown = size if len(size) <= 20 else size[:20] + "..."  # int() takes 4300 digits
        raise PuzzleError(f"size {shown} is out of range 1..100", where=f"line {line_no}")
    return rows, cols


def _grid_section(section: Section, rows: int, cols: int, what: str) -> list[list[str]]:
    if len(section) != rows:
        where = f"line {section[0][0]}"
        raise PuzzleError(f"{what} has {len(section)} rows, expected {rows}", where=where)
    grid = []
    for line_no, line in section:
        tokens = line_tokens(line)
        if len(tokens) != cols:
            raise PuzzleError(
                f"{what} row has {len(tokens)} cells, expected {cols}", where=f"line {line_no}"
            )
        grid.append(tokens)
    return grid


def _label(block: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    if block < len(alphabet):
        return alphabet[block]
    return str(block)


def format_text(puzzle: Suguru) -> str:
    spaced = puzzle.block_count > 52
    lines = [f"suguru {puzzle.rows}x{puzzle.cols}"]
    for row in range(puzzle.rows):
        cells = range(row * puzzle.cols, (row + 1) * puzzle.cols)
        labels = ["." if puzzle.blocks[c] == REMOVED else _label(puzzle.blocks[c]) for c in cells]
        lines.append(" ".join(label.rjust(2 if spaced else 1) for label in labels))
    lines.append("")
    for row in range(puzzle.rows):
        cells = range(row * puzzle.cols, (row + 1) * puzzle.cols)
        lines.append(" ".join(str(puzzle.givens[c]) if puzzle.givens[c] else "." for c in cells))
    return "\n".join(lines) + "\n"


# -- JSON form ---------------------------------------------------------------


def to_json(puzzle: Suguru) -> dict[str, Any]:
    cols = puzzle.cols
    return {
        "puzzle": "suguru",
        "rows": puzzle.rows,
        "cols": cols,
        "blocks": [list(puzzle.blocks[r * cols : (r + 1) * cols]) for r in range(puzzle.rows)],
        "givens": [list(puzzle.givens[r * cols : (r + 1) * cols]) for r in range(puzzle.rows)],
    }


def _int_grid(obj: dict[str, Any], key: str, rows: int, cols: int) -> list[int]:
    grid = obj.get(key)
    if not isinstance(grid, list) or len(grid) != rows:
        raise PuzzleError(f"'{key}' must be a list of {rows} rows", where="JSON")
    flat: list[int] = []
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != cols:
            raise PuzzleError(f"'{key}' row {r + 1} must hold {cols} numbers", where="JSON")
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**6:
                raise PuzzleError(
                    f"'{key}' row {r + 1}, column {c + 1} is not a small integer", where="JSON"
                )
            flat.append(value)
    return flat


def from_json(obj: dict[str, Any]) -> Suguru:
    rows, cols = json_size(obj)
    blocks = _int_grid(obj, "blocks", rows, cols)
    if any(b < REMOVED for b in blocks):
        raise PuzzleError("'blocks' holds a negative label other than -1", where="JSON")
    givens = _int_grid(obj, "givens", rows, cols) if "givens" in obj else [0] * (rows * cols)
    if any(g < 0 for g in givens):
        raise PuzzleError("'givens' holds a negative digit", where="JSON")
    return build(rows, cols, blocks, givens)
