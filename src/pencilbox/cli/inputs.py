"""Reading what the user gives: PUZZLE arguments, player positions, sizes, rung names.

Every mistake raises :class:`~pencilbox.errors.PuzzleError` with a one-line
message naming the file (or ``stdin``) and, where it helps, line and column.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from .. import formats, registry
from ..codecs.pzprv3 import looks_like_pzprv3
from ..errors import PuzzleError
from ..kind import Edge, PuzzleKind, Rows, entry_limit, read_edges

MAX_SIDE = 100  # the largest board side the text and JSON forms accept


def read_source(source: str) -> tuple[str, str | None]:
    """The text behind a PUZZLE argument, and the name to blame in errors.

    ``-`` is standard input; a puzz.link URL is its own text; anything else
    is a file path. At most ``formats.MAX_INPUT + 1`` characters are read so
    that a huge file is refused by ``formats.load`` without filling memory.
    """
    limit = formats.MAX_INPUT + 1
    if source == "-":
        if sys.stdin is None:
            raise PuzzleError("no standard input to read the puzzle from")
        return sys.stdin.read(limit), "stdin"
    if _is_url_argument(source):
        return source, None
    return read_text_file(source, limit, "a puzzle file"), source


def read_text_file(path: str, limit: int, what: str) -> str:
    """At most ``limit`` characters of the UTF-8 file ``path``; each way of failing
    is one line naming it (``what`` says what the file should have been)."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read(limit)
    except FileNotFoundError:
        raise PuzzleError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise PuzzleError(f"{path} is a directory, not {what}") from None
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{path} is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise PuzzleError(f"cannot read {path}: {error.strerror}") from None


def _is_url_argument(source: str) -> bool:
    """Is a PUZZLE argument a URL rather than a path? An existing file always wins.

    Paths contain '/' too, so a bare ``TYPE/COLS/ROWS/BODY`` only counts as a
    URL when it starts with a puzzle type's URL name; otherwise a mistyped
    path is reported as a missing file, not as a broken URL.
    """
    if os.path.exists(source) or not formats.looks_like_url(source):
        return False
    if source.lower().startswith(("http://", "https://")) or "?" in source:
        return True
    head = source.split("/", 1)[0].lower()
    return any(head in kind.url_names for kind in registry.kinds())


def load_puzzle(source: str) -> tuple[PuzzleKind[Any], Any]:
    """Load a puzzle in any form; errors name the file they came from."""
    loaded = read_puzzle(source)
    return loaded.kind, loaded.puzzle


def read_puzzle(source: str) -> formats.Loaded:
    """Load a puzzle with the answer and metadata its file carries (see :func:`formats.read`)."""
    text, name = read_source(source)
    try:
        return formats.read(text)
    except PuzzleError as error:
        if name is None:
            raise
        raise PuzzleError(str(error), where=name) from None


def read_position(source: str, puzzle: Any) -> Rows:
    """A player's position: JSON int rows (or ``{"position": rows}``), text rows,
    or a pzprv3 file of the same puzzle (its answer).

    In text, cells are separated by spaces or written one character each;
    ``.``, ``-`` and ``0`` are empty cells; ``#`` lines are comments. A cell
    holds at most :func:`~pencilbox.kind.entry_limit` (the cell count, or 99).
    """
    return _read_parts(source, puzzle, ())[0]


def read_position_edges(source: str, kind: PuzzleKind[Any], puzzle: Any) -> tuple[Rows, list[Edge]]:
    """A position as :func:`read_position` reads it, with the player's marks
    between cells (the face's ``edge_marks``, e.g. a cut): in JSON an
    ``"edges"`` list beside ``"position"``, ``[[cell, cell, mark], ...]`` with
    cells as ids or labels; in text a line ``MARK CELL CELL`` each
    (``cut r2c3 r2c4``), anywhere among the rows."""
    rows, raw, where = _read_parts(source, puzzle, kind.edge_marks)
    return rows, read_edges(kind, puzzle, raw, f"{where}: edges")


