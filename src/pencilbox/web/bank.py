"""The shipped puzzles of each type, as the page lists and opens them.

A puzzle type offers its bank through ``kind.bank()``: a list of records
with ``id``, ``rows``, ``cols``, ``url``, ``json``, ``solution``, ``grade``
and ``mode``. A type without a bank (``NotImplementedError``) lists none.
The grade filter works on the grade's rung; the list shows the full label.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kind import PuzzleKind


def _field(record: Any, name: str) -> Any:
    if isinstance(record, Mapping):
        return record.get(name)
    return getattr(record, name, None)


def grade_rung(grade: Any) -> str:
    """The rung part of a bank grade ("singles", "witness", "search"): what the filter uses.

    Records hold the grade object (``rung``, ``branch_points``, ``label``);
    a plain string is taken as it is.
    """
    if isinstance(grade, Mapping):
        return str(grade.get("rung") or grade.get("label") or "")
    return "" if grade is None else str(grade)


def grade_label(grade: Any) -> str:
    """The grade in words, e.g. "witness" or "search (3 branch points)"."""
    if isinstance(grade, Mapping):
        return str(grade.get("label") or grade.get("rung") or "")
    return "" if grade is None else str(grade)


def records(kind: PuzzleKind[Any]) -> list[Any]:
    """The type's bank records, or [] when it ships no bank (nothing is made up)."""
    try:
        return list(kind.bank())
    except NotImplementedError:
        return []


def summary(record: Any) -> dict[str, Any]:
    """What a bank list shows: no puzzle body and no solution."""
    grade = _field(record, "grade")
    return {
        "id": str(_field(record, "id")),
        "rows": _field(record, "rows"),
        "cols": _field(record, "cols"),
        "grade": grade_rung(grade),
        "label": grade_label(grade),
        "mode": _field(record, "mode"),
    }


def listing(
    kind: PuzzleKind[Any], rows: int | None, cols: int | None, grade: str | None
) -> dict[str, Any]:
    """Bank entries matching the filters, and every size and grade on offer."""
    every = [summary(record) for record in records(kind)]
    chosen = [
        entry
        for entry in every
        if (rows is None or entry["rows"] == rows)
        and (cols is None or entry["cols"] == cols)
        and (grade is None or entry["grade"] == grade)
    ]
    sizes = sorted({(entry["rows"], entry["cols"]) for entry in every})
    # grades in ladder order (cheapest rung first), then "search" and anything else
    order = {name: index for index, name in enumerate(kind.ladder.names)}
    grades = sorted(
        {entry["grade"] for entry in every}, key=lambda g: (order.get(g, len(order)), g)
    )
    return {
        "type": kind.name,
        "total": len(every),
        "puzzles": chosen,
        "sizes": [f"{r}x{c}" for r, c in sizes],
        "grades": grades,
    }


def find(kind: PuzzleKind[Any], puzzle_id: str) -> Any | None:
    """The record called ``puzzle_id``, or None."""
    for record in records(kind):
        if str(_field(record, "id")) == puzzle_id:
            return record
    return None


def puzzle_json(record: Any) -> Any:
    """The puzzle body of a record: its JSON object form (or its URL as a fallback)."""
    return _field(record, "json") or _field(record, "url")
