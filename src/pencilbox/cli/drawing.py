"""The commands that draw: ``render`` (one board as SVG or PNG) and ``booklet`` (a PDF).

Both draw what the puzzle's face describes (its ``drawing``) through
:mod:`pencilbox.pictures`, which knows no type. PNG and PDF need the
``print`` extra (Pillow, fpdf2); without it they stop with exit code 1 and
say what to install, and SVG still works.
"""

from __future__ import annotations

import argparse
import sys

from .. import solving
from ..errors import PuzzleError
from ..pictures.svg import to_svg
from .common import PROG, Unavailable
from .inputs import load_puzzle, read_text_file

MAX_BOOKLET_INPUT = 20_000_000  # characters: a thousand puzzles' records with room to spare


def cmd_render(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    form = args.format or ("png" if (args.out or "").lower().endswith(".png") else "svg")
    grid = None
    if args.solution:
        report = solving.solve(kind, puzzle, limit=1)
        if not report.solutions:
            raise Unavailable("this puzzle has no solution to draw")
        grid = report.solutions[0]
    drawing = kind.drawing(puzzle, grid)
    if form == "svg":
        _write(args.out, to_svg(drawing, title=f"{kind.name} {puzzle.rows}x{puzzle.cols}").encode())
        return 0
    if args.out is None and sys.stdout.isatty():
        raise PuzzleError("a PNG is binary: give --out FILE or send stdout to a file")
    from ..pictures.png import to_png

    _write(args.out, to_png(drawing))
    return 0


def cmd_booklet(args: argparse.Namespace) -> int:
    from ..pictures.booklet import booklet_pdf, page_count, read_entries

    text = _read_text(args.file)
    try:
        entries = read_entries(text)
    except PuzzleError as error:
        raise PuzzleError(str(error), where="stdin" if args.file == "-" else args.file) from None
    pdf = booklet_pdf(entries, args.per_page, title=args.title)
    _write(args.out, pdf)
    pages = page_count(len(entries), args.per_page)
    print(f"{PROG}: {len(entries)} puzzles on {pages} pages in {args.out}", file=sys.stderr)
    return 0


def _read_text(source: str) -> str:
    """The booklet's input file (``-``: stdin), refused past MAX_BOOKLET_INPUT characters."""
    if source == "-":
        text = sys.stdin.read(MAX_BOOKLET_INPUT + 1)
    else:
        text = read_text_file(source, MAX_BOOKLET_INPUT + 1, "a JSON Lines file")
    if len(text) > MAX_BOOKLET_INPUT:
        raise PuzzleError(f"more than {MAX_BOOKLET_INPUT} characters", where=source)
    return text


def _write(path: str | None, data: bytes) -> None:
    """``data`` into the file ``path``, or to stdout for None or ``-``."""
    if path is None or path == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror or error}") from None
