"""Heteromino in puzz.link URLs: ``heteromino/COLS/ROWS/<cells>``.

The body walks the cells in reading order: ``7`` is a black cell (pzprjs's
"shaded block", question value 7) and a letter ``a``..``z`` is a run of 1..26
white cells. A board is written with maximal runs (a run of 27 white cells is
``za``), the last run included. As in the shared number16 codec, a final run
may reach past the last cell; a body that stops short of the last cell, or
holds any other character, is an error naming its position.
"""

from __future__ import annotations

from ...codecs.puzzlink import BodyReader, make_url
from ...errors import PuzzleError
from . import model
from .model import Heteromino

BLACK_CODE = "7"
RUN_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # a = 1 white cell .. z = 26


def decode(cols: int, rows: int, body: str) -> Heteromino:
    """Build the board a puzz.link Heteromino body describes; PuzzleError if malformed."""
    for part, value in (("cols", cols), ("rows", rows)):
        if not 1 <= value <= model.MAX_SIDE:
            raise PuzzleError(f"URL part '{part}': {value} is out of range 1..{model.MAX_SIDE}")
    reader = BodyReader(body.strip())
    count = cols * rows
    black = [False] * count
    cell = 0
    while cell < count:
        if reader.at_end:
            raise PuzzleError(f"URL body ends after {cell} of {count} cells")
        char = reader.next_char()
        if char == BLACK_CODE:
            black[cell] = True
            cell += 1
        elif char in RUN_LETTERS:
            cell += RUN_LETTERS.index(char) + 1
        else:
            raise reader.fail(
                f"{char!r} is not a cell code ('7' black, 'a'-'z' white runs)", reader.pos - 1
            )
    reader.expect_end("the last cell")
    return model.build(rows, cols, black, where="URL body")


def encode_body(puzzle: Heteromino) -> str:
    """The body alone: the inverse of :func:`decode`."""
    out: list[str] = []
    run = 0
    for is_black in puzzle.black:
        if not is_black:
            run += 1
            if run == len(RUN_LETTERS):
                out.append(RUN_LETTERS[-1])
                run = 0
            continue
        if run:
            out.append(RUN_LETTERS[run - 1])
            run = 0
        out.append(BLACK_CODE)
    if run:
        out.append(RUN_LETTERS[run - 1])
    return "".join(out)


def encode(puzzle: Heteromino) -> str:
    """The full puzz.link URL of ``puzzle``."""
    return make_url("heteromino", puzzle.cols, puzzle.rows, encode_body(puzzle))
