"""Puzzle-independent services on top of the engine: solve, grade, hint, rung views.

These speak only to the :class:`~pencilbox.kind.PuzzleKind` face, so the CLI and
the web app get every puzzle type through the same calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine import Contradiction, Deduction, count_solutions, first_step, propagate
from .kind import PuzzleKind, Rows, Violation


class SolverBug(AssertionError):
    """A rung produced a 'solution' the independent checker rejects."""


@dataclass
class Report:
    """The outcome of solving a puzzle with one rung plus search."""

    count: int
    limit: int
    exhaustive: bool
    solutions: list[Rows]
    solved_by: str  # the rung that finished with no search, or "search"
    branch_points: int
    nodes: int
    seconds: float
    rung: str
    trace: list[Deduction] = field(default_factory=list)

    @property
    def unique(self) -> bool:
        return self.exhaustive and self.count == 1


def solve(
    kind: PuzzleKind[Any],
    puzzle: Any,
    rung: str | None = None,
    limit: int = 2,
    trace: bool = False,
) -> Report:
    """Count solutions up to ``limit`` with ``rung`` (default: the top rung) and search.

    Every solution found is re-checked by the puzzle's independent checker.
    """
    rung = rung or kind.ladder.top
    rules = kind.ladder.rules(rung)
    result = count_solutions(kind.initial_state(puzzle), rules, limit, rung_name=rung, trace=trace)
    grids = [kind.solution_rows(puzzle, s) for s in result.solutions]
    for grid in grids:
        broken = kind.check(puzzle, grid)
        if broken:
            raise SolverBug(f"{kind.name} rung {rung} produced a grid that breaks: {broken[0]}")
    return Report(
        count=result.count,
        limit=limit,
        exhaustive=result.exhaustive,
        solutions=grids,
        solved_by=result.solved_by or "search",
        branch_points=result.branch_points,
        nodes=result.nodes,
        seconds=result.seconds,
        rung=rung,
        trace=result.trace,
    )


@dataclass(frozen=True)
class Grade:
    """Lowest rung that finishes with no search; else branch points at the top rung."""

    rung: str  # a rung name, or "search"
    branch_points: int
    unique: bool
    count: int

    @property
    def label(self) -> str:
        if not self.unique:
            return "no solution" if self.count == 0 else "not unique"
        if self.rung == "search":
            return f"search ({self.branch_points} branch points)"
        return self.rung

    def as_json(self) -> dict[str, Any]:
        return {"rung": self.rung, "branch_points": self.branch_points, "label": self.label}


def grade(kind: PuzzleKind[Any], puzzle: Any) -> Grade:
    """Grade a puzzle: try each rung alone, then count with the top rung."""
    for rung in kind.ladder.names:
        state = kind.initial_state(puzzle)
        try:
            propagate(state, kind.ladder.rules(rung))
        except Contradiction:
            return Grade("search", 0, False, 0)
        if state.is_solved():
            return Grade(rung, 0, True, 1)
    report = solve(kind, puzzle, limit=2)
    return Grade("search", report.branch_points, report.unique, report.count)


@dataclass
class Hint:
    """The next step from a position: a chain of deductions ending where a
    cell gets settled, or the player's mistakes, or nothing left to say."""

    steps: list[Deduction]
    mistakes: list[Violation]
    status: str  # "step", "narrowed", "mistake", "solved", "stuck"

    @property
    def rule(self) -> str | None:
        return self.steps[-1].rule if self.steps else None


def hint(kind: PuzzleKind[Any], puzzle: Any, position: Rows | None = None) -> Hint:
    """What a person could deduce next from ``position`` (default: the bare puzzle).

    Rules are tried cheapest (most human) first. Deductions accumulate until
    one settles a cell, so the hint reads as a short argument ending in a
    move. A position that contradicts the solution is reported as a mistake.
    """
    if position is not None:
        mistakes = find_mistakes(kind, puzzle, position)
        if mistakes:
            return Hint([], mistakes, "mistake")
        state = kind.position_state(puzzle, position)
    else:
        state = kind.initial_state(puzzle)
    rules = kind.ladder.rules()
    steps: list[Deduction] = []
    try:
        while True:
            found = first_step(state, rules)
            if not found:
                break
            steps.extend(found)
            if any(d.writes for d in found):
                return Hint(_relevant(steps), [], "step")
    except Contradiction:
        return Hint(
            [], [Violation("contradiction", (), "this position has no solution")], "mistake"
        )
    if state.is_solved():
        return Hint(steps, [], "solved")
    # Candidates narrowed but no cell settled: the player can pencil them in;
    # after that only a guess goes further.
    return Hint(steps, [], "narrowed" if steps else "stuck")


def _relevant(steps: list[Deduction]) -> list[Deduction]:
    """Trim a chain to the steps that bear on its final move.

    A witness pass may narrow cells all over the board before one of them
    settles; only the narrowings of the settled cell or of the cells its
    reason cites help a person follow the move.
    """
    final = next(d for d in steps if d.writes)
    focus = set(final.cells) | set(final.because)
    earlier = [d for d in steps[: steps.index(final)] if not d.writes and focus & set(d.cells)]
    return [*earlier, final]


def find_mistakes(kind: PuzzleKind[Any], puzzle: Any, position: Rows) -> list[Violation]:
    """Entries the puzzle's unique solution contradicts (none if it is not unique)."""
    report = solve(kind, puzzle, limit=2)
    if not report.unique:
        return []
    return kind.position_mistakes(puzzle, position, report.solutions[0])


def rung_view(kind: PuzzleKind[Any], puzzle: Any, rung: str) -> dict[str, Any]:
    """What ``rung`` alone proves from the untouched board: its settled cells."""
    state = kind.initial_state(puzzle)
    before = kind.settled_cells(puzzle, state)
    log: list[Deduction] = []
    try:
        propagate(state, kind.ladder.rules(rung), log)
    except Contradiction:
        return {"rung": rung, "contradiction": True, "settled": {}, "new": [], "steps": len(log)}
    settled = kind.settled_cells(puzzle, state)
    return {
        "rung": rung,
        "contradiction": False,
        "settled": settled,
        "new": sorted(set(settled) - set(before)),
        "finished": state.is_solved(),
        "steps": len(log),
        "rules": sorted({d.rule for d in log}),
    }
