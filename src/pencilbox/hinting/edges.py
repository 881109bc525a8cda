"""A hint whose move is a mark between two cells, for a type that reads such
marks off a state (:meth:`~pencilbox.kind.PuzzleKind.known_edges`).

A person's commonest step in a partition puzzle is often a line, not a
value: "r2c3 cannot be 4: the 4 at r2c2 is complete" is the border between
r2c2 and r2c3, which the player draws. So a hint may end at the first rule
application that proves a mark the position does not show yet (a mark the
player made, or one the position's own state already proves, is shown).
The move groups the marks one reason proves at once (the borders round a
complete region beside one cell) and says them in the player's terms:
"Draw a border between r2c2 and r2c3: the 4 at r2c2 is complete".

The other end of the same idea: the marks a player drew may leave a cell
one value that the position does not hold yet, and no rule writes a cell
already settled, so a hint says to write it first (:func:`marked_values`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Deduction, State
from ..grid import Rows
from ..kind import Edge, PuzzleKind, position_state
from .teacher import Teacher

MARKED = "marks"
"""The rule name of a step that writes a value the player's marks leave."""


def shown_edges(
    kind: PuzzleKind[Any], puzzle: Any, state: State, edges: Sequence[Edge]
) -> set[Edge] | None:
    """The marks a position shows: those the player made and those its own
    state proves (between two different values, say); None for a type that
    reads no marks off a state."""
    known = kind.known_edges(puzzle, state)
    return None if known is None else known | set(edges)


def new_edges(teacher: Teacher, before: Sequence[int], after: State) -> set[Edge]:
    """The marks ``after`` proves that the position does not show, looked for
    around the variables that changed since ``before`` (marks only appear
    where domains narrow)."""
    if teacher.shown is None:
        return set()
    pairs = enumerate(zip(before, after.domains, strict=True))
    changed = [var for var, (old, new) in pairs if old != new]
    cells = teacher.puzzle.rows * teacher.puzzle.cols
    around = [var for var in changed if var < cells] if teacher.cells_are_vars else None
    if around is not None and not around:
        return set()
    found = teacher.kind.known_edges(teacher.puzzle, after, around) or set()
    return found - teacher.shown


def edge_move(
    teacher: Teacher, steps: list[Deduction], found: list[Deduction], new: set[Edge]
) -> list[Deduction]:
    """The hint's steps for a rule application (``found``, the tail of
    ``steps``) that proved the marks ``new``: the group of its deductions
    sharing one reason whose chain is shortest (nearest the last move on
    ties), its earlier steps trimmed as :func:`.answer.relevant` trims them,
    ending in the move that draws the marks it proves."""
    groups: dict[tuple[str, tuple[int, ...]], list[Deduction]] = {}
    for step in found:
        if _proves(step, new):
            groups.setdefault((step.rule, step.because), []).append(step)
    if not groups:  # proved by bookkeeping alone: the application as one group
        groups[("", ())] = list(found)

    def chain(group: list[Deduction]) -> list[Deduction]:
        marks = sorted(edge for edge in new if any(_proves(step, {edge}) for step in group))
        return _chain(teacher, steps, group, marks or sorted(new))

    def rank(told: list[Deduction]) -> tuple[int, int]:
        return (len(told), teacher.distance(told[-1].cells, teacher.last))

    return min((chain(group) for group in groups.values()), key=rank)


def _proves(step: Deduction, edges: set[Edge]) -> bool:
    """Whether ``step`` narrowed a cell of one of ``edges``."""
    return any(a in step.cells or b in step.cells for a, b, _ in edges)


