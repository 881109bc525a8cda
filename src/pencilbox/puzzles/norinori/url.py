"""Norinori in puzz.link URLs: ``norinori/COLS/ROWS/<borders>``.

The body is pzprjs's region borders and nothing else, encoded exactly as
LITS's (pzprjs's test board: ``norinori/5/5/cag4ocjo``); the shared border
codec is :mod:`pencilbox.codecs.puzzlink`'s.
"""

from __future__ import annotations

from ...codecs.puzzlink import (
    BodyReader,
    borders_of_labels,
    decode_borders,
    encode_borders,
    labels_of_borders,
    make_url,
)
from ...errors import PuzzleError
from . import model
from .model import MAX_SIDE, Norinori


def decode(cols: int, rows: int, body: str) -> Norinori:
    """Build the board a puzz.link Norinori body describes; PuzzleError if malformed."""
    for part, value in (("cols", cols), ("rows", rows)):
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleError(f"URL part '{part}': {value} is out of range 1..{MAX_SIDE}")
    reader = BodyReader(body.strip())
    borders = decode_borders(reader, cols, rows)
    reader.expect_end("the borders")
    try:
        return model.build(rows, cols, labels_of_borders(cols, rows, borders))
    except PuzzleError as error:
        raise PuzzleError(str(error), where="URL") from None


def encode(puzzle: Norinori) -> str:
    """The full puzz.link URL of ``puzzle``."""
    borders = borders_of_labels(puzzle.cols, puzzle.rows, puzzle.regions)
    return make_url("norinori", puzzle.cols, puzzle.rows, encode_borders(borders))
