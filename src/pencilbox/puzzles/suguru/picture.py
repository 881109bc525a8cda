"""A text picture of a Suguru board (the face's ``render``), for the CLI."""

from __future__ import annotations

from ...kind import Rows
from .model import REMOVED, Suguru


def render(puzzle: Suguru, grid: Rows | None = None) -> str:
    """Box-drawing picture: thick lines between blocks, digits in cells."""
    rows, cols = puzzle.rows, puzzle.cols

    def block(r: int, c: int) -> int | None:
        if 0 <= r < rows and 0 <= c < cols:
            return puzzle.blocks[r * cols + c]
        return None

    def content(r: int, c: int) -> str:
        cell = r * cols + c
        if puzzle.blocks[cell] == REMOVED:
            return "#"
        value = grid[r][c] if grid else puzzle.givens[cell]
        return str(value) if value else "."

    out = []
    for r in range(rows + 1):
        line = ""
        for c in range(cols):
            line += "+" + ("---" if block(r - 1, c) != block(r, c) else "   ")
        out.append(line + "+")
        if r == rows:
            break
        line = ""
        for c in range(cols):
            line += ("|" if block(r, c - 1) != block(r, c) else " ") + f" {content(r, c)} "
        out.append(line + "|")
    return "\n".join(out)