def _read_parts(source: str, puzzle: Any, marks: tuple[str, ...]) -> tuple[Rows, Any, str]:
    """The rows, the raw edge marks (None: none given) and the name to blame."""
    text, name = read_source(source)
    where = name or "position"
    top = entry_limit(puzzle)
    stripped = text.strip()
    if looks_like_pzprv3(stripped):
        return _file_answer(text, where, puzzle), None, where
    raw: Any = None
    if stripped.startswith(("[", "{")):
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise PuzzleError(
                f"invalid JSON ({error.msg})",
                where=f"{where}: line {error.lineno}, column {error.colno}",
            ) from None
        if isinstance(obj, dict):
            raw = obj.get("edges")
            obj = obj.get("position")
        rows = _int_rows(obj, where, top)
    else:
        lines = stripped.splitlines()
        edge_lines = [line.split() for line in lines if _marked(line, marks)]
        raw = [[*words[1:], words[0].lower()] for words in edge_lines]
        kept = ("" if _marked(line, marks) else line for line in lines)  # line numbers kept
        rows = _text_rows("\n".join(kept), where, top)
    if len(rows) != puzzle.rows or any(len(row) != puzzle.cols for row in rows):
        widths = sorted({len(row) for row in rows})
        raise PuzzleError(
            f"position is {len(rows)} rows of {'/'.join(map(str, widths)) or 0} cells, "
            f"expected {puzzle.rows}x{puzzle.cols}",
            where=where,
        )
    return rows, raw or None, where


def _marked(line: str, marks: tuple[str, ...]) -> bool:
    """Is a text position's line an edge mark (``cut r2c3 r2c4``)?"""
    words = line.split()
    return bool(words) and words[0].lower() in marks


def _file_answer(text: str, where: str, puzzle: Any) -> Rows:
    """The answer a puzzle file (a pzprv3 file, say) holds for this same puzzle."""
    try:
        loaded = formats.read(text)
    except PuzzleError as error:
        raise PuzzleError(str(error), where=where) from None
    if loaded.puzzle != puzzle:
        raise PuzzleError("the position file holds another puzzle", where=where)
    if loaded.answer is None:
        raise PuzzleError("the position file holds no answer", where=where)
    return loaded.answer


def _int_rows(obj: Any, where: str, top: int) -> Rows:
    if not isinstance(obj, list):
        raise PuzzleError("a JSON position is a list of int rows", where=where)
    rows: Rows = []
    for r, row in enumerate(obj):
        if not isinstance(row, list):
            raise PuzzleError(f"row {r + 1} is not a list", where=where)
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise PuzzleError(
                    f"row {r + 1}, column {c + 1} is not a number from 0 to {top}", where=where
                )
        rows.append(list(row))
    return rows


def _text_rows(text: str, where: str, top: int) -> Rows:
    rows: Rows = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        tokens = line.split()
        if len(tokens) == 1:
            tokens = list(tokens[0])
        row = []
        for col, token in enumerate(tokens, start=1):
            if token in (".", "-"):
                row.append(0)
            elif token.isascii() and token.isdigit() and int(token) <= top:
                row.append(int(token))
            else:
                raise PuzzleError(
                    f"{token[:12]!r} is not a number from 0 to {top} or '.'",
                    where=f"{where}: line {line_no}, column {col}",
                )
        rows.append(row)
    return rows


def parse_size(text: str) -> tuple[int, int]:
    """``"8x6"`` -> ``(8, 6)`` (rows, columns)."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        rows, cols = (int(part) for part in parts)
    except ValueError:
        raise PuzzleError(f"--size {text!r} is not ROWSxCOLS, e.g. 8x8") from None
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"--size {text!r} is out of range 1..{MAX_SIDE} per side")
    return rows, cols


def checked_rung(kind: PuzzleKind[Any], name: str | None) -> str:
    """The rung called ``name`` (default: the top), checked against this puzzle's ladder."""
    if name is None:
        return kind.ladder.top
    if name not in kind.ladder.names:
        raise PuzzleError(
            f"unknown --rules {name!r} for {kind.display_name}; "
            f"choose from {', '.join(kind.ladder.names)}"
        )
    return name
