"""Reading request bodies and writing the puzzle answers, with every input bounded.

Everything here is puzzle-independent: puzzles come and go through
:mod:`pencilbox.formats` and the :class:`~pencilbox.kind.PuzzleKind` face.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import formats
from ..errors import PuzzleError
from ..kind import Edge, PuzzleKind, Rows, entry_limit, read_edges
from . import limits


class ApiError(Exception):
    """A request the API refuses; answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = " ".join(message.split())


JobRunner = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
"""Runs one slow job (a name of ``jobs.JOBS`` and its payload) and returns its
result, or raises :class:`ApiError`: on the server a warm worker process, in
the static site the page's Web Worker itself (see :mod:`.dispatch`)."""


@dataclass(frozen=True)
class Call:
    """One request as every transport hands it to an endpoint: the path's
    parameters, the query's, the raw body (None for a GET) and the job runner."""

    params: Mapping[str, str]
    query: Mapping[str, str]
    body: bytes | None
    run: JobRunner

    def json(self) -> dict[str, Any]:
        """The body as a JSON object (see :func:`parse_json`)."""
        return parse_json(self.body or b"")


def check_body_size(size: int) -> None:
    """Refuse a body over the size limit (413) before it is parsed."""
    if size > limits.MAX_BODY_BYTES:
        raise ApiError(413, _too_big(size))


