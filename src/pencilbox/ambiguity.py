"""The setter's view of a puzzle that is not yet right: what its answers share,
where they part, the given that would cut them most, and why there is none.

:func:`survey` counts up to a limit with the top rung and search, then reads
the answers found through the face: which cells every answer fills alike
(``decided``), which it does not (``differing``), grouped as the type sees
them (``difference_places``: a region, a stretch of cells, whatever holds a
piece), and, for a type with givens, the given that leaves the fewest of the
answers found, recounted exactly. A puzzle with no answer gets the first
contradiction the ladder reaches on the untouched board, in the rules' words.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import solving
from .engine import Contradiction, Deduction
from .kind import PuzzleKind, Rows, answers

__all__ = ["Minimized", "Survey", "first_problem", "minimize", "survey"]

MAX_LIMIT = 100
"""The most answers a survey collects: each is compared cell by cell and browsed."""

RECOUNTS = 6
"""How many candidate givens a suggestion recounts: the answers found are a
depth-first search's, close to one another, so the pair that splits them
best is not always the one that cuts the whole count most."""


@dataclass(frozen=True)
class Survey:
    """What the answers found (up to ``limit``) say about a puzzle."""

    count: int  # solutions found, up to limit
    limit: int
    exhaustive: bool  # True when count is the exact total
    solutions: list[Rows]  # every one found (at most limit)
    decided: list[list[int | None]]  # a cell's value when equal in all found solutions, else None
    differing: tuple[int, ...]  # cell ids whose value differs between found solutions
    places: list[tuple[str, tuple[int, ...]]]  # the face's grouping of the differences
    suggestion: dict[str, Any] | None  # {"cell", "label", "value", "leaves", ...}, else None
    grade: str | None  # the grade's label when unique
    problem: dict[str, Any] | None  # no solution: {"rule", "message", "cells", "labels"}
    seconds: float

    @property
    def unique(self) -> bool:
        return self.exhaustive and self.count == 1

    def as_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        """The survey's one JSON form: cells as ids with the face's labels beside them."""
        label = solving.labeller(kind, puzzle)
        return {
            **solving.puzzle_json(kind, puzzle),
            "count": self.count,
            "limit": self.limit,
            "exhaustive": self.exhaustive,
            "unique": self.unique,
            "solutions": self.solutions,
            "decided": self.decided,
            "differing": list(self.differing),
            "differing_labels": [label(cell) for cell in self.differing],
            "places": [
                {"words": words, "cells": list(cells), "labels": [label(c) for c in cells]}
                for words, cells in self.places
            ],
            "suggestion": self.suggestion,
            "grade": self.grade,
            "problem": self.problem,
            "seconds": round(self.seconds, 6),
        }


def survey(kind: PuzzleKind[Any], puzzle: Any, limit: int = 10) -> Survey:
    """Count up to ``limit`` answers (1..MAX_LIMIT) and read what they share and
    where they differ; see the module's docstring."""
    if not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be 1..{MAX_LIMIT}, got {limit}")
    started = time.perf_counter()
    report = solving.solve(kind, puzzle, limit=limit)
    decided, differing = answers.compare(kind, puzzle, report.solutions)
    places = kind.difference_places(puzzle, differing) if differing else []
    suggestion = suggest(kind, puzzle, report.solutions, differing, limit)
    grade = solving.grade(kind, puzzle).label if report.unique else None
    problem = first_problem(kind, puzzle) if report.count == 0 else None
    return Survey(
        count=report.count,
        limit=limit,
        exhaustive=report.exhaustive,
        solutions=report.solutions,
        decided=decided,
        differing=differing,
        places=places,
        suggestion=suggestion,
        grade=grade,
        problem=problem,
        seconds=time.perf_counter() - started,
    )


