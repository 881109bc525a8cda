"""janko.at boards as the public datasets store them, for any type.

A board is a ``rows cols`` line, then one or more grids of ``rows`` lines of
``cols`` space-separated tokens: the clues (``-`` empty) and the region
ids, or only the region ids, as the type has them; ``@`` is a cell that is
not part of the board (a hole). A solution is ``rows`` more lines. The
grid alone does not say the type, so pencilbox reads a board from

* a plain-text file that names it first: a ``janko TYPE`` line, then the
  board, then optionally a ``solution`` line and the solution's rows
  (``#`` lines before ``janko`` are comments, metadata among them); or
* a dataset record (JSON): the ``problem`` text (size line first) or the
  ``problem_verbatim`` / ``regions_verbatim`` / ``givens_verbatim`` lines
  (a type whose board is one grid of givens names it so) with ``rows`` and
  ``cols``, and ``solution`` / ``solution_verbatim``; the type is the
  ``puzzle`` field, else the type folder of its ``janko_url``
  (``.../Raetsel/<Type>/001.a.htm``), which then is its ``source`` too.

What the tokens mean is each type's own (its package's ``janko.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import PuzzleError
from .grids import MAX_SIDE
from .metadata import Metadata

__all__ = ["HEADER", "Janko", "from_record", "looks_like_janko", "parse_text"]

HEADER = "janko"
EMPTY = "-"
HOLE = "@"
_SHOWN = 20
_PROBLEM_FIELDS = ("problem", "problem_verbatim", "regions_verbatim", "givens_verbatim")

Numbered = list[tuple[str, str]]
"""Lines, each with where it came from (for errors)."""


@dataclass(frozen=True)
class Janko:
    """A board split into its grids (flat, ``rows * cols`` tokens each)."""

    type: str
    rows: int
    cols: int
    grids: tuple[tuple[str, ...], ...]
    solution: tuple[str, ...] | None = None
    meta: Metadata = field(default_factory=Metadata)
    places: tuple[str, ...] = ()
    """Where each grid's first line came from, for errors."""

    def where(self, cell: int, grid: int = 0) -> str:
        """A cell of one grid in an error message."""
        row, col = divmod(cell, self.cols)
        place = self.places[grid] if grid < len(self.places) else "janko"
        return f"{place}: row {row + 1}, column {col + 1}"


def looks_like_janko(text: str) -> bool:
    """Whether the first line that is no comment is ``janko TYPE``."""
    for line in text.splitlines():
        words = line.split()
        if words and not words[0].startswith("#"):
            return words[0].lower() == HEADER
    return False


