"""Checks shared by the three ``test_*_formats.py`` files.

Each puzzle's format tests keep their own tables (boards, bad inputs and the
words each error must contain); what they share is *how* an input form is
checked, and that lives here so the three files cannot drift apart.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from pencilbox.errors import PuzzleError
from pencilbox.formats import dump, load
from pencilbox.fuzzing import fuzz_sources
from pencilbox.kind import PuzzleKind

FORMS = ("text", "url", "json")


def assert_round_trips(kind: PuzzleKind[Any], puzzle: Any) -> None:
    """``puzzle`` survives every form: text and URL are stable when rewritten,
    the JSON object survives real serialisation, and ``load`` of each dumped
    form gives back the same kind and puzzle."""
    text = kind.format_text(puzzle)
    assert kind.parse_text(text) == puzzle
    assert kind.format_text(kind.parse_text(text)) == text
    # through json.dumps/loads, so the object must be plain JSON, not just equal
    assert kind.from_json(json.loads(json.dumps(kind.to_json(puzzle)))) == puzzle
    address = kind.to_url(puzzle)
    assert kind.to_url(load(address)[1]) == address
    for form in FORMS:
        again_kind, again = load(dump(kind, puzzle, form))
        assert (again_kind, again) == (kind, puzzle), form


def assert_one_line_error(
    source: str, message: str, reader: Callable[[str], object] = load
) -> None:
    """Reading ``source`` raises a PuzzleError containing ``message`` (which
    names the place) and the whole error fits on one line."""
    with pytest.raises(PuzzleError) as caught:
        reader(source)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def edit(text: str, old: str, new: str) -> str:
    """``text`` with the first ``old`` replaced; ``old`` must be there, so a
    table entry cannot silently stop testing anything."""
    assert old in text
    return text.replace(old, new, 1)


def json_with(good: dict[str, Any], **changes: Any) -> str:
    """``good`` as JSON text with ``changes`` applied; a value of ``...``
    drops that field."""
    obj = dict(good, **changes)
    return json.dumps({key: value for key, value in obj.items() if value is not ...})


def sources_in_every_form(kind: PuzzleKind[Any], puzzles: Iterable[Any]) -> list[str]:
    """Each puzzle written as text, URL and JSON: seeds for the mutation check."""
    return [dump(kind, puzzle, form) for puzzle in puzzles for form in FORMS]


def assert_mutations_end_cleanly(sources: Sequence[str], seed: str, max_seconds: float) -> None:
    """4000 inputs with one to three random edits (the shared mutations of
    :mod:`pencilbox.fuzzing`): each must end in a puzzle that survives being
    written and read back, or in a clean one-line PuzzleError. Both doors must
    be well used, so the check cannot pass by rejecting (or accepting) all."""
    report = fuzz_sources(sources, 4000, seed)
    assert not report.failures, report.summary()
    assert report.seconds < max_seconds
    assert report.parsed > 100 and report.rejected > 1000, report.to_json()["doors"]
