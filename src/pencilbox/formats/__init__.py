"""Reading and writing puzzles in the three forms: text, puzz.link URL, JSON."""

from __future__ import annotations

import json
from typing import Any

from .. import registry
from ..errors import PuzzleError
from ..kind import PuzzleKind

MAX_INPUT = 1_000_000  # characters; larger input is refused before parsing


def looks_like_url(text: str) -> bool:
    head = text.lstrip()[:200].lower()
    return head.startswith(("http://", "https://")) or ("?" in head and "/" in head and
                                                         "\n" not in text.strip())


def load(text: str) -> tuple[PuzzleKind[Any], Any]:
    """Parse any of the three forms; the puzzle type is read from the input."""
    if len(text) > MAX_INPUT:
        raise PuzzleError(f"input is {len(text)} characters, more than {MAX_INPUT}")
    stripped = text.strip()
    if not stripped:
        raise PuzzleError("empty input")
    if stripped.startswith("{"):
        return load_json(stripped)
    if looks_like_url(stripped):
        from .puzzlink import load_url

        return load_url(stripped)
    first = next(
        (line for line in stripped.splitlines() if line.strip() and not line.startswith("#")), ""
    )
    kind = registry.get(first.split()[0]) if first.split() else None
    if kind is None:
        raise PuzzleError("empty input")
    return kind, kind.parse_text(stripped)


def load_json(text: str) -> tuple[PuzzleKind[Any], Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(
            f"invalid JSON ({error.msg})", where=f"line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise PuzzleError("JSON nested too deeply") from None
    return load_object(obj)


def load_object(obj: Any) -> tuple[PuzzleKind[Any], Any]:
    if not isinstance(obj, dict):
        raise PuzzleError("a JSON puzzle must be an object", where="JSON")
    name = obj.get("puzzle")
    if not isinstance(name, str):
        raise PuzzleError("missing the 'puzzle' field naming the type", where="JSON")
    kind = registry.get(name)
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
