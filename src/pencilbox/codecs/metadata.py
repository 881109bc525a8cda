"""A puzzle's metadata (author, source, comment) and how each form carries it.

The value is shared rather than a field of every type's board: it says
nothing about the rules, boards compare equal whoever set them, and the
loader (:mod:`pencilbox.formats`) attaches it beside the puzzle. The text
form carries it in comment lines before the header (``# author: Ann``), so
every type's text reader, which skips those lines, is untouched; the JSON
form in top-level fields of the same names; a pzprv3 file in its ``info``
line. A puzz.link URL has no place for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from ..errors import PuzzleError

__all__ = ["KEYS", "MAX_FIELD", "Metadata"]

KEYS = ("author", "source", "comment")
"""The fields, in the order every form writes them (pzprjs's names)."""

MAX_FIELD = 10_000
"""Characters one field may hold; the whole input is bounded too, this keeps a field readable."""


@dataclass(frozen=True)
class Metadata:
    """Who set a puzzle, where it was published, and a free comment ("" for none)."""

    author: str = ""
    source: str = ""
    comment: str = ""

    def __bool__(self) -> bool:
        return any(self.as_dict().values())

    def as_dict(self) -> dict[str, str]:
        """The fields that are set, in :data:`KEYS` order."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}

    @classmethod
    def from_fields(cls, obj: dict[str, Any], where: str) -> Metadata:
        """The ``author``/``source``/``comment`` fields of a JSON object (others ignored)."""
        found: dict[str, str] = {}
        for key in KEYS:
            value = obj.get(key)
            if value is None:
                continue
            if not isinstance(value, str):
                raise PuzzleError(f"'{key}' must be a string", where=where)
            found[key] = _checked(key, value, where)
        return cls(**found)

    # -- the text form: "# key: value" lines before the header --------------

    def text_lines(self) -> list[str]:
        """Comment lines for the text form; a comment of several lines takes one each."""
        lines = []
        for key, value in self.as_dict().items():
            lines += [f"# {key}: {part}".rstrip() for part in value.splitlines()]
        return lines

    @classmethod
    def from_text(cls, lines: Iterable[str]) -> Metadata:
        """Read ``# key: value`` lines among ``lines`` (other comments are only comments).

        Only the comment lines before the header should be passed: after it,
        a line starting with ``#`` may be a row of the board.
        """
        found: dict[str, list[str]] = {}
        for line in lines:
            text = line.strip()
            if not text.startswith("#"):
                continue
            key, colon, value = text[1:].strip().partition(":")
            key = key.strip().lower()
            if colon and key in KEYS:
                found.setdefault(key, []).append(value.strip())
        joined = {key: "\n".join(parts) for key, parts in found.items()}
        return cls(**{key: _checked(key, value, "text") for key, value in joined.items()})


def _checked(key: str, value: str, where: str) -> str:
    if len(value) > MAX_FIELD:
        raise PuzzleError(
            f"'{key}' holds {len(value)} characters, more than {MAX_FIELD}", where=where
        )
    return value
