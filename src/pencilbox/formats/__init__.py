"""Reading and writing puzzles: pencilbox's text, puzz.link URL and JSON forms,
and other programs' files (pzprv3, janko dataset boards).

:func:`read` returns a :class:`Loaded`: the puzzle, and what some forms carry
beside it -- a player's answer (pzprv3, JSON, a janko solution) and the
metadata (:class:`~pencilbox.codecs.metadata.Metadata`). :func:`load` is the
puzzle alone. The form is told from the input itself, in this order: JSON
(``{`` or ``[``), a pzprv3 file (starts ``pzprv3``), a janko text (first line
``janko TYPE``), a URL, else the text form.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from .. import codecs, registry
from ..codecs import janko, pzprv3
from ..codecs.metadata import Metadata
from ..errors import PuzzleError
from ..grid import Rows
from ..kind import PuzzleKind, entry_limit

MAX_INPUT = 1_000_000  # characters; larger input is refused before parsing

_SHOWN_NAME = 30  # characters of an unknown type name quoted back in the error


def kind_named(name: str, where: str) -> PuzzleKind[Any]:
    """The puzzle type ``name`` names; PuzzleError located at ``where`` if none.

    An unknown name is quoted back cut short: it may be any first word of a
    megabyte of input.
    """
    try:
        return registry.get(name)
    except PuzzleError as error:
        if len(name) <= _SHOWN_NAME:
            raise PuzzleError(str(error), where=where) from None
    shown = repr(name[:_SHOWN_NAME]) + "..."
    known = ", ".join(registry.names())
    raise PuzzleError(
        f"unknown puzzle type {shown} ({len(name)} characters); known: {known}", where=where
    )


def looks_like_url(text: str) -> bool:
    """A URL with a scheme, or one word holding a '/' (``<type>/5/5/...``, ``host/p?...``).

    The text format's first line is ``TYPE ROWSxCOLS``: it has a space and no '/'.
    """
    stripped = text.strip()
    if stripped.lower().startswith(("http://", "https://")):
        return True
    return "/" in stripped and not any(char.isspace() for char in stripped)


FORMS = codecs.FORMS
"""The forms :func:`dump` writes."""


@dataclass(frozen=True)
class Loaded:
    """A puzzle as read, with the answer and metadata its input carried (if any)."""

    kind: PuzzleKind[Any]
    puzzle: Any
    answer: Rows | None = None
    meta: Metadata = field(default_factory=Metadata)


def load(text: str) -> tuple[PuzzleKind[Any], Any]:
    """Parse any form; the puzzle type is read from the input."""
    loaded = read(text)
    return loaded.kind, loaded.puzzle


def read(text: str) -> Loaded:
    """Parse any form, keeping the answer and metadata the input carries."""
    if len(text) > MAX_INPUT:
        raise PuzzleError(f"input is {len(text)} characters, more than {MAX_INPUT}")
    stripped = text.strip()
    if not stripped:
        raise PuzzleError("empty input")
    if stripped.startswith(("{", "[")):
        return read_json(text)  # the original text, so error lines match the input
    if pzprv3.looks_like_pzprv3(stripped):
        return read_pzprv3(stripped)
    if janko.looks_like_janko(text):
        return _read_janko(janko.parse_text(text))
    if looks_like_url(stripped):
        return Loaded(*load_url(stripped))
    return _read_text(text)


def _read_text(text: str) -> Loaded:
    header = next(
        (
            (number, line)
            for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith("#")
        ),
        None,
    )
    if header is None:
        raise PuzzleError("input holds only comments")
    number, line = header
    kind = kind_named(line.split()[0], f"line {number}")
    meta = Metadata.from_text(text.splitlines()[: number - 1])
    return Loaded(kind, kind.parse_text(text), meta=meta)  # unstripped: line numbers match


def read_pzprv3(text: str) -> Loaded:
    """A pzprv3 file: its type line picks the face that reads the body."""
    file = pzprv3.parse(text)
    kind = kind_named(file.type, "pzprv3 line 2")
    puzzle, answer = kind.from_pzprv3(file)
    # A file always has an answer section; one with nothing entered is no answer.
    # What "nothing" reads as is the face's (no border drawn between pieces may
    # read as one large numbered piece), so compare with a blank file's answer.
    if answer is not None and answer == kind.from_pzprv3(kind.to_pzprv3(puzzle))[1]:
        answer = None
    return Loaded(kind, puzzle, answer, file.meta)


def _read_janko(board: janko.Janko) -> Loaded:
    kind = kind_named(board.type, "janko type")
    puzzle, answer = kind.from_janko(board)
    return Loaded(kind, puzzle, answer, board.meta)


def load_url(text: str) -> tuple[PuzzleKind[Any], Any]:
    """Decode a puzz.link URL into ``(kind, puzzle)``; the type comes from the URL."""
    # Imported here: the text and JSON forms (and ``pencilbox --help``) do without it.
    from ..codecs.puzzlink import split_url

    parts = split_url(text)
    kind = kind_named(parts.type, "URL part 'type'")
    return kind, kind.from_url(parts.cols, parts.rows, parts.body)


def read_json(text: str) -> Loaded:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(
            f"invalid JSON ({error.msg})", where=f"line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise PuzzleError("JSON nested too deeply") from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise PuzzleError(f"invalid JSON ({error})", where="JSON") from None
    return read_object(obj)


def load_object(obj: Any) -> tuple[PuzzleKind[Any], Any]:
    loaded = read_object(obj)
    return loaded.kind, loaded.puzzle


def read_object(obj: Any) -> Loaded:
    """A JSON object: pencilbox's form (with ``answer`` and metadata fields) or a
    janko dataset record."""
    if not isinstance(obj, dict):
        raise PuzzleError("a JSON puzzle must be an object", where="JSON")
    if janko.is_record(obj):
        return _read_janko(janko.from_record(obj))
    name = obj.get("puzzle")
    if not isinstance(name, str):
        raise PuzzleError("missing the 'puzzle' field naming the type", where="JSON")
    kind = kind_named(name, "JSON field 'puzzle'")
    puzzle = kind.from_json(obj)
    answer = _answer(obj["answer"], puzzle) if obj.get("answer") is not None else None
    return Loaded(kind, puzzle, answer, Metadata.from_fields(obj, "JSON"))


def _answer(rows: Any, puzzle: Any) -> Rows:
    """The ``answer`` field: int rows of the board's size, each entry a position's."""
    top = entry_limit(puzzle)
    where = "JSON field 'answer'"
    if not isinstance(rows, list) or len(rows) != puzzle.rows:
        raise PuzzleError(f"must be a list of {puzzle.rows} rows", where=where)
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != puzzle.cols:
            raise PuzzleError(f"row {r + 1} must hold {puzzle.cols} numbers", where=where)
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise PuzzleError(
                    f"row {r + 1}, column {c + 1} is not a number from 0 to {top}", where=where
                )
    return [list(row) for row in rows]


def dump(
    kind: PuzzleKind[Any],
    puzzle: Any,
    form: str,
    *,
    meta: Metadata | None = None,
    answer: Rows | None = None,
) -> str:
    """Write ``puzzle`` in one of :data:`FORMS`, with the metadata and the answer
    where the form has room for them (the text form holds no answer, a URL neither)."""
    meta = meta or Metadata()
    if form == "text":
        return "".join(line + "\n" for line in meta.text_lines()) + kind.format_text(puzzle)
    if form == "url":
        return kind.to_url(puzzle) + "\n"
    if form == "json":
        obj = kind.to_json(puzzle) | meta.as_dict()
        if answer is not None:
            obj["answer"] = answer
        return json.dumps(obj, ensure_ascii=False) + "\n"
    if form == "pzprv3":
        return pzprv3.dumps(replace(kind.to_pzprv3(puzzle, answer), meta=meta))
    raise PuzzleError(f"unknown form {form!r}; choose {', '.join(FORMS)}")
