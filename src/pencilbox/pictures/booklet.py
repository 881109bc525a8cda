"""A printable booklet: puzzles a few to a page, each with its title, size and
grade, and their answers at the back, as one PDF.

The input is JSON Lines as ``pencilbox generate`` writes them (and as the bank
files hold them: records with ``json``, ``solution`` and ``grade``), or the
lines ``pencilbox bank TYPE`` prints (id, size, grade, mode, URL). A record's
solution is re-checked by the type's checker; a puzzle without one is solved,
and must have exactly one answer. A bad line is one error naming its number.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from .. import formats, solving
from ..errors import PuzzleError
from ..kind import PuzzleKind, Rows
from .layout import layout
from .pdf import CAPTION_ROOM, PAGE_HEIGHT, PAGE_MARGIN, PAGE_WIDTH, Slot, add_page, new_document

MAX_PUZZLES = 1000
MAX_PER_PAGE = 12
MAX_CAPTION = 40  # characters of a title or a grade shown
HEADING = 10.0  # millimetres under the top margin kept for the page's heading
GAP = 8.0  # millimetres between slots

_SIZE = re.compile(r"\d+x\d+")


@dataclass(frozen=True)
class Entry:
    """One puzzle of the booklet, with what its caption says and its answer."""

    kind: PuzzleKind[Any]
    puzzle: Any
    title: str
    grade: str
    solution: Rows

    @property
    def size(self) -> str:
        return f"{self.puzzle.rows}x{self.puzzle.cols}"


def read_entries(text: str) -> list[Entry]:
    """The booklet's puzzles from the lines of ``text``; blank and ``#`` lines are skipped."""
    entries: list[Entry] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if len(entries) == MAX_PUZZLES:
            raise PuzzleError(f"more than {MAX_PUZZLES} puzzles", where=f"line {number}")
        try:
            entries.append(_entry(line, len(entries) + 1))
        except PuzzleError as error:
            raise PuzzleError(str(error), where=f"line {number}") from None
    if not entries:
        raise PuzzleError("no puzzle in the input")
    return entries


def _entry(line: str, position: int) -> Entry:
    """One line: a JSON record, or a ``bank`` line (its last word a URL)."""
    if line.lstrip().startswith(("{", "[")):
        return _record(line, position)
    words = line.split()
    if not formats.looks_like_url(words[-1]):
        raise PuzzleError("neither a JSON record nor a line ending in a puzzle URL")
    kind, puzzle = formats.load_url(words[-1])
    title, grade = f"{kind.display_name} {position}", None
    if len(words) >= 3 and _SIZE.fullmatch(words[1]):  # id, size, grade..., mode, URL
        title = words[0]
        middle = words[2:-1]
        if middle and middle[-1] in kind.generate_modes:
            middle = middle[:-1]
        grade = " ".join(middle) or None
    return _finish(kind, puzzle, title, grade, None)


def _record(line: str, position: int) -> Entry:
    """A generated or bank record, or a plain JSON puzzle."""
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise PuzzleError(f"invalid JSON ({getattr(error, 'msg', error)})") from None
    if not isinstance(obj, dict):
        raise PuzzleError("a record must be a JSON object")
    if isinstance(obj.get("json"), dict):
        kind, puzzle = formats.load_object(obj["json"])
    elif "puzzle" in obj:
        kind, puzzle = formats.load_object(obj)
    elif isinstance(obj.get("url"), str):
        kind, puzzle = formats.load_url(obj["url"])
    else:
        raise PuzzleError("the record holds no puzzle (no 'json', 'puzzle' or 'url' field)")
    title = obj.get("id")
    grade = obj.get("grade")
    if isinstance(grade, dict):
        grade = grade.get("label") or grade.get("rung")
    solution = obj.get("solution")
    return _finish(
        kind,
        puzzle,
        str(title) if title is not None else f"{kind.display_name} {position}",
        str(grade) if grade is not None else None,
        solution,
    )


