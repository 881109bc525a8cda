"""Pages of boards as PDF, through fpdf2: the booklet's printer.

fpdf2 is pure Python and installs from a wheel with pip alone (its own needs,
Pillow, fontTools and defusedxml, are wheels too), where an SVG-to-PDF route
(cairosvg) would need the system's cairo library. It draws rectangles, lines
and text in millimetres, all the booklet asks, from the same marks as the SVG
and the PNG (:mod:`.layout`), with the PDF's own Helvetica, so no font file
is shipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Unavailable
from .layout import TEXT_SIZE, Layout, line_box

PAGE_WIDTH, PAGE_HEIGHT = 210.0, 297.0  # A4, in millimetres
PAGE_MARGIN = 15.0
POINT = 25.4 / 72  # millimetres to a point: fpdf2's font sizes are in points


@dataclass(frozen=True)
class Slot:
    """A board's place on a page: the area it may fill, in millimetres, and its caption."""

    x: float
    y: float
    width: float
    height: float
    caption: tuple[str, ...]
    marks: Layout


def new_document(title: str) -> Any:
    """An empty A4 document (an ``fpdf.FPDF``), or Unavailable if fpdf2 is missing."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise Unavailable("the booklet needs fpdf2: pip install 'pencilbox[print]'") from None
    document = FPDF(orientation="portrait", unit="mm", format="A4")
    document.set_auto_page_break(False)
    document.set_title(latin(title))
    document.set_creator("pencilbox")
    return document


def add_page(document: Any, heading: str, slots: list[Slot]) -> None:
    """A page with ``heading`` on top, its page number below and each slot's board."""
    document.add_page()
    document.set_text_color(0)
    document.set_font("Helvetica", "B", 14)
    document.text(PAGE_MARGIN, PAGE_MARGIN, latin(heading))
    document.set_font("Helvetica", "", 9)
    number = str(document.page_no())
    document.text(PAGE_WIDTH / 2 - document.get_string_width(number) / 2, PAGE_HEIGHT - 8, number)
    for slot in slots:
        _slot(document, slot)


CAPTION_LINE = 5.0  # millimetres between caption lines
CAPTION_ROOM = 2 * CAPTION_LINE + 2  # what a two-line caption takes above its board


def _slot(document: Any, slot: Slot) -> None:
    """The caption, then the board scaled to the rest of the slot, centred across it."""
    for line, words in enumerate(slot.caption):
        document.set_font("Helvetica", "B" if line == 0 else "", 11 if line == 0 else 9)
        document.text(slot.x, slot.y + 4 + line * CAPTION_LINE, latin(words))
    top = slot.y + CAPTION_ROOM  # the same with one line, so answers line up with puzzles
    room = slot.height - (top - slot.y)
    scale = min(slot.width / slot.marks.width, room / slot.marks.height)
    left = slot.x + (slot.width - slot.marks.width * scale) / 2
    draw_marks(document, slot.marks, left, top, scale)


def draw_marks(document: Any, marks: Layout, left: float, top: float, scale: float) -> None:
    """Laid-out ``marks`` with their origin at ``(left, top)``, ``scale`` mm to a unit."""

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * scale, top + y * scale

    for fill in marks.fills:
        document.set_fill_color(_level(fill.tone))
        document.rect(*at(fill.x, fill.y), fill.side * scale, fill.side * scale, style="F")
    for hole in marks.holes:
        # The pen is set outside the clip: leaving it restores the PDF's pen, which
        # fpdf2 does not see, so a pen set inside would be lost for the next hole.
        pens = sorted({(stripe.width, stripe.tone) for stripe in hole.stripes})
        for width, tone in pens:
            document.set_draw_color(_level(tone))
            document.set_line_width(width * scale)
            with document.rect_clip(*at(hole.x, hole.y), hole.side * scale, hole.side * scale):
                for stripe in hole.stripes:
                    if (stripe.width, stripe.tone) == (width, tone):
                        document.line(*at(stripe.x0, stripe.y0), *at(stripe.x1, stripe.y1))
    for line in marks.lines:
        x0, y0, x1, y1 = line_box(line)
        document.set_fill_color(_level(line.tone))
        document.rect(*at(x0, y0), (x1 - x0) * scale, (y1 - y0) * scale, style="F")
    size = TEXT_SIZE * scale
    for label in marks.labels:
        document.set_font("Helvetica", "B" if label.given else "", size / POINT)
        x, y = at(label.x, label.y)
        text = latin(label.text)
        # The baseline sits below the centre by about a third of the digits' height.
        document.text(x - document.get_string_width(text) / 2, y + 0.35 * size, text)
    document.set_fill_color(0)
    for spot in marks.spots:
        x, y = at(spot.x, spot.y)
        r = spot.radius * scale
        document.ellipse(x - r, y - r, 2 * r, 2 * r, style="F")


def _level(tone: float) -> int:
    return round(max(0.0, min(1.0, tone)) * 255)


def latin(text: str) -> str:
    """``text`` in the PDF core fonts' Latin-1, any other character as ``?``."""
    return text.encode("latin-1", "replace").decode("latin-1")
