"""Judging a parser's answer: every input must end in a parsed puzzle or a
:class:`~pencilbox.errors.PuzzleError` with a short one-line message; a valid
input must parse; a parsed puzzle must come back as itself from each written
form. Any other exception is a failure, told in one line by :func:`crash`.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import formats, registry
from ..errors import PuzzleError
from ..kind import PuzzleKind
from .cases import Case
from .watchdog import Hung

MAX_MESSAGE = 300
"""Longest error message counted as clean: a refusal must not echo a whole input back."""


@dataclass(frozen=True)
class Result:
    """What one input did: ``outcome`` is parsed, rejected or failed."""

    outcome: str
    problem: str | None = None


PARSED = Result("parsed")
REJECTED = Result("rejected")


def message_problem(message: Any) -> str | None:
    """Why an error message is not a clean one-liner, or None if it is."""
    if not isinstance(message, str):
        return f"error message is {type(message).__name__}, not text"
    if not message.strip():
        return "error message is empty"
    if len(message.splitlines()) > 1:
        return f"error message spans lines: {message[:200]!r}"
    if len(message) > MAX_MESSAGE:
        return f"error message of {len(message)} characters: {message[:120]!r}..."
    return None


def crash(error: BaseException) -> str:
    """An unexpected exception as one line: its type, message and where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    place = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:300]}{place}"


def round_trip_problem(kind: PuzzleKind[Any], puzzle: Any) -> str | None:
    """Why a parsed puzzle does not come back from each written form, or None."""
    for form in formats.FORMS:
        try:
            written = formats.dump(kind, puzzle, form)
        except PuzzleError as error:
            # A form may be unable to hold a legal board (a number too large for the
            # URL's digits, say); saying so cleanly is fine.
            problem = message_problem(str(error))
            if problem:
                return f"writing the parsed puzzle as {form}: {problem}"
            continue
        except Exception as error:  # noqa: BLE001 -- any other exception is the finding
            return f"writing the parsed puzzle as {form} raised {crash(error)}"
        try:
            again_kind, again = formats.load(written)
        except Exception as error:  # noqa: BLE001
            return f"its {form} form does not read back: {crash(error)}"
        if again_kind is not kind or again != puzzle:
            return f"its {form} form reads back as a different puzzle"
    return None


def _parse(case: Case) -> tuple[PuzzleKind[Any], Any]:
    family, _, name = case.door.partition(":")
    if family == "load":
        return formats.load(case.data)
    kind = registry.get(name)
    if family == "text":
        return kind, kind.parse_text(case.data)
    if family == "url":
        cols, rows, body = case.data
        return kind, kind.from_url(cols, rows, body)
    return kind, kind.from_json(case.data)


def try_parser(case: Case) -> tuple[Result, tuple[PuzzleKind[Any], Any] | None]:
    try:
        parsed = _parse(case)
    except PuzzleError as error:
        problem = message_problem(str(error))
        if problem:
            return Result("failed", problem), None
        if case.must_parse:
            return Result("failed", f"a valid input was refused: {error}"), None
        return REJECTED, None
    except Hung:
        raise
    except Exception as error:  # noqa: BLE001 -- any other exception is the finding
        return Result("failed", crash(error)), None
    return PARSED, parsed
