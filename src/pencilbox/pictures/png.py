"""A drawing as a PNG image, through Pillow, from the same marks as the SVG.

A hole's stripes are drawn on a copy of the hole's own pixels, pasted back:
so they are clipped to the cell exactly, as the SVG's clip path clips them.
"""

from __future__ import annotations

import io
import math
from typing import Any

from ..errors import Unavailable
from ..kind import Drawing
from .layout import TEXT_SIZE, layout, line_box

SCALE = 1.0
"""Pixels per layout unit: a cell is 40 pixels, as in the SVG."""


def to_png(drawing: Drawing, scale: float = SCALE) -> bytes:
    """The PNG image of ``drawing``, ``scale`` pixels to a layout unit."""
    image_module, draw_module, font_module = _pillow()
    marks = layout(drawing)
    size = (round(marks.width * scale), round(marks.height * scale))
    image = image_module.new("L", size, 255)
    pen = draw_module.Draw(image)

    def box(left: float, top: float, right: float, bottom: float) -> list[int]:
        # Inclusive pixel bounds, halves rounded up, so a 1-unit line is one pixel wide.
        x0, y0 = _pixel(left * scale), _pixel(top * scale)
        return [x0, y0, max(x0, _pixel(right * scale) - 1), max(y0, _pixel(bottom * scale) - 1)]

    for fill in marks.fills:
        pen.rectangle(
            box(fill.x, fill.y, fill.x + fill.side, fill.y + fill.side), fill=_level(fill.tone)
        )
    for hole in marks.holes:
        left, top, right, bottom = box(hole.x, hole.y, hole.x + hole.side, hole.y + hole.side)
        tile = image.crop((left, top, right + 1, bottom + 1))
        tile_pen = draw_module.Draw(tile)
        for stripe in hole.stripes:
            tile_pen.line(
                [
                    (stripe.x0 * scale - left, stripe.y0 * scale - top),
                    (stripe.x1 * scale - left, stripe.y1 * scale - top),
                ],
                fill=_level(stripe.tone),
                width=max(1, round(stripe.width * scale)),
            )
        image.paste(tile, (left, top))
    for line in marks.lines:
        pen.rectangle(box(*line_box(line)), fill=_level(line.tone))
    regular = font_module.load_default(size=TEXT_SIZE * scale)
    for label in marks.labels:
        # Pillow's bundled font has no bold face: a given is stroked to look bold.
        pen.text(
            (label.x * scale, label.y * scale),
            label.text,
            fill=0,
            font=regular,
            anchor="mm",
            stroke_width=max(1, round(scale)) if label.given else 0,
            stroke_fill=0,
        )
    for spot in marks.spots:
        x, y, r = spot.x * scale, spot.y * scale, spot.radius * scale
        pen.ellipse([x - r, y - r, x + r, y + r], fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _pixel(value: float) -> int:
    return math.floor(value + 0.5)


def _level(tone: float) -> int:
    return round(max(0.0, min(1.0, tone)) * 255)


def _pillow() -> tuple[Any, Any, Any]:
    """Pillow's Image, ImageDraw and ImageFont, or Unavailable if it is not installed."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise Unavailable("PNG needs Pillow: pip install 'pencilbox[print]'") from None
    return Image, ImageDraw, ImageFont