def suggest(
    kind: PuzzleKind[Any],
    puzzle: Any,
    solutions: Sequence[Rows],
    differing: Sequence[int],
    limit: int,
) -> dict[str, Any] | None:
    """The given that cuts the answers most: over the differing cells and the
    values the answers found put there, the ``RECOUNTS`` (cell, value) pairs
    held by the fewest of them (first cell, then lowest value, on ties) are
    each recounted exactly up to ``limit`` with the given added, and the one
    leaving fewest wins. None for a type without givens, or with fewer than
    two answers found."""
    if len(solutions) < 2 or not kind.has_givens:
        return None
    cols = puzzle.cols
    held: dict[tuple[int, int], int] = {}
    for cell in differing:
        for grid in solutions:
            key = (cell, grid[cell // cols][cell % cols])
            held[key] = held.get(key, 0) + 1
    best: tuple[int, int, tuple[int, int], Any] | None = None
    tried = 0
    for (cell, value), found in sorted(held.items(), key=lambda item: (item[1], item[0])):
        given = kind.with_clue(puzzle, cell, value)
        if given is None:
            continue
        recount = solving.solve(kind, given, limit=limit)
        if best is None or recount.count < best[0]:
            best = (recount.count, found, (cell, value), recount)
        tried += 1
        if tried == RECOUNTS or best[0] == 1:
            break
    return None if best is None else _suggestion(kind, puzzle, *best)


def _suggestion(
    kind: PuzzleKind[Any],
    puzzle: Any,
    leaves: int,
    found: int,
    given: tuple[int, int],
    recount: solving.Report,
) -> dict[str, Any]:
    cell, value = given
    label = kind.cell_label(puzzle, cell)
    if not recount.exhaustive:
        words = f"leaves at least {leaves} solutions"
    else:
        words = f"leaves {leaves} solution{'' if leaves == 1 else 's'}"
    return {
        "cell": cell,
        "label": label,
        "value": value,
        "found": found,
        "leaves": leaves,
        "exhaustive": recount.exhaustive,
        "message": f"a {value} at {label} {words}",
    }


def first_problem(kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
    """The first contradiction the top rung reaches on the untouched board: its
    rule, its words (the face's :meth:`~PuzzleKind.contradiction_words`) and
    cells. When propagation alone reaches none, only search shows there is no
    answer, and the problem says so."""
    state = kind.initial_state(puzzle)
    rules = kind.ladder.rules()
    log: list[Deduction] = []
    # engine.propagate's loop, kept here so that the rule that raised is known.
    index = 0
    try:
        while index < len(rules):
            index = 0 if rules[index].apply(state, log) else index + 1
    except Contradiction as contradiction:
        reason = contradiction.args[0] if contradiction.args else None
        words, cells = kind.contradiction_words(puzzle, state, reason)
        return _problem(kind, puzzle, rules[index].name, words, cells, len(log))
    words = "no rule reaches a contradiction on the untouched board; search finds no answer"
    return _problem(kind, puzzle, "search", words, (), len(log))


def _problem(
    kind: PuzzleKind[Any],
    puzzle: Any,
    rule: str,
    words: str,
    cells: Sequence[int],
    steps: int,
) -> dict[str, Any]:
    return {
        "rule": rule,
        "message": words,
        "cells": list(cells),
        "labels": [kind.cell_label(puzzle, cell) for cell in cells],
        "steps": steps,
    }


# -- the fewest givens ------------------------------------------------------------


@dataclass(frozen=True)
class Minimized:
    """A puzzle with every given dropped that uniqueness (and, when asked, the
    grade) does not need: ``dropped`` the cells whose givens went, with the
    values they held, in the order tried; ``grade`` the smaller puzzle's."""

    puzzle: Any
    dropped: list[tuple[int, int]]
    kept: tuple[int, ...]
    grade: solving.Grade
    tried: int
    seconds: float


def minimize(
    kind: PuzzleKind[Any], puzzle: Any, *, keep_grade: bool = False, seed: int | str = 0
) -> Minimized:
    """Drop givens one at a time in a seeded order, keeping each drop only while
    the puzzle stays unique (and, with ``keep_grade``, keeps its grade's rung).

    One pass suffices: a given that was needed when tried is needed for good,
    since the later drops only take constraints away. ValueError for a type
    without givens or a puzzle that is not unique to begin with.
    """
    if not kind.has_givens:
        raise ValueError(f"{kind.name} puzzles have no givens to drop")
    started = time.perf_counter()
    grade = solving.grade(kind, puzzle)
    if not grade.unique:
        raise ValueError(f"the puzzle has {grade.label}: only a unique puzzle can be minimized")
    order = list(kind.clue_cells(puzzle))
    random.Random(seed).shuffle(order)
    solution = solving.solve(kind, puzzle, limit=1).solutions[0]
    dropped: list[tuple[int, int]] = []
    for cell in order:
        trial = kind.without_clue(puzzle, cell)
        found = solving.grade(kind, trial)
        if found.unique and (not keep_grade or found.rung == grade.rung):
            puzzle = trial
            dropped.append((cell, solution[cell // puzzle.cols][cell % puzzle.cols]))
            if not keep_grade:
                grade = found
    return Minimized(
        puzzle=puzzle,
        dropped=dropped,
        kept=kind.clue_cells(puzzle),
        grade=solving.grade(kind, puzzle) if keep_grade else grade,
        tried=len(order),
        seconds=time.perf_counter() - started,
    )
