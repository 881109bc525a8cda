"""The generator's uniqueness oracle: one SAT solver kept for a whole carve.

Carving asks, a hundred times or more per board, whether one answer (the
partition's) is the only one left by a set of givens. Each question differs
from the last by one given, so the oracle keeps one solver and states the
givens as assumptions, with the clause "not the intended answer" added for
good: the givens leave no other answer exactly when the solver finds no model.

The connectivity cuts :meth:`cnf.Encoder.refine` returns hold in every
answer whatever the givens (a group of ``k`` cells is one region), so they
are kept across questions rather than found again for each; that is what
makes one solver for the whole carve fast. Its cells may take every size the
blank board allows (:func:`cnf_sizes.bare_domains`), a superset of what each
question needs, so every count stays exact; each question also assumes
false the sizes its own givens leave no room for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import propagate
from ...sat.core import SOLVER, load_solver
from . import cnf, cnf_sizes
from .ladder import LADDER
from .model import build
from .state import new_state

PRESET: str | None = None
"""The rung each question may propagate before the solver is asked (None: none):
what it settles is handed to the solver, and a board it finishes is unique."""


class AnswerOracle:
    """Whether givens leave ``answer`` (flat, each cell's region size) the only answer.

    A context manager: the solver is freed on exit (or by :meth:`close`).
    """

    def __init__(
        self, rows: int, cols: int, answer: Sequence[int], *, rung: str | None = PRESET
    ) -> None:
        self.rows, self.cols = rows, cols
        self.answer = tuple(answer)
        self.rules = None if rung is None else LADDER.rules(rung)
        self.questions = self.calls = self.cuts = self.settled = 0
        # The encoder's board holds the answer as givens only so that every size
        # in the answer gets a variable of its own (the encoder folds sizes above
        # its largest given into one value); the domains are the blank board's.
        full = build(rows, cols, self.answer)
        blank = full.with_givens([0] * full.cells)
        self._encoder = encoder = cnf.Encoder(full, cnf_sizes.bare_domains(blank))
        self._solver: Any = load_solver()(name=SOLVER, bootstrap_with=encoder.encoding().clauses)
        others = [-encoder.lit(cell, size) for cell, size in enumerate(self.answer)]
        self._solver.add_clause([lit for lit in others if lit != -encoder.true])
        self._small = [
            [(size, lit) for size, lit in lits.items() if size != cnf_sizes.BIG]
            for lits in encoder.var
        ]

    def __enter__(self) -> AnswerOracle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()
            self._solver = None

    def other(self, givens: Sequence[int]) -> list[int] | None:
        """An answer other than the intended one that ``givens`` (flat, 0 for none)
        allow, or None when there is none. The givens must agree with the answer."""
        self.questions += 1
        encoder, solver = self._encoder, self._solver
        board = build(self.rows, self.cols, givens)
        if self.rules is None:
            domains = cnf_sizes.bare_domains(board)
        else:
            state = new_state(board)
            propagate(state, self.rules)  # the answer agrees with the givens: no contradiction
            if state.is_solved():
                self.settled += 1
                return None
            domains = state.domains[: board.cells]
        assumptions = self._assumed(domains)
        while True:
            self.calls += 1
            if not solver.solve(assumptions=assumptions):
                return None
            true = set(solver.get_model() or [])  # the negative literals do no harm
            cuts = encoder.refine(true)
            if not cuts:
                return encoder.numbers(true)
            self.cuts += len(cuts)
            for cut in cuts:
                solver.add_clause(cut)

    def _assumed(self, domains: Sequence[int]) -> list[int]:
        """What ``domains`` (each cell's sizes left) say, as assumptions: every
        size gone from a cell is false there."""
        found = [
            -lit
            for cell, pairs in enumerate(self._small)
            for size, lit in pairs
            if not domains[cell] >> size - 1 & 1
        ]
        top = self._encoder.top
        big = self._encoder.var
        found += [
            -big[cell][cnf_sizes.BIG]
            for cell, dom in enumerate(domains)
            if not dom >> top and cnf_sizes.BIG in big[cell]
        ]
        return [lit for lit in found if lit != self._encoder.true]
