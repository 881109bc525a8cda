"""Fillomino in puzz.link URLs: ``fillomino/COLS/ROWS/<numbers>[<given borders>]``.

The body is pzprjs's number16 entry per cell (the givens, row by row: a hex
digit, ``-xx`` past 15, ``+xxx`` past 255, ``g``..``z`` a run of empty
cells). pzprjs appends the borders of a board with *given* lines (lines the
setter drew, which the player cannot erase); pencilbox's boards have none,
so a border part that draws a line is refused in one line rather than read
as a board without them (it would be another puzzle), and an all-empty one
(which says nothing) is read past. A ``.`` (pzprjs's question mark: a given
cell whose number is not shown) constrains nothing, so it reads as a blank.
"""

from __future__ import annotations

from ...codecs.grids import MAX_SIDE
from ...codecs.puzzlink import (
    BASE32,
    NO_NUMBER,
    QUESTION,
    BodyReader,
    decode_borders,
    decode_number16,
    encode_number16,
    make_url,
)
from ...errors import PuzzleError
from . import model
from .model import Fillomino

MAX_URL_NUMBER = 4095
"""number16 writes at most three hex digits; a larger given has no URL form."""


def decode(cols: int, rows: int, body: str) -> Fillomino:
    """Build the board a puzz.link Fillomino body describes; PuzzleError if malformed."""
    for part, value in (("cols", cols), ("rows", rows)):
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleError(f"URL part '{part}': {value} is out of range 1..{MAX_SIDE}")
    reader = BodyReader(body.strip())
    numbers = decode_number16(reader, cols * rows)
    border_chars = ((cols - 1) * rows + 4) // 5 + (cols * (rows - 1) + 4) // 5
    rest = reader.body[reader.pos :]
    if rest and len(rest) == border_chars and all(char in BASE32 for char in rest):
        start = reader.pos
        borders = decode_borders(reader, cols, rows)
        if any(borders.vertical) or any(borders.horizontal):
            raise reader.fail("given borders (lines the setter drew) are not supported", start)
    reader.expect_end("the numbers")
    givens = []
    for cell, number in enumerate(numbers):
        if number == 0:
            raise PuzzleError(
                "given 0 is not a region size", where=f"URL body, {model.where(cols, cell)}"
            )
        givens.append(0 if number in (NO_NUMBER, QUESTION) else number)
    return model.read(rows, cols, givens, where_="URL body")


def encode(puzzle: Fillomino) -> str:
    """The full puzz.link URL of ``puzzle``; PuzzleError if a given is too large for one."""
    for cell, given in enumerate(puzzle.givens):
        if given > MAX_URL_NUMBER:
            raise PuzzleError(
                f"given {given} is too large for a puzz.link URL (at most {MAX_URL_NUMBER})",
                where=model.where(puzzle.cols, cell),
            )
    body = encode_number16([g or NO_NUMBER for g in puzzle.givens])
    return make_url("fillomino", puzzle.cols, puzzle.rows, body)