def _finish(
    kind: PuzzleKind[Any], puzzle: Any, title: str, grade: str | None, solution: Any
) -> Entry:
    """The entry, its answer checked (or found) and its grade found if not given."""
    if solution is None:
        report = solving.solve(kind, puzzle, limit=2)
        if report.count != 1:
            found = "no solution" if not report.count else "more than one solution"
            raise PuzzleError(f"the puzzle has {found}; a booklet needs a unique one")
        solution = report.solutions[0]
    elif not _is_grid(solution, puzzle) or kind.check(puzzle, solution):
        raise PuzzleError("the record's 'solution' is not an answer to its puzzle")
    if grade is None:
        grade = solving.grade(kind, puzzle).label
    # A caption is one line of a slot: a title or grade of any length is cut to fit.
    title, grade = (" ".join(words.split())[:MAX_CAPTION] for words in (title, grade))
    return Entry(kind, puzzle, title, grade, [list(row) for row in solution])


def _is_grid(value: Any, puzzle: Any) -> bool:
    """Whether ``value`` is rows of whole numbers of the puzzle's size."""
    return (
        isinstance(value, list)
        and len(value) == puzzle.rows
        and all(
            isinstance(row, list)
            and len(row) == puzzle.cols
            and all(isinstance(v, int) and not isinstance(v, bool) for v in row)
            for row in value
        )
    )


def booklet_pdf(entries: list[Entry], per_page: int, title: str = "Puzzles") -> bytes:
    """The booklet: ``per_page`` puzzles to a page, then their answers as many to a page."""
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise PuzzleError(f"--per-page must be 1..{MAX_PER_PAGE}, got {per_page}")
    document = new_document(title)
    pages = math.ceil(len(entries) / per_page)
    for answers in (False, True):
        for page in range(pages):
            chunk = entries[page * per_page : (page + 1) * per_page]
            heading = "Answers" if answers else title
            add_page(document, heading, _slots(chunk, per_page, answers))
    return bytes(document.output())


def page_count(puzzles: int, per_page: int) -> int:
    """How many pages a booklet of ``puzzles`` has: the puzzles' pages, and as many of answers."""
    return 2 * math.ceil(puzzles / per_page)


def _slots(chunk: list[Entry], per_page: int, answers: bool) -> list[Slot]:
    """Where each board of a page goes: a grid of ``per_page`` places, reading order."""
    across = max(range(1, per_page + 1), key=lambda n: _board_side(n, math.ceil(per_page / n)))
    down = math.ceil(per_page / across)
    width, height = _slot_size(across, down)
    top = PAGE_MARGIN + HEADING
    slots = []
    for index, entry in enumerate(chunk):
        row, col = divmod(index, across)
        grid = entry.solution if answers else None
        caption = (entry.title, f"{entry.kind.display_name}  {entry.size}  grade: {entry.grade}")
        slots.append(
            Slot(
                PAGE_MARGIN + col * (width + GAP),
                top + row * (height + GAP),
                width,
                height,
                (f"{entry.title}  ({entry.kind.display_name})",) if answers else caption,
                layout(entry.kind.drawing(entry.puzzle, grid)),
            )
        )
    return slots


def _slot_size(across: int, down: int) -> tuple[float, float]:
    """The width and height of each slot of an ``across`` x ``down`` page, in millimetres."""
    width = (PAGE_WIDTH - 2 * PAGE_MARGIN - GAP * (across - 1)) / across
    height = (PAGE_HEIGHT - 2 * PAGE_MARGIN - HEADING - GAP * (down - 1)) / down
    return width, height


def _board_side(across: int, down: int) -> float:
    """The side a square board gets in a slot of that page: the page's columns are
    chosen to make it largest (two to a page stack, four make a square)."""
    width, height = _slot_size(across, down)
    return min(width, height - CAPTION_ROOM)
