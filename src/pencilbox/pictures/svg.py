"""A drawing as SVG text, written by hand: black on white, one element per mark.

Each element carries a class saying what it is (``border``, ``grid``,
``hatch`` lines; ``fill`` cells; ``given`` and ``entry`` texts; ``dot``s), so a
reader (the tests, a style sheet) can pick the marks out.

A hole's hatching is a group of ``hole-hatch`` lines clipped to the hole's
square: the ``<rect class="hole">`` of a ``<clipPath>`` in ``<defs>``, one
per hole, referred to by its id within the document (nothing outside it).
The id is made of the square's corner, so two pictures pasted into one page
that share an id share the square too, and each still clips rightly.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..kind import Drawing
from .layout import TEXT_SIZE, Hole, Layout, layout


def grey(tone: float) -> str:
    """``#rrggbb`` of a grey, 0.0 black to 1.0 white."""
    level = round(max(0.0, min(1.0, tone)) * 255)
    return f"#{level:02x}{level:02x}{level:02x}"


def to_svg(drawing: Drawing, title: str = "") -> str:
    """The SVG document of ``drawing`` (``title`` becomes its ``<title>``)."""
    return svg_text(layout(drawing), drawing.rows, drawing.cols, title)


def svg_text(marks: Layout, rows: int, cols: int, title: str = "") -> str:
    """The SVG document of laid-out ``marks`` of a ``rows`` x ``cols`` board."""
    width, height = _number(marks.width), _number(marks.height)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'data-rows="{rows}" data-cols="{cols}">',
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(
        f'<rect class="paper" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>'
    )
    for fill in marks.fills:
        out.append(
            f'<rect class="fill" x="{_number(fill.x)}" y="{_number(fill.y)}" '
            f'width="{_number(fill.side)}" height="{_number(fill.side)}" fill="{grey(fill.tone)}"/>'
        )
    out.extend(_holes(marks.holes))
    for line in marks.lines:
        cap = "butt" if line.kind == "hatch" else "square"
        out.append(
            f'<line class="{line.kind}" x1="{_number(line.x0)}" y1="{_number(line.y0)}" '
            f'x2="{_number(line.x1)}" y2="{_number(line.y1)}" stroke="{grey(line.tone)}" '
            f'stroke-width="{_number(line.width)}" stroke-linecap="{cap}"/>'
        )
    for label in marks.labels:
        weight = "bold" if label.given else "normal"
        out.append(
            f'<text class="{"given" if label.given else "entry"}" x="{_number(label.x)}" '
            f'y="{_number(label.y)}" font-family="sans-serif" font-size="{_number(TEXT_SIZE)}" '
            f'font-weight="{weight}" text-anchor="middle" dominant-baseline="central" '
            f'fill="#000000">{escape(label.text)}</text>'
        )
    for spot in marks.spots:
        out.append(
            f'<circle class="dot" cx="{_number(spot.x)}" cy="{_number(spot.y)}" '
            f'r="{_number(spot.radius)}" fill="#000000"/>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _holes(holes: tuple[Hole, ...]) -> list[str]:
    """Each hole's clip in one ``<defs>``, then its stripes clipped to it (none: nothing)."""
    if not holes:
        return []
    names = [f"hole-{_number(hole.x)}-{_number(hole.y)}-{_number(hole.side)}" for hole in holes]
    out = ["<defs>"]
    for name, hole in zip(names, holes, strict=True):
        out.append(
            f'<clipPath id="{name}"><rect class="hole" x="{_number(hole.x)}" '
            f'y="{_number(hole.y)}" width="{_number(hole.side)}" height="{_number(hole.side)}"/>'
            "</clipPath>"
        )
    out.append("</defs>")
    for name, hole in zip(names, holes, strict=True):
        out.append(f'<g class="hole" clip-path="url(#{name})">')
        out.extend(
            f'<line class="hole-hatch" x1="{_number(s.x0)}" y1="{_number(s.y0)}" '
            f'x2="{_number(s.x1)}" y2="{_number(s.y1)}" stroke="{grey(s.tone)}" '
            f'stroke-width="{_number(s.width)}" stroke-linecap="butt"/>'
            for s in hole.stripes
        )
        out.append("</g>")
    return out


def _number(value: float) -> str:
    """A coordinate without a trailing ``.0`` (``46``, ``12.5``)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
