"""A hint's answer, its tiers, and the ladder's own next move with its probes explained."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Contradiction, Deduction, Rule, State, first_step
from ..kind import PuzzleKind, Violation
from ..results import violation_json
from .edges import edge_move, new_edges
from .split import Split
from .teacher import Teacher


@dataclass
class Hint:
    """The next step from a position: a chain of deductions ending where a
    cell gets settled (or, for a type that reads edge marks off a state, a
    mark is proven: the final step's ``edges``), or the player's mistakes,
    or nothing left to say.
    A hint where the rules stall carries the case split it offers (``split``):
    a "step" when the ladder refutes every value but one, else a "guess"."""

    steps: list[Deduction]
    mistakes: list[Violation]
    status: str  # "step", "guess", "narrowed", "mistake", "solved", "stuck"
    split: Split | None = None

    @property
    def rule(self) -> str | None:
        return self.steps[-1].rule if self.steps else None

    def as_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        def label(cell: int) -> str:
            return kind.cell_label(puzzle, cell)

        return {
            "status": self.status,
            "rule": self.rule,
            "steps": [step.as_json(label) for step in self.steps],
            "mistakes": [violation_json(kind, puzzle, v) for v in self.mistakes],
            "split": None if self.split is None else self.split.as_json(),
            "tiers": hint_tiers(self, label),
        }


def hint_tiers(hint: Hint, label: Callable[[int], str]) -> list[dict[str, Any]]:
    """What the hint says on each press: where to look and the rule's name, then
    the reason, then the whole chain (empty when there is no step)."""
    if not hint.steps:
        return []
    final = hint.steps[-1]
    rules = sorted({step.rule for step in hint.steps}, key=[s.rule for s in hint.steps].index)
    where = list(final.cells)
    look = f"Look at {' '.join(label(c) for c in where)} ({', '.join(rules)})."
    reason = final.reason
    supposed = [step for step in hint.steps if step.supposes]
    if hint.split is not None:
        where = [hint.split.var] if hint.split.cells_are_vars else where
        look = f"Look at {hint.split.subject} ({', '.join(rules)}): {hint.split.options}."
        reason = hint.split.summary
    elif supposed:
        reason = f"Every other option fails by supposing it ({len(supposed)} of them), so: {reason}"
    whole = [f"{n}. {step.reason}" for n, step in enumerate(hint.steps, start=1)]
    return [
        {"tier": 1, "text": look, "cells": where, "labels": [label(c) for c in where]},
        {"tier": 2, "text": reason, "cells": where, "labels": [label(c) for c in where]},
        {"tier": 3, "text": " ".join(whole), "lines": whole, "cells": where},
    ]


def ladder_hint(
    state: State,
    rules: Sequence[Rule],
    cap: int | None = None,
    steps: list[Deduction] | None = None,
    teacher: Teacher | None = None,
) -> Hint | None:
    """The ladder's own next move: deductions cheapest first until one settles
    a cell, or proves an edge mark the position does not show (for a type
    that reads marks off a state: ``teacher.shown``, :mod:`.edges`); None if
    ``cap`` rule applications found none. ``state`` and
    ``steps`` are left as the run left them, so that a capped run can be
    continued by passing them again. With a ``teacher``, the steps of a rule
    that supposes (``Rule.lookahead``) are noted, so that :func:`told` can
    tell them as suppositions once the hint is chosen."""
    steps = [] if steps is None else steps
    supposing = {rule.name for rule in rules if rule.lookahead}
    applied = 0
    try:
        while True:
            applied += 1
            if cap is not None and applied > cap:
                return None
            before = state.copy() if teacher is not None else state
            found = first_step(state, rules)
            if not found:
                break
            if teacher is not None and any(d.rule in supposing for d in found):
                after = state.domains.copy()
                teacher.probed.extend((d, before, after) for d in found if d.rule in supposing)
            steps.extend(found)
            if any(d.writes for d in found):
                return Hint(shortest(steps, found, teacher), [], "step")
            drawn = new_edges(teacher, before.domains, state) if teacher is not None else None
            if drawn and teacher is not None:
                return Hint(edge_move(teacher, steps, found, drawn), [], "step")
    except Contradiction:
        return Hint(
            [], [Violation("contradiction", (), "this position has no solution")], "mistake"
        )
    if state.is_solved():
        return Hint(steps, [], "solved")
    # Candidates narrowed but no cell settled: the player can pencil them in;
    # after that only a guess goes further.
    return Hint(steps, [], "narrowed" if steps else "stuck")


def told(teacher: Teacher, hint: Hint) -> Hint:
    """``hint`` with each probing step told as its supposition and chain (done
    for the hint given only: telling costs a logged run per step)."""
    if not teacher.probed:
        return hint
    steps = [step for kept in hint.steps for step in explain_probe(teacher, kept)]
    move = hint.steps[-1] if hint.steps else None
    if move is not None and (move.writes or move.edges) and steps[-1] is not move:
        # A probing step that settles a cell is told as the suppositions that
        # refute its other options; the move itself still ends the hint.
        steps.append(move)
    return dataclasses.replace(hint, steps=steps)


def explain_probe(teacher: Teacher, step: Deduction) -> list[Deduction]:
    """A probing rule's step, told as the supposition behind it: each option it
    killed, supposed from the position the rule ran on and propagated to the
    contradiction by the rules that do not suppose. An option is found among
    the variables the step names (or every variable, where they are not
    cells) as the one the face says covers exactly the step's cells; a kill
    spread over several variables, like a piece over its cells, is told once.
    A step whose suppositions the rules below do not refute within the chain
    cap keeps its own words."""
    ran = next(((state, after) for d, state, after in teacher.probed if d is step), None)
    if ran is None:
        return [step]
    before, after = ran
    supposed: list[Deduction] = []
    covered: set[tuple[int, ...]] = set()
    names = set(step.cells)
    for var, (old, new) in enumerate(zip(before.domains, after, strict=True)):
        gone = old & ~new
        if not gone or (teacher.cells_are_vars and var not in names):
            continue
        while gone:
            low = gone & -gone
            gone ^= low
            _, cells = teacher.option(before, var, low)
            if set(cells) != names and teacher.cells_are_vars:
                continue  # another step's kill in the same pass
            if tuple(sorted(cells)) in covered:
                continue
            explained = teacher.explain(before, var, low)
            if explained is None:
                return [step]
            supposed.append(dataclasses.replace(explained, rule=step.rule))
            covered.add(tuple(sorted(cells)))
    return supposed or [step]


def shortest(
    steps: list[Deduction], found: list[Deduction], teacher: Teacher | None
) -> list[Deduction]:
    """Of the moves the last rule application wrote (a pass may settle several
    cells at once), the one whose chain is shortest, nearest the last move on ties."""

    def rank(chain: list[Deduction]) -> tuple[int, int]:
        near = teacher.distance(chain[-1].cells, teacher.last) if teacher is not None else 0
        return (len(chain), near)

    return min((relevant(steps, final) for final in found if final.writes), key=rank)


def relevant(steps: list[Deduction], final: Deduction | None = None) -> list[Deduction]:
    """Trim a chain to the steps that bear on its final move (default: the first write).

    A witness pass may narrow cells all over the board before one of them
    settles; only the narrowings of the settled cell or of the cells its
    reason cites help a person follow the move.
    """
    final = final or next(d for d in steps if d.writes)
    focus = set(final.cells) | set(final.because)
    earlier = [
        d
        for d in steps[: next(i for i, step in enumerate(steps) if step is final)]
        if not d.writes and focus & (set(d.cells) | set(d.supposed))
    ]
    return [*earlier, final]
