"""A drawing as marks on paper: the one geometry every writer (SVG, PNG, PDF) draws.

Units are abstract: a cell is :data:`CELL` units wide, and a writer scales
them (one unit is a pixel in SVG and PNG, and shrinks to fit a booklet's
slot). Every line is horizontal or vertical and carries its own width, so a
writer can draw it as a thin rectangle and the corners of thick lines meet
squarely in every format. The one slanted mark is a hole's hatching
(:class:`Hole`): its stripes reach past the cell, and each writer clips them
to the cell's square in its own way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..kind import Drawing

CELL = 40.0
MARGIN = 6.0
"""Paper around the board, so the outer border's thickness is not cut off."""
BORDER_WIDTH = 4.0
GRID_WIDTH = 1.0
HATCH_WIDTH = 1.6
HATCH_TONE = 0.45
HATCH_STRIPES = 4
HOLE_STEP = CELL / 4
"""How far apart a hole's stripes start along the cell's side (7 units across)."""
HOLE_WIDTH = 1.5
HOLE_TONE = 0.0
TEXT_SIZE = 0.6 * CELL
DOT_RADIUS = 0.1 * CELL

LineKind = Literal["border", "grid", "hatch"]


class Fill(NamedTuple):
    """A cell's fill: its top-left corner, its side, its grey (0 black .. 1 white)."""

    x: float
    y: float
    side: float
    tone: float


class Line(NamedTuple):
    """A horizontal or vertical line between two points, of ``width`` and grey ``tone``."""

    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    tone: float
    kind: LineKind


class Stripe(NamedTuple):
    """A slanted line from ``(x0, y0)`` to ``(x1, y1)``, of ``width`` and grey ``tone``."""

    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    tone: float


class Hole(NamedTuple):
    """A hole's hatching: the square at ``(x, y)`` of ``side``, and the stripes to clip to it.

    The stripes rise from bottom left to top right, on lines shared by the whole
    board, so the hatching of holes side by side runs on unbroken.
    """

    x: float
    y: float
    side: float
    stripes: tuple[Stripe, ...]


class Label(NamedTuple):
    """A text centred on ``(x, y)``; a given is bold."""

    x: float
    y: float
    text: str
    given: bool


class Spot(NamedTuple):
    """A dot centred on ``(x, y)``."""

    x: float
    y: float
    radius: float


@dataclass(frozen=True)
class Layout:
    """The marks of one board, bottom first: fills, holes' hatching, lines (thin
    under thick), labels, dots."""

    width: float
    height: float
    fills: tuple[Fill, ...]
    holes: tuple[Hole, ...]
    lines: tuple[Line, ...]
    labels: tuple[Label, ...]
    spots: tuple[Spot, ...]


def layout(drawing: Drawing) -> Layout:
    """The marks of ``drawing``, with its top-left cell's corner at ``(MARGIN, MARGIN)``."""
    fills, holes, hatches, labels, spots = [], [], [], [], []
    for cell, look in enumerate(drawing.cells):
        row, col = divmod(cell, drawing.cols)
        x, y = MARGIN + col * CELL, MARGIN + row * CELL
        if look.tone is not None:
            fills.append(Fill(x, y, CELL, look.tone))
        if look.hole:
            holes.append(Hole(x, y, CELL, _hole_stripes(x, y)))
        if look.hatch:
            hatches.extend(_hatch(x, y, look.hatch))
        if look.text:
            labels.append(Label(x + CELL / 2, y + CELL / 2, look.text, look.given))
        if look.dot:
            spots.append(Spot(x + CELL / 2, y + CELL / 2, DOT_RADIUS))
    edges = sorted(drawing.edges(), key=lambda edge: edge.style == "border")
    lines = [
        Line(
            MARGIN + edge.col0 * CELL,
            MARGIN + edge.row0 * CELL,
            MARGIN + edge.col1 * CELL,
            MARGIN + edge.row1 * CELL,
            BORDER_WIDTH if edge.style == "border" else GRID_WIDTH,
            0.0,
            edge.style,
        )
        for edge in edges
    ]
    side = 2 * MARGIN
    return Layout(
        drawing.cols * CELL + side,
        drawing.rows * CELL + side,
        tuple(fills),
        tuple(holes),
        (*hatches, *lines),
        tuple(labels),
        tuple(spots),
    )


def _hatch(x: float, y: float, direction: str) -> list[Line]:
    """Stripes across the cell at ``(x, y)``, along a bar lying (``h``) or standing (``v``)."""
    stripes = []
    for stripe in range(1, HATCH_STRIPES + 1):
        offset = stripe * CELL / (HATCH_STRIPES + 1)
        if direction == "h":
            stripes.append(
                Line(x, y + offset, x + CELL, y + offset, HATCH_WIDTH, HATCH_TONE, "hatch")
            )
        else:
            stripes.append(
                Line(x + offset, y, x + offset, y + CELL, HATCH_WIDTH, HATCH_TONE, "hatch")
            )
    return stripes


def _hole_stripes(x: float, y: float) -> tuple[Stripe, ...]:
    """The stripes over the cell at ``(x, y)``: the lines ``x + y = k * HOLE_STEP``
    from the board's corner that cross it (one through its corners), each
    reaching a stripe's width past the cell on both ends, so that once clipped
    the cell is hatched to its very corners."""
    reach = HOLE_WIDTH
    stripes = []
    for k in range(round(2 * CELL / HOLE_STEP) + 1):
        across = k * HOLE_STEP  # u + v, from the cell's top-left corner
        start = max(0.0, across - CELL) - reach  # u at the left end
        end = min(CELL, across) + reach
        stripes.append(
            Stripe(x + start, y + across - start, x + end, y + across - end, HOLE_WIDTH, HOLE_TONE)
        )
    return tuple(stripes)


def line_box(line: Line) -> tuple[float, float, float, float]:
    """The rectangle ``(left, top, right, bottom)`` a line covers, ends squared:
    a thick line reaches half its width past each end, so corners close."""
    half = line.width / 2
    if line.kind == "hatch":  # stripes stop at the cell's side
        if line.y0 == line.y1:
            return line.x0, line.y0 - half, line.x1, line.y1 + half
        return line.x0 - half, line.y0, line.x1 + half, line.y1
    return (
        min(line.x0, line.x1) - half,
        min(line.y0, line.y1) - half,
        max(line.x0, line.x1) + half,
        max(line.y0, line.y1) + half,
    )
