"""Helpers the cross-check tests share, whatever the puzzle.

The counter and SAT cross-checks of Suguru, LITS and Heteromino all draw
boards from string seeds, freeze answer grids into sets, name a failing
board by its seed and text, count with a rung plus search (or SAT), compare
those counts and answer sets with a reference counter, and check that a
deduction log holds step by step. The logic is the same for every puzzle;
only the kind differs, so each helper takes the kind as its first argument.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from pencilbox import counting, solving
from pencilbox.engine import Contradiction, Deduction, State, count_solutions, propagate
from pencilbox.kind import PuzzleKind
from pencilbox.sat.core import Encoding, count_models

Grid = tuple[tuple[int, ...], ...]
Kind = PuzzleKind[Any]


def seeds(prefix: str, count: int) -> tuple[str, ...]:
    """``count`` string seeds ``"<prefix>-0"``, ``"<prefix>-1"``, ...

    A soak's prefix starts with ``soak-``, which the board drawers read."""
    return tuple(f"{prefix}-{i}" for i in range(count))


def frozen(grid: Sequence[Sequence[int]]) -> Grid:
    """A grid as nested tuples, so answers can go into sets and be compared."""
    return tuple(tuple(row) for row in grid)


def frozen_all(grids: Iterable[Sequence[Sequence[int]]]) -> set[Grid]:
    return {frozen(grid) for grid in grids}


def describe(kind: Kind, seed: str, puzzle: Any) -> str:
    """A failing board's seed and text: enough to rebuild and read it."""
    return f"board {seed!r}:\n{kind.format_text(puzzle)}"


def imports_of(module: ModuleType) -> set[str]:
    """Every module ``module``'s source imports (relative ones with their dots)."""
    assert module.__file__ is not None
    found: set[str] = set()
    for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def engine_count(kind: Kind, puzzle: Any, rung: str, limit: int) -> tuple[int, bool, set[Grid]]:
    """Count with ``rung`` plus search; the answers must all differ."""
    result = count_solutions(kind.initial_state(puzzle), kind.ladder.rules(rung), limit)
    grids = {frozen(kind.solution_rows(puzzle, state)) for state in result.solutions}
    assert len(grids) == result.count, "the engine returned the same solution twice"
    return result.count, result.exhaustive, grids


def sat_answers(kind: Kind, puzzle: Any, engine: str, limit: int) -> tuple[int, bool, set[Grid]]:
    """Count with the SAT ``engine`` ("sat" or "hybrid"); the answers must all differ."""
    report = counting.count(kind, puzzle, limit, engine)
    grids = frozen_all(report.solutions)
    assert len(grids) == report.count, f"{engine} returned the same answer twice"
    return report.count, report.exhaustive, grids


def assert_same_answers(
    where: str,
    found: tuple[int, bool, set[Grid]],
    truth: int,
    answers: Iterable[Grid],
    limit: int,
    reference: str = "brute force",
) -> None:
    """A (count, exhaustive, grids) triple against the reference count and answers:
    the same count, exhaustive exactly when below the limit, and -- when the
    reference saw every answer -- the same answer set."""
    count, exhaustive, grids = found
    assert count == truth, f"{where}: {count} answers, {reference} {truth}"
    assert exhaustive == (truth < limit), f"{where}: exhaustive={exhaustive}"
    if truth < limit:
        assert grids == set(answers), f"{where}: different answers"


def check_sat_agrees(
    kind: Kind,
    encode: Callable[[Any, State], Encoding],
    puzzle: Any,
    truth: int,
    answers: set[Grid] | frozenset[Grid],
    where: str,
    limit: int,
    reference: str,
) -> None:
    """Plain SAT, the hybrid, the encoding of a state propagated by *each* rung,
    and the rung engine must all report the reference count and answers."""
    for engine in ("sat", "hybrid"):
        found = sat_answers(kind, puzzle, engine, limit)
        assert_same_answers(f"{engine} on {where}", found, truth, answers, limit, reference)
    # the encoding must read a state propagated by any rung, not just the hybrid's
    for rung in kind.ladder.names:
        state = kind.initial_state(puzzle)
        try:
            propagate(state, kind.ladder.rules(rung))
        except Contradiction:
            assert truth == 0, f"{rung} contradiction on {where} with {truth} answers"
            continue
        result = count_models(encode(puzzle, state), limit)
        assert result.count == truth, f"encoding after {rung} on {where}: {result.count}"
        if truth < limit:
            assert frozen_all(result.solutions) == answers, f"after {rung} on {where}"
    report = solving.solve(kind, puzzle, limit=limit)
    assert report.count == truth, f"rungs on {where}: {report.count} answers, {reference} {truth}"
    if truth < limit:
        assert frozen_all(report.solutions) == answers, f"rungs on {where}"


class SnapshotLog(list[Deduction]):
    """A deduction log that also records the changed cells' domains right after
    each deduction, so every single step can be checked, not just the fixpoint."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state
        self.after: list[tuple[int, ...]] = []

    def append(self, deduction: Deduction) -> None:
        super().append(deduction)
        self.after.append(tuple(self.state.domains[cell] for cell in deduction.cells))


def top_rung_finishes(kind: Kind, puzzle: Any) -> bool:
    """Whether propagation with every rung alone settles the bare board."""
    state = kind.initial_state(puzzle)
    propagate(state, kind.ladder.rules())
    return state.is_solved()


def hint_chain_ending(
    kind: Kind,
    puzzle: Any,
    status: str,
    position: Sequence[Sequence[int]],
    solution: Grid,
    where: str,
) -> str:
    """How a hint chain on a unique puzzle ended: it must be "solved", on the
    solution. Where the ladder stalls a hint goes on by supposition or a case
    split (issue 13: never a dead end), so a chain that stops short ("stuck",
    "narrowed", a guess) fails here, whatever rung finishes the board."""
    ending = "solved" if status == "solved" else "stuck"
    assert ending == "solved", f"{where}: a dead end, the last hint {status}"
    assert frozen(position) == solution, where
    return ending
