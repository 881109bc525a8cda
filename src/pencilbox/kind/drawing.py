"""What a board looks like, said without naming a puzzle type: the face's ``drawing``.

Each type fills a :class:`Drawing` in its own package (``drawing.py``), and the
shared writers (:mod:`pencilbox.pictures`: SVG, PNG, the PDF booklet) draw it
and know no type. The description is the web page's picture in print: lines
between cells of different regions are thick, within one region thin; a cell
may hold a text (a given or an answer's entry), a grey fill, hatching along a
bar, and a dot. A cell with no region (``None``) is a hole, not part of the
board (a removed cell, whatever a type calls it): no line is drawn between two
holes or between a hole and the edge, and the writers hatch it across, as
print shows removed cells, whatever else the cell holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = ["CellDrawing", "Drawing", "Edge", "EdgeStyle", "Hatch"]

Hatch = Literal["", "h", "v"]
"""Stripes across a cell: none, horizontal (along a lying bar), vertical (a standing one)."""

EdgeStyle = Literal["border", "grid"]


class Edge(NamedTuple):
    """One unit edge of the lattice, from corner ``(row0, col0)`` to ``(row1, col1)``."""

    row0: int
    col0: int
    row1: int
    col1: int
    style: EdgeStyle


@dataclass(frozen=True)
class CellDrawing:
    """One cell as drawn."""

    region: int | None = 0
    """Cells of equal regions are joined by a thin line, others parted by a thick
    one; None is a hole (see the module's docstring)."""
    text: str = ""
    given: bool = False
    """The text is part of the puzzle (drawn bold), not an answer's entry."""
    tone: float | None = None
    """The fill's grey, 0.0 black to 1.0 white; None leaves the paper."""
    hatch: Hatch = ""
    dot: bool = False

    @property
    def hole(self) -> bool:
        """Whether the cell is in no region: a hole, drawn hatched."""
        return self.region is None


@dataclass(frozen=True)
class Drawing:
    """A board of ``rows`` x ``cols`` cells, in reading order."""

    rows: int
    cols: int
    cells: tuple[CellDrawing, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(f"{len(self.cells)} cells drawn for a {self.rows}x{self.cols} board")

    def region(self, row: int, col: int) -> int | None:
        """The region at ``(row, col)``; None off the board, as for a hole."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.cells[row * self.cols + col].region
        return None

    def holes(self) -> tuple[int, ...]:
        """The cells in no region, in reading order: the ones drawn hatched."""
        return tuple(cell for cell, look in enumerate(self.cells) if look.hole)

    def edges(self) -> Iterator[Edge]:
        """Every line to draw: each unit edge once, thick between regions, thin within."""
        for row in range(self.rows + 1):
            for col in range(self.cols):
                style = _style(self.region(row - 1, col), self.region(row, col))
                if style:
                    yield Edge(row, col, row, col + 1, style)
        for row in range(self.rows):
            for col in range(self.cols + 1):
                style = _style(self.region(row, col - 1), self.region(row, col))
                if style:
                    yield Edge(row, col, row + 1, col, style)


def _style(a: int | None, b: int | None) -> EdgeStyle | None:
    """The line between two cells' regions (None: a hole or off the board)."""
    if a is None and b is None:
        return None
    return "grid" if a == b else "border"
