"""LITS in puzz.link URLs: ``lits/COLS/ROWS/<borders>``, and the old applet form.

The current body is pzprjs's region borders and nothing else. The old
applet wrote one character per cell instead, cells in the same room
sharing a character (``indi.s58.xrea.com/lits/sa/q.html?/4/4/aabbaabc...``);
as in pzprjs, a border stands between two cells whose characters differ
and regions are what the borders cut out. A body of exactly ROWS×COLS
characters is read in the old form: a border body is always shorter
(about 2·ROWS·COLS/5 characters) for any board with a LITS region. The
whole old address reaches :func:`decode` through
:func:`pencilbox.formats.load_url`, whose URL splitter reads the type off
the applet's path. Encoding always writes the border form.

A board with holes (cells in no region) has no puz.link form: the border
body can only cut the whole board into rooms. :func:`encode` says so.
"""

from __future__ import annotations

from ...codecs.puzzlink import (
    BodyReader,
    Borders,
    borders_of_labels,
    decode_borders,
    encode_borders,
    labels_of_borders,
    make_url,
)
from ...errors import PuzzleError
from . import model
from .model import MAX_SIDE, Lits


def decode(cols: int, rows: int, body: str) -> Lits:
    """Build the board a puzz.link LITS body describes; PuzzleError if malformed."""
    for part, value in (("cols", cols), ("rows", rows)):
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleError(f"URL part '{part}': {value} is out of range 1..{MAX_SIDE}")
    body = body.strip()
    if len(body) == rows * cols and rows * cols > 1:
        return decode_old(cols, rows, body)
    reader = BodyReader(body)
    borders = decode_borders(reader, cols, rows)
    reader.expect_end("the borders")
    return model.build(rows, cols, labels_of_borders(cols, rows, borders))


def decode_old(cols: int, rows: int, body: str) -> Lits:
    """The old applet body: one room character (a letter or digit) per cell."""
    if len(body) != rows * cols:
        raise PuzzleError(
            f"URL body has {len(body)} characters; the old form needs one per cell ({rows * cols})"
        )
    for index, char in enumerate(body):
        if not (char.isascii() and char.isalnum()):
            raise PuzzleError(
                f"{char!r} is not a room letter", where=f"URL body, character {index + 1}"
            )
    vertical = tuple(
        body[r * cols + c] != body[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)
    )
    horizontal = tuple(
        body[r * cols + c] != body[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)
    )
    return model.build(rows, cols, labels_of_borders(cols, rows, Borders(vertical, horizontal)))


def encode(puzzle: Lits) -> str:
    """The full puzz.link URL of ``puzzle`` (border form); PuzzleError for a board with holes."""
    if puzzle.holes:
        raise PuzzleError("LITS boards with holes have no puzz.link form")
    borders = borders_of_labels(puzzle.cols, puzzle.rows, puzzle.regions)
    return make_url("lits", puzzle.cols, puzzle.rows, encode_borders(borders))
