"""Reading and writing puzzles in the three forms: text, puzz.link URL, JSON."""

from __future__ import annotations

import json
from typing import Any

from .. import registry
from ..errors import PuzzleError
from ..kind import PuzzleKind

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


def load(text: str) -> tuple[PuzzleKind[Any], Any]:
    """Parse any of the three forms; the puzzle type is read from the input."""
    if len(text) > MAX_INPUT:
        raise PuzzleError(f"input is {len(text)} characters, more than {MAX_INPUT}")
    stripped = text.strip()
    if not stripped:
        raise PuzzleError("empty input")
    if stripped.startswith(("{", "[")):
        return load_json(text)  # the original text, so error lines match the input
    if looks_like_url(stripped):
        return load_url(stripped)
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
    return kind, kind.parse_text(text)  # unstripped: its line numbers match the input


def load_url(text: str) -> tuple[PuzzleKind[Any], Any]:
    """Decode a puzz.link URL into ``(kind, puzzle)``; the type comes from the URL."""
    # Imported here: the text and JSON forms (and ``pencilbox --help``) do without it.
    from ..codecs.puzzlink import split_url

    parts = split_url(text)
    kind = kind_named(parts.type, "URL part 'type'")
    return kind, kind.from_url(parts.cols, parts.rows, parts.body)


def load_json(text: str) -> tuple[PuzzleKind[Any], Any]:
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
    return load_object(obj)


def load_object(obj: Any) -> tuple[PuzzleKind[Any], Any]:
    if not isinstance(obj, dict):
        raise PuzzleError("a JSON puzzle must be an object", where="JSON")
    name = obj.get("puzzle")
    if not isinstance(name, str):
        raise PuzzleError("missing the 'puzzle' field naming the type", where="JSON")
    kind = kind_named(name, "JSON field 'puzzle'")
    return kind, kind.from_json(obj)


def dump(kind: PuzzleKind[Any], puzzle: Any, form: str) -> str:
    """Write ``puzzle`` as ``text``, ``url`` or ``json``."""
    if form == "text":
        return kind.format_text(puzzle)
    if form == "url":
        return kind.to_url(puzzle) + "\n"
    if form == "json":
        return json.dumps(kind.to_json(puzzle)) + "\n"
    raise PuzzleError(f"unknown form {form!r}; choose text, url or json")