def parse_json(body: bytes) -> dict[str, Any]:
    """A request body as a JSON object, refusing anything over the size limit."""
    check_body_size(len(body))
    if not body.strip():
        raise ApiError(400, "empty request body; expected a JSON object")
    try:
        obj = json.loads(body)
    except json.JSONDecodeError as error:
        raise ApiError(
            400, f"malformed JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except (UnicodeDecodeError, RecursionError) as error:
        raise ApiError(400, f"malformed JSON: {type(error).__name__}") from None
    except ValueError:  # an integer past Python's int-from-string limit (4300 digits)
        raise ApiError(400, "malformed JSON: a number has too many digits") from None
    if not isinstance(obj, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return obj


def _too_big(size: int) -> str:
    return f"request body of {size} bytes is larger than the limit of {limits.MAX_BODY_BYTES}"


def check_size(rows: Any, cols: Any, where: str) -> None:
    """Refuse a board larger than the web app's limit (checked before parsing when possible)."""
    if (
        isinstance(rows, int)
        and isinstance(cols, int)
        and (rows > limits.MAX_SIDE or cols > limits.MAX_SIDE)
    ):
        raise ApiError(
            400,
            f"{where}: board {rows}x{cols} is larger than the web app's limit of "
            f"{limits.MAX_SIDE}x{limits.MAX_SIDE}",
        )


def puzzle_from(body: dict[str, Any], field: str = "puzzle") -> tuple[PuzzleKind[Any], Any]:
    """The puzzle in ``body[field]``: a JSON object, or text / URL / JSON as a string."""
    if field not in body:
        raise ApiError(400, f"missing the '{field}' field")
    value = body[field]
    try:
        if isinstance(value, dict):
            check_size(value.get("rows"), value.get("cols"), f"'{field}'")
            kind, puzzle = formats.load_object(value)
        elif isinstance(value, str):
            kind, puzzle = formats.load(value)
        else:
            raise ApiError(400, f"'{field}' must be a JSON object or a string")
    except PuzzleError as error:
        raise ApiError(400, str(error)) from None
    check_size(puzzle.rows, puzzle.cols, f"'{field}'")
    return kind, puzzle


def grid_from(body: dict[str, Any], puzzle: Any, field: str = "grid") -> Rows:
    """A player's grid: ``rows`` lists of ``cols`` non-negative integers, each at
    most :func:`~pencilbox.kind.entry_limit` (the board's cell count, or 99)."""
    grid = body.get(field)
    if not isinstance(grid, list) or len(grid) != puzzle.rows:
        raise ApiError(400, f"'{field}' must be a list of {puzzle.rows} rows")
    top = entry_limit(puzzle, limits.MAX_CELL_VALUE)
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != puzzle.cols:
            raise ApiError(400, f"'{field}' row {r + 1} must hold {puzzle.cols} numbers")
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise ApiError(
                    400, f"'{field}' row {r + 1}, column {c + 1} is not a number from 0 to {top}"
                )
    return grid


def edges_from(body: dict[str, Any], kind: PuzzleKind[Any], puzzle: Any) -> list[Edge]:
    """A position's optional edge marks, ``[[cell, cell, mark], ...]`` (see
    :func:`~pencilbox.kind.read_edges`; a list of at most two per cell)."""
    try:
        return read_edges(kind, puzzle, body.get("edges"), "'edges'")
    except PuzzleError as error:
        raise ApiError(400, str(error)) from None


def bool_field(body: dict[str, Any], field: str) -> bool:
    """A true/false field, false when absent."""
    value = body.get(field, False)
    if not isinstance(value, bool):
        raise ApiError(400, f"'{field}' must be true or false")
    return value


def int_field(body: dict[str, Any], field: str, low: int, high: int, default: int | None) -> int:
    """An integer field within ``low..high`` (``default`` when absent, if given)."""
    value = body.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError(400, f"'{field}' must be an integer from {low} to {high}")
    return value


MAX_SEED = 2**64 - 1
"""Largest seed a generate request may name (fresh ones are 63 bits)."""


def seed_field(body: dict[str, Any]) -> int:
    """The generator seed a request names, or a fresh one.

    Seeds travel as strings of digits both ways: a JavaScript number holds
    integers exactly only up to 2**53, and fresh seeds are 63 bits. A JSON
    integer is taken too while it is that small, since nothing rounded it.
    """
    value = body.get("seed")
    if value is None:
        return secrets.randbits(63)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2**53:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        seed = int(value)
        if seed <= MAX_SEED:
            return seed
    raise ApiError(
        400, f"'seed' must be a string of digits from 0 to {MAX_SEED}, got {str(value)[:30]!r}"
    )


def puzzle_key(kind: PuzzleKind[Any], puzzle: Any) -> str:
    """A short stable name for a puzzle (the browser keeps progress under it)."""
    canonical = json.dumps(kind.to_json(puzzle), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def cell_layers(obj: dict[str, Any], rows: int, cols: int) -> dict[str, list[int]]:
    """Every field of a puzzle's JSON form that holds one number per cell
    (``rows`` lists of ``cols`` ints or booleans), flattened in reading order.

    This is the drawing data the page's puzzle modules read (a type's
    regions, its givens, its black cells: each grid under its JSON name)
    without the server naming any puzzle: whatever per-cell grid a type's
    JSON form has is passed on, and nothing else.
    """
    layers: dict[str, list[int]] = {}
    for name, value in obj.items():
        if (
            isinstance(value, list)
            and len(value) == rows
            and all(isinstance(row, list) and len(row) == cols for row in value)
            and all(isinstance(v, int) for row in value for v in row)
        ):
            layers[name] = [int(v) for row in value for v in row]
    return layers


def puzzle_payload(kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
    """Everything the page needs to show and export a puzzle.

    ``cells`` is the drawing data: ``layers`` (see :func:`cell_layers`) and
    ``labels``, the face's name of each cell (``r1c1``...), which the page
    uses in messages and for accessibility. ``json`` is sent back with every
    request; ``picture`` is the text rendering. ``url`` is empty for a board
    the URL form cannot write, and ``url_note`` then says why in one line.
    """
    obj = kind.to_json(puzzle)
    cells = range(puzzle.rows * puzzle.cols)
    return {
        "type": kind.name,
        "display_name": kind.display_name,
        "key": puzzle_key(kind, puzzle),
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "json": obj,
        "cells": {
            "layers": cell_layers(obj, puzzle.rows, puzzle.cols),
            "labels": [kind.cell_label(puzzle, cell) for cell in cells],
        },
        **_url_fields(kind, puzzle),
        "text": kind.format_text(puzzle),
        "picture": kind.render(puzzle),
    }


def _url_fields(kind: PuzzleKind[Any], puzzle: Any) -> dict[str, str]:
    """``url``, and ``url_note``: empty, or why the puzzle has no URL (a form
    cannot hold every legal board, and the export says so instead)."""
    try:
        return {"url": kind.to_url(puzzle), "url_note": ""}
    except PuzzleError as error:
        return {"url": "", "url_note": str(error)}