def parse_text(text: str) -> Janko:
    """A plain-text janko file (see the module text); PuzzleError naming the line if bad."""
    lines = [(f"line {n}", line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
    head = next((i for i, (_, line) in enumerate(lines) if line and not line.startswith("#")), -1)
    if head < 0:
        raise PuzzleError("empty input")
    meta = Metadata.from_text(line for _, line in lines[:head])
    words = lines[head][1].split()
    if len(words) != 2:
        raise PuzzleError("the first line must be 'janko TYPE'", where=lines[head][0])
    body = [(where, line) for where, line in lines[head + 1 :] if line]
    split = next((i for i, (_, line) in enumerate(body) if line.lower() == "solution"), None)
    solution = body[split + 1 :] if split is not None else None
    if split is not None:
        body = body[:split]
    return _board(words[1].lower(), body, solution, meta)


def from_record(obj: dict[str, Any]) -> Janko:
    """A dataset record (see the module text)."""
    name = obj.get("puzzle")
    url = obj.get("janko_url")
    if not isinstance(name, str):
        name = _type_of_url(url)
    meta = Metadata.from_fields(obj, "JSON")
    if isinstance(url, str) and not meta.source:
        meta = Metadata(meta.author, url, meta.comment)
    key = next(key for key in _PROBLEM_FIELDS if key in obj)
    problem = _record_lines(obj, key, size_line=key != "problem")
    answer_key = "solution" if "solution" in obj else "solution_verbatim"
    solution = _record_lines(obj, answer_key, size_line=False) if answer_key in obj else None
    return _board(name, problem, solution, meta)


def is_record(obj: dict[str, Any]) -> bool:
    """Whether a JSON object is a janko dataset record rather than pencilbox's JSON form."""
    return any(key in obj for key in _PROBLEM_FIELDS)


def _type_of_url(url: object) -> str:
    parts = url.split("/") if isinstance(url, str) else []
    if "Raetsel" in parts and parts.index("Raetsel") + 1 < len(parts):
        return parts[parts.index("Raetsel") + 1].lower()
    raise PuzzleError("a janko record needs a 'puzzle' field or a janko_url naming the type")


def _record_lines(obj: dict[str, Any], key: str, *, size_line: bool) -> Numbered:
    """A record's field as lines (a text, or a list of row strings); with
    ``size_line``, the record's ``rows`` and ``cols`` go first as the text has them."""
    value = obj[key]
    if isinstance(value, str):
        lines = value.splitlines()
    elif isinstance(value, list) and all(isinstance(line, str) for line in value):
        lines = list(value)
    else:
        raise PuzzleError(f"'{key}' must be a text or a list of row strings", where="JSON")
    if size_line:
        rows, cols = obj.get("rows"), obj.get("cols")
        if not isinstance(rows, int) or not isinstance(cols, int):
            raise PuzzleError(f"'{key}' needs 'rows' and 'cols' fields", where="JSON")
        lines = [f"{rows} {cols}", *lines]
    numbered = [(f"JSON field '{key}' line {n}", line.strip()) for n, line in enumerate(lines, 1)]
    return [(where, line) for where, line in numbered if line]


def _board(name: str, body: Numbered, solution: Numbered | None, meta: Metadata) -> Janko:
    if not body:
        raise PuzzleError("a janko board starts with a 'rows cols' line", where="janko")
    rows, cols = _size(*body[0])
    grids_lines = body[1:]
    if not grids_lines or len(grids_lines) % rows:
        where = grids_lines[-1][0] if grids_lines else body[0][0]
        raise PuzzleError(
            f"a {rows}x{cols} janko board has grids of {rows} lines; found {len(grids_lines)}",
            where=where,
        )
    grids = [grids_lines[at : at + rows] for at in range(0, len(grids_lines), rows)]
    answer = None
    if solution is not None:
        if len(solution) == rows + 1 and len(solution[0][1].split()) == 2:
            solution = solution[1:]  # the datasets may repeat the size line
        if len(solution) != rows:
            where = solution[0][0] if solution else "janko"
            raise PuzzleError(
                f"the solution has {len(solution)} lines, expected {rows}", where=where
            )
        answer = _tokens(solution, cols)
    return Janko(
        name,
        rows,
        cols,
        tuple(_tokens(grid, cols) for grid in grids),
        answer,
        meta,
        tuple(grid[0][0] for grid in grids),
    )


def _size(where: str, line: str) -> tuple[int, int]:
    words = line.split()
    good = len(words) == 2 and all(w.isascii() and w.isdigit() and len(w) < 6 for w in words)
    if not good:
        raise PuzzleError(f"{line[:_SHOWN]!r} is not a 'rows cols' line", where=where)
    rows, cols = int(words[0]), int(words[1])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"size {rows}x{cols} is out of range 1..{MAX_SIDE}", where=where)
    return rows, cols


def _tokens(lines: Sequence[tuple[str, str]], cols: int) -> tuple[str, ...]:
    flat: list[str] = []
    for where, line in lines:
        tokens = line.split()
        if len(tokens) != cols:
            raise PuzzleError(f"a row has {len(tokens)} entries, expected {cols}", where=where)
        flat += tokens
    return tuple(flat)
