"""Generation aimed at one grade: make puzzles and keep only those of that grade.

A grade is a rung of the type's ladder (the lowest rung that finishes the
board with no search) or ``search``, optionally with at least ``K`` search
branch points (:class:`pencilbox.solving.Grade`). Puzzle ``i`` of a run
seeded ``s`` tries the seeds ``s:i:0``, ``s:i:1``, ... (each a whole
generation, as :func:`pencilbox.batch.make_record` makes it) until one has
the grade, up to ``attempts`` of them; so a targeted run repeats exactly, and
its puzzles are independent of the executor, like any batch run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

from . import batch, registry
from .errors import PuzzleError
from .kind import PuzzleKind

SEARCH = "search"
"""The grade of a puzzle no rung finishes alone."""


class Missed(Exception):
    """No attempt of a targeted puzzle had the grade (a fact, not bad input)."""


@dataclass(frozen=True)
class Target:
    """The grade a run keeps: a rung name or ``search`` with at least
    ``min_branch_points`` branch points."""

    rung: str
    min_branch_points: int = 0

    def accepts(self, grade: dict[str, Any]) -> bool:
        """Whether a record's grade (:meth:`Grade.as_json`) is this target."""
        if grade.get("rung") != self.rung:
            return False
        return self.rung != SEARCH or int(grade.get("branch_points", 0)) >= self.min_branch_points

    @property
    def label(self) -> str:
        if self.rung == SEARCH and self.min_branch_points:
            return f"search with at least {self.min_branch_points} branch points"
        return self.rung


def grade_names(kind: PuzzleKind[Any]) -> tuple[str, ...]:
    """The grades a run may aim at: the ladder's rungs, cheapest first, then search."""
    return (*kind.ladder.names, SEARCH)


def parse_target(kind: PuzzleKind[Any], rung: str, min_branch_points: int | None = None) -> Target:
    """The target ``--grade RUNG [--min-branch-points K]`` names; PuzzleError
    for an unknown grade (listing the valid ones) or K on a rung grade."""
    names = grade_names(kind)
    if rung not in names:
        raise PuzzleError(f"unknown grade {rung!r} for {kind.name}; choose from {', '.join(names)}")
    if min_branch_points is not None and rung != SEARCH:
        raise PuzzleError(f"--min-branch-points applies to --grade {SEARCH}, not {rung}")
    if min_branch_points is not None and min_branch_points < 0:
        raise PuzzleError(f"--min-branch-points must not be negative, got {min_branch_points}")
    return Target(rung, min_branch_points or 0)


def make_targeted(
    kind_name: str,
    rows: int,
    cols: int,
    mode: str,
    seed: int | str,
    index: int,
    *,
    target: Target,
    attempts: int,
) -> batch.Record:
    """Puzzle ``index`` of a targeted run: the first of up to ``attempts``
    generations with the grade. Its record is :func:`batch.make_record`'s,
    with ``index`` this puzzle's, ``attempts`` how many were made and
    ``seconds`` the time of them all. Missed when none has the grade."""
    started = time.perf_counter()
    own = batch.puzzle_seed(seed, index)
    for attempt in range(attempts):
        record = batch.make_record(kind_name, rows, cols, mode, own, attempt)
        if target.accepts(record["grade"]):
            record["index"] = index
            record["attempts"] = attempt + 1
            record["seconds"] = round(time.perf_counter() - started, 4)
            return record
    raise Missed(
        f"no {rows}x{cols} {kind_name} puzzle (mode {mode}) of grade {target.label} in "
        f"{attempts} attempts (seeds {own}:0..{attempts - 1}); try more --attempts, "
        "another --mode or another size"
    )


def generate_targeted(
    kind_name: str,
    rows: int,
    cols: int,
    count: int,
    mode: str,
    seed: int | str,
    target: Target,
    attempts: int,
    executor: Executor | None = None,
    *,
    window: int | None = None,
) -> Iterator[batch.Record]:
    """:func:`batch.generate_many`, keeping only puzzles of ``target``'s grade
    (each made with up to ``attempts`` tries, see :func:`make_targeted`)."""
    if attempts < 1:
        raise PuzzleError(f"attempts must be at least 1, got {attempts}")
    registry.get(kind_name)  # an unknown type is bad input before any work
    make = partial(make_targeted, target=target, attempts=attempts)
    return batch.generate_many(
        kind_name, rows, cols, count, mode, seed, executor, window=window, make=make
    )