def _chain(
    teacher: Teacher, steps: list[Deduction], group: list[Deduction], marks: list[Edge]
) -> list[Deduction]:
    first = next(i for i, step in enumerate(steps) if step is group[0])
    ends = {cell for a, b, _ in marks for cell in (a, b)}
    focus = ends | {cell for step in group for cell in (*step.cells, *step.because)}
    earlier = [
        d for d in steps[:first] if not d.writes and focus & (set(d.cells) | set(d.supposed))
    ]
    because = tuple(sorted({c for step in group for c in step.because}))
    draw = draw_words(teacher.label, marks)
    probed = {id(d) for d, _, _ in teacher.probed}
    whys = {_why(step.reason) for step in group}
    if len(whys) == 1 and not probed & {id(step) for step in group} and _rests_on(group, marks):
        # steps whose one reason names what the marks rest on: said once, as the move
        move = dataclasses.replace(
            group[0],
            cells=tuple(sorted(ends)),
            reason=f"{draw}: {whys.pop()}",
            because=because,
            edges=tuple(marks),
        )
        return [*earlier, move]
    # Several steps, a supposition, or marks between cells the reason does not
    # name: the steps as they are, then the move they lead to.
    said = "; ".join(step.reason for step in group[:3]) + ("; ..." if len(group) > 3 else "")
    move = Deduction(
        group[-1].rule,
        tuple(sorted(ends)),
        f"{draw}, since {_lower(said)}",
        because=because,
        edges=tuple(marks),
    )
    return [*earlier, *group, move]


def _rests_on(group: list[Deduction], marks: list[Edge]) -> bool:
    """Whether each mark runs between a cell a step of ``group`` narrowed and
    one its reason rests on."""
    return all(
        any(
            (a in step.cells and b in step.because) or (b in step.cells and a in step.because)
            for step in group
        )
        for a, b, _ in marks
    )


def _why(reason: str) -> str:
    """The reason's why: "r2c3 cannot be 4: the 4 at r2c2 is complete" gives
    "the 4 at r2c2 is complete" (the rules' steps all say "X ...: why")."""
    _, sep, why = reason.partition(": ")
    return why if sep else reason


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and text[1:2].islower() else text


def draw_words(label: Callable[[int], str], marks: Sequence[Edge]) -> str:
    """ "Draw a border between r2c2 and r2c3", "Draw borders between r1c1 and
    r1c2, r2c1": the marks by kind, those around one cell said together."""
    parts = []
    for mark in sorted({m for _, _, m in marks}):
        pairs = [(a, b) for a, b, m in marks if m == mark]
        common = set(pairs[0]).intersection(*pairs[1:]) if len(pairs) > 1 else set()
        if common:
            hub = min(common)
            others = ", ".join(label(b if a == hub else a) for a, b in pairs)
            parts.append(f"{mark}s between {label(hub)} and {others}")
        elif len(pairs) == 1:
            (a, b) = pairs[0]
            parts.append(f"a {mark} between {label(a)} and {label(b)}")
        else:
            each = ", ".join(f"{label(a)} and {label(b)}" for a, b in pairs)
            parts.append(f"{mark}s between {each}")
    return "Draw " + " and ".join(parts)


def marked_values(
    teacher: Teacher, marked: State, position: Rows | None, edges: Sequence[Edge]
) -> list[Deduction]:
    """A step writing a value the player's marks (``edges``) leave a cell with
    that ``position`` does not hold (``marked``: the position's state with its
    marks), the one nearest the last move; empty when the marks settle no
    such cell, or the type reads no marks off a state (``teacher.shown``)."""
    if teacher.shown is None or not edges:
        return []
    kind, puzzle = teacher.kind, teacher.puzzle
    before = kind.settled_cells(puzzle, position_state(kind, puzzle, position))
    after = kind.settled_cells(puzzle, marked)
    fresh = [cell for cell in after if cell not in before]
    if not fresh:
        return []
    cell = min(fresh, key=lambda c: (teacher.distance((c,), teacher.last), c))
    label = teacher.label(cell)
    words = f"{label} can only be {after[cell]}: the marks drawn leave it nothing else"
    return [Deduction(MARKED, (cell,), words, writes=True, value=after[cell])]
