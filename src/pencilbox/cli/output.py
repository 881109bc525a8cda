"""Writing results: JSON on one line, deductions and counts in words, output files.

The JSON itself is each result's own ``as_json`` (see :mod:`pencilbox.solving`),
the same the web app answers with; this module only prints it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from ..engine import CountResult, Deduction
from ..errors import PuzzleError
from ..kind import PuzzleKind


def write_json(obj: Any) -> None:
    """One compact JSON object on one line of stdout."""
    print(json.dumps(obj))


def deduction_line(kind: PuzzleKind[Any], puzzle: Any, step: Deduction) -> str:
    """A deduction in one line: ``rule [cells]: reason``."""
    cells = ", ".join(kind.cell_label(puzzle, cell) for cell in step.cells)
    return f"{step.rule} [{cells}]: {step.reason}"


def count_words(report: CountResult[Any]) -> str:
    """``2 solutions (not unique)``, ``1 solution (unique)``, ``at least 2 ...``."""
    plural = "" if report.count == 1 else "s"
    if report.exhaustive:
        verdict = (
            "unique" if report.count == 1 else "no solution" if not report.count else ("not unique")
        )
        return f"{report.count} solution{plural} ({verdict})"
    if report.count > 1:
        return f"at least {report.count} solutions (not unique; stopped at --limit)"
    return f"at least {report.count} solution (uniqueness not checked: --limit {report.limit})"


@contextmanager
def output_file(path: str | None, *, append: bool = False) -> Iterator[TextIO]:
    """The file called ``path`` opened for writing (at its end with ``append``);
    stdout for None or ``-``."""
    if path is None or path == "-":
        yield sys.stdout
        return
    try:
        # Opened apart from the ``with`` so that only opening errors become PuzzleError.
        handle = open(path, "a" if append else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror}") from None
    with handle:
        yield handle
