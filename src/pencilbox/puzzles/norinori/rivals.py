"""One SAT solver kept across a generator's walk, asked for a rival answer per step.

The walk moves one unshaded cell per step and asks again whether any answer
other than the intended one is left. Encoding the whole board afresh and
starting a new solver per step cost about 2 ms of a 10x10 step, more than
the search itself; yet most of the CNF never changes:

* the domino rule (a shaded cell has one shaded neighbour, not two) knows
  no regions, so its clauses are added once;
* the intended answer is fixed for the whole walk, so "not the intended
  answer" is one clause added once: any model is a rival;
* only the two regions a move touches change. Each region's "exactly two"
  clauses carry a selector literal, assumed true while the region stands;
  a region that changed has its selector fixed false (its clauses then
  hold trivially, and learned clauses that leaned on them carry the
  selector too, so they stay sound) and is encoded again under a new one.

The solver prefers the intended answer's value in every cell (its phases),
so a rival found tends to differ from the answer in few places, which the
walk can mend locally.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from ...sat.core import SOLVER, Clause, load_solver
from .model import neighbours


class RivalSearch:
    """Rival answers of a changing partition around one fixed answer.

    Cell ``c`` is variable ``c + 1``. Use as a context manager (the native
    solver is freed on exit).
    """

    def __init__(self, rows: int, cols: int, shaded: set[int]) -> None:
        self.rows, self.cols = rows, cols
        self._top = rows * cols
        self._regions: dict[int, tuple[frozenset[int], int]] = {}
        self._solver: Any = load_solver()(name=SOLVER)
        for cell in range(rows * cols):
            for clause in _one_partner(cell + 1, [n + 1 for n in neighbours(rows, cols, cell)]):
                self._solver.add_clause(clause)
        answer = [cell + 1 if cell in shaded else -(cell + 1) for cell in range(rows * cols)]
        self._solver.add_clause([-lit for lit in answer])
        self._solver.set_phases(answer)

    def __enter__(self) -> RivalSearch:
        return self

    def __exit__(self, *_: object) -> None:
        self._solver.delete()

    def find(self, labels: list[int]) -> set[int] | None:
        """The shaded cells of an answer of the partition ``labels`` other than
        the intended one, or None when the intended answer is the only one."""
        cells: dict[int, list[int]] = {}
        for cell, label in enumerate(labels):
            cells.setdefault(label, []).append(cell)
        for label in [label for label in self._regions if label not in cells]:
            self._retire(label)
        for label, members in cells.items():
            now = frozenset(members)
            if label in self._regions and self._regions[label][0] == now:
                continue
            if label in self._regions:
                self._retire(label)
            self._regions[label] = (now, self._encode(sorted(now)))
        if not self._solver.solve(assumptions=[sel for _, sel in self._regions.values()]):
            return None
        # the model lists variables 1, 2, ... in order: the cells come first
        model = self._solver.get_model() or []
        return {cell for cell, lit in enumerate(model[: self.rows * self.cols]) if lit > 0}

    def _retire(self, label: int) -> None:
        _, selector = self._regions.pop(label)
        self._solver.add_clause([-selector])

    def _new(self) -> int:
        self._top += 1
        return self._top

    def _encode(self, cells: list[int]) -> int:
        """Add "exactly two of ``cells`` shaded" under a new selector; return it."""
        selector = self._new()
        for clause in exactly_two([cell + 1 for cell in cells], self._new):
            self._solver.add_clause([-selector, *clause])
        return selector


def exactly_two(literals: list[int], new: Callable[[], int]) -> list[Clause]:
    """Clauses: exactly two of ``literals`` true (``new()`` hands out fresh variables).

    At least two: without any one literal, another is true. At most two:
    no three together on a small set, a sequential counter (Sinz) on a big
    one, whose ``counts[i][j]`` says at least ``j + 1`` of the first
    ``i + 1`` literals are true.
    """
    clauses: list[Clause] = [literals[:i] + literals[i + 1 :] for i in range(len(literals))]
    if len(literals) <= 7:
        return clauses + [[-a, -b, -c] for a, b, c in combinations(literals, 3)]
    counts = [(new(), new()) for _ in literals]
    for i, lit in enumerate(literals):
        clauses.append([-lit, counts[i][0]])
        if i:
            (one, two), (was_one, was_two) = counts[i], counts[i - 1]
            clauses += [[-was_one, one], [-was_two, two], [-lit, -was_one, two], [-lit, -was_two]]
    return clauses


def _one_partner(cell: int, near: list[int]) -> list[Clause]:
    """A shaded ``cell`` has a shaded neighbour, and no two of them are shaded."""
    return [[-cell, *near]] + [[-cell, -a, -b] for a, b in combinations(near, 2)]
