"""Suguru in puzz.link URLs: ``suguru/COLS/ROWS/<borders><numbers>[<empty cells>]``.

The body is pzprjs's block borders, then one number16 entry per cell (the
givens). pzprxs, which lets a Suguru board have empty cells, appends a
bit mask of those cells (5 cells per base-32 character, as for borders) and
leaves it out when no cell is empty; pencilbox reads such cells as removed
(:data:`~pencilbox.puzzles.suguru.model.REMOVED`) and writes them back the
same way. A ``.`` (question mark) cell constrains nothing in Suguru, so it is
read as a blank.
"""

from __future__ import annotations

from ...codecs.puzzlink import (
    NO_NUMBER,
    QUESTION,
    BodyReader,
    borders_of_labels,
    decode_borders,
    decode_number16,
    encode_borders,
    encode_number16,
    labels_of_borders,
    make_url,
    pack_bits,
    unpack_bits,
)
from ...errors import PuzzleError
from . import model
from .model import REMOVED, Suguru

MAX_SIDE = 100  # the same limit as the text and JSON forms


def decode(cols: int, rows: int, body: str) -> Suguru:
    """Build the board a puzz.link Suguru body describes; PuzzleError if malformed."""
    for part, value in (("cols", cols), ("rows", rows)):
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleError(f"URL part '{part}': {value} is out of range 1..{MAX_SIDE}")
    reader = BodyReader(body.strip())
    borders = decode_borders(reader, cols, rows)
    numbers = decode_number16(reader, cols * rows)
    removed = [False] * (cols * rows)
    if not reader.at_end:
        removed = unpack_bits(reader, cols * rows, "empty-cell")
        reader.expect_end("the empty-cell mask")
    blocks = labels_of_borders(cols, rows, borders, removed)
    givens = []
    for cell, number in enumerate(numbers):
        if number == 0:
            row, col = divmod(cell, cols)
            raise PuzzleError(
                "given 0 is not a Suguru digit", where=f"row {row + 1}, column {col + 1}"
            )
        givens.append(0 if number in (NO_NUMBER, QUESTION) else number)
    return model.build(rows, cols, [REMOVED if b < 0 else b for b in blocks], givens)


MAX_URL_NUMBER = 4095
"""number16 writes at most three hex digits; a larger given has no URL form."""


def encode(puzzle: Suguru) -> str:
    """The full puzz.link URL of ``puzzle``; PuzzleError if a given is too large for one."""
    for cell, given in enumerate(puzzle.givens):
        if given > MAX_URL_NUMBER:
            row, col = divmod(cell, puzzle.cols)
            raise PuzzleError(
                f"given {given} is too large for a puzz.link URL (at most {MAX_URL_NUMBER})",
                where=f"row {row + 1}, column {col + 1}",
            )
    borders = borders_of_labels(puzzle.cols, puzzle.rows, puzzle.blocks)
    body = encode_borders(borders) + encode_number16([g or NO_NUMBER for g in puzzle.givens])
    removed = [block == REMOVED for block in puzzle.blocks]
    if any(removed):
        body += pack_bits(removed)
    return make_url("suguru", puzzle.cols, puzzle.rows, body)
