"""Puzzle-independent services on top of the engine: solve, grade, hint, rung views.

These speak only to the :class:`~pencilbox.kind.PuzzleKind` face, so the CLI and
the web app get every puzzle type through the same calls. Each result has one
JSON form, its ``as_json``, which the CLI's ``--json`` prints and the web app
answers alike: cells go as ids (``row * cols + col``) for programs, each list of
them with the face's labels (``r1c2``...) beside it for people.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import hinting
from .engine import (
    Contradiction,
    Deduction,
    Rule,
    SearchResult,
    State,
    count_solutions,
    propagate,
)

# A hint's answer lives in .hinting; callers keep saying solving.Hint and the rest.
from .hinting import Hint as Hint
from .hinting import hint_tiers as hint_tiers
from .kind import Edge, PuzzleKind, Rows, Violation, position_state
from .results import (
    SolverBug,
    answers_json,
    check_answers,
    labeller,
    puzzle_json,
    violation_json,
)

__all__ = [
    "Grade",
    "Hint",
    "Report",
    "RungView",
    "SolverBug",
    "answers_json",
    "check_answers",
    "find_mistakes",
    "grade",
    "hint",
    "hint_tiers",
    "labeller",
    "puzzle_json",
    "rung_view",
    "rung_views",
    "rung_views_json",
    "solve",
    "unique_solution",
    "violation_json",
]


@dataclass
class Report(SearchResult[Rows]):
    """The outcome of solving a puzzle with one rung plus search, answers as grids.

    ``solved_by`` is the rung that finished with no search, or ``"search"``.
    """

    rung: str = field(kw_only=True)  # the rung used, with the ones below it
    engine: str = field(default="rungs", kw_only=True)  # "auto" when the default solve made it

    def as_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        """The solve answer; ``trace`` is null unless the solve was traced."""
        label = labeller(kind, puzzle)
        return {
            **answers_json(kind, puzzle, self, self.engine),
            "rules": self.rung,
            "solved_by": self.solved_by,
            "branch_points": self.branch_points,
            "nodes": self.nodes,
            "trace": None if self.trace is None else [d.as_json(label) for d in self.trace],
        }


def solve(
    kind: PuzzleKind[Any],
    puzzle: Any,
    rung: str | None = None,
    limit: int = 2,
    trace: bool = False,
) -> Report:
    """Count solutions up to ``limit`` with ``rung`` (default: the top rung) and search.

    Every solution found is re-checked by the puzzle's independent checker;
    ``seconds`` covers the tables and that re-check too, as the SAT engines' does.
    """
    rung = rung or kind.ladder.top
    rules = kind.ladder.rules(rung)
    started = time.perf_counter()
    result = count_solutions(kind.initial_state(puzzle), rules, limit, rung_name=rung, trace=trace)
    grids = [kind.solution_rows(puzzle, s) for s in result.solutions]
    check_answers(kind, puzzle, grids, f"rung {rung}")
    seconds = time.perf_counter() - started
    return Report(
        count=result.count,
        limit=limit,
        exhaustive=result.exhaustive,
        solutions=grids,
        seconds=seconds,
        branch_points=result.branch_points,
        nodes=result.nodes,
        solved_by=result.solved_by or "search",
        trace=result.trace,
        rung=rung,
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
        """The grade as a puzzle record carries it (a bank entry, a generated puzzle)."""
        return {"rung": self.rung, "branch_points": self.branch_points, "label": self.label}

    def answer_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        """The answer to "grade this puzzle": which puzzle, its grade, and whether it
        is unique (a record's puzzle always is, so :meth:`as_json` leaves that out)."""
        return {
            **puzzle_json(kind, puzzle),
            **self.as_json(),
            "unique": self.unique,
            "count": self.count,
        }


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


def hint(
    kind: PuzzleKind[Any],
    puzzle: Any,
    position: Rows | None = None,
    last: int | None = None,
    marks: Rows | None = None,
    edges: Sequence[Edge] = (),
) -> Hint:
    """What a person could deduce next from ``position`` (default: the bare puzzle).

    The ladder is run cheapest (most human) first until one step settles a
    cell (or, for a type that reads edge marks off a state, proves a mark
    the position does not show: the move is to draw it); if that chain is
    long, or far from ``last`` (the cell of the player's last move), the
    cells are also tried one at a time (:mod:`.hinting`) and the shortest
    move wins. A position that contradicts the solution is reported as a
    mistake. ``marks`` are the player's pencil marks (per cell a bitset, bit
    ``v - 1`` for value ``v``; 0 for none): on a type whose candidates they
    are, a hint starts from them, so it does not offer an elimination
    already pencilled. ``edges`` are the player's marks between cells
    (:attr:`PuzzleKind.edge_marks`): a wrong one is a mistake like a wrong
    entry, and the hint starts from what they leave.
    """
    if position is not None or edges:
        mistakes = find_mistakes(kind, puzzle, position, edges)
        if mistakes:
            return Hint([], mistakes, "mistake")
    state = position_state(kind, puzzle, position, edges)
    if marks is not None and kind.candidate_marks:
        broken = hinting.read_marks(kind, puzzle, state, marks)
        if broken:
            return Hint([], broken, "mistake")
    rules = kind.ladder.rules()
    teacher = hinting.Teacher(kind, puzzle, rules)
    teacher.cells_are_vars = len(state.domains) == puzzle.rows * puzzle.cols
    teacher.last = last
    teacher.shown = hinting.shown_edges(kind, puzzle, state, edges)
    if marked := hinting.marked_values(teacher, state, position, edges):
        return Hint(marked, [], "step")  # no rule writes a cell the marks settled
    # A ladder move found within a few rule applications is short; past that
    # the chain grows long, and the cells tried one at a time usually win.
    ladder, ladder_steps = state.copy(), list[Deduction]()  # a full run goes on from here
    found = hinting.ladder_hint(ladder, rules, hinting.QUICK, ladder_steps, teacher)
    if found is not None and found.status in ("mistake", "solved"):
        return found
    climbed = None
    if found is not None and found.status == "step":
        climbed = hinting.Move(found.steps, teacher.distance(found.steps[-1].cells, last))
        if climbed.short:
            return hinting.told(teacher, found)
    move = hinting.targeted(teacher, state, last, climbed)
    if move is not None and move is not climbed:
        return Hint(move.steps, [], "step")
    if found is None:  # nothing short either way: the ladder's move, however long
        found = hinting.ladder_hint(ladder, rules, None, ladder_steps, teacher)
        assert found is not None
    return _after_the_ladder(teacher, found, state, ladder, rules, last)


def _after_the_ladder(
    teacher: hinting.Teacher,
    found: Hint,
    state: State,
    ladder: State,
    rules: Sequence[Rule],
    last: int | None,
) -> Hint:
    """The hint once the ladder's move ``found`` is known (a step, a stall or
    eliminations), with the case split where that reads better."""
    if found.status == "step":
        told = hinting.told(teacher, found)
        if len(told.steps) <= FEW:
            return told
        # A long ladder move (a dozen kills on some boards, each a probe): a case
        # split the ladder decides says it in two steps, "X or Y; X fails in 4
        # steps, so Y", the refutation told as a supposition's chain.
        split = _split_hint(teacher, state, rules, last)
        return split if split is not None and split.status == "step" else told
    if found.status == "stuck" or found.status == "narrowed" and not found.steps:
        return _split_hint(teacher, ladder, rules, last) or found
    if found.status == "narrowed":
        # Eliminations the player can pencil in beat a guess; a decided split beats them.
        split = _split_hint(teacher, ladder, rules, last)
        return split if split is not None and split.status == "step" else found
    return found


FEW = 5
"""Steps a hint may have before a decided case split is offered in its place
(a short hint has at most about five)."""


def _split_hint(
    teacher: hinting.Teacher, state: State, rules: Sequence[Rule], last: int | None
) -> Hint | None:
    """Where the rules stall at ``state``: the case split a hint offers, if any."""
    split = hinting.best_split(teacher, state, last)
    if split is None:
        return None
    steps = hinting.split_steps(teacher, state, split, rules)
    if steps is None:
        return None
    # A split the ladder decides is a deduction like any other; a guess is not;
    # one that removes values but leaves several only narrows.
    status = "guess" if split.guess else "step" if steps[-1].writes else "narrowed"
    return Hint(steps, [], status, split)


SOLUTIONS_KEPT = 16
"""How many puzzles' solutions :func:`unique_solution` keeps (per process)."""

_solutions: OrderedDict[tuple[str, str], Rows | None] = OrderedDict()


def unique_solution(kind: PuzzleKind[Any], puzzle: Any) -> Rows | None:
    """The puzzle's solution if it has exactly one, else None.

    A player asks for a hint at every move, and each hint first compares the
    position with the solution; solving the whole puzzle again each time was
    most of a hint's cost on a large board, so the last few puzzles' answers
    are kept, keyed by the puzzle's JSON (a copy is handed out).
    """
    key = (kind.name, json.dumps(kind.to_json(puzzle), sort_keys=True))
    if key in _solutions:
        _solutions.move_to_end(key)
    else:
        report = solve(kind, puzzle, limit=2)
        _solutions[key] = report.solutions[0] if report.unique else None
        while len(_solutions) > SOLUTIONS_KEPT:
            _solutions.popitem(last=False)
    found = _solutions[key]
    return None if found is None else [row[:] for row in found]


def find_mistakes(
    kind: PuzzleKind[Any], puzzle: Any, position: Rows | None, edges: Sequence[Edge] = ()
) -> list[Violation]:
    """Entries and edge marks the unique solution contradicts (none if not unique)."""
    solution = unique_solution(kind, puzzle)
    if solution is None:
        return []
    found = [] if position is None else kind.position_mistakes(puzzle, position, solution)
    return found + (kind.edge_mistakes(puzzle, edges, solution) if edges else [])


@dataclass(frozen=True)
class RungView:
    """What one rung alone proves from the untouched board.

    ``settled`` maps each cell whose content the rung fixes to that content;
    ``new`` lists the settled cells that were not settled at the start (the
    givens are); ``steps`` counts its deductions and ``rules`` names the
    rules that fired. A contradiction settles nothing.
    """

    rung: str
    summary: str
    contradiction: bool
    finished: bool
    settled: dict[int, int]
    new: list[int]
    steps: int
    rules: list[str]

    def as_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        # JSON objects only have string keys, so cells go as [cell, value] pairs.
        cells = sorted(self.settled)
        return {
            "rung": self.rung,
            "summary": self.summary,
            "contradiction": self.contradiction,
            "finished": self.finished,
            "settled": [[cell, self.settled[cell]] for cell in cells],
            "settled_labels": [kind.cell_label(puzzle, cell) for cell in cells],
            "new": self.new,
            "new_labels": [kind.cell_label(puzzle, cell) for cell in self.new],
            "steps": self.steps,
            "rules": self.rules,
        }


def rung_view(kind: PuzzleKind[Any], puzzle: Any, rung: str) -> RungView:
    """What ``rung`` alone proves from the untouched board: its settled cells."""
    summary = kind.ladder.rung(rung).summary
    state = kind.initial_state(puzzle)
    before = kind.settled_cells(puzzle, state)
    log: list[Deduction] = []
    try:
        propagate(state, kind.ladder.rules(rung), log)
    except Contradiction:
        return RungView(rung, summary, True, False, {}, [], len(log), [])
    settled = kind.settled_cells(puzzle, state)
    return RungView(
        rung=rung,
        summary=summary,
        contradiction=False,
        finished=state.is_solved(),
        settled=settled,
        new=sorted(set(settled) - set(before)),
        steps=len(log),
        rules=sorted({d.rule for d in log}),
    )


def rung_views(kind: PuzzleKind[Any], puzzle: Any) -> list[RungView]:
    """:func:`rung_view` of every rung of the ladder, cheapest first."""
    return [rung_view(kind, puzzle, name) for name in kind.ladder.names]


def rung_views_json(kind: PuzzleKind[Any], puzzle: Any, views: list[RungView]) -> dict[str, Any]:
    """The answer to "what does each rung settle": the puzzle, then each view."""
    return {**puzzle_json(kind, puzzle), "rungs": [view.as_json(kind, puzzle) for view in views]}
