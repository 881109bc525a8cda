"""The puzzle-independent SAT counting loop.

An :class:`Encoding` is what a puzzle's encoder hands over: CNF clauses, the
variables whose values tell one answer from another (the *key*), a way to
read an answer's grid off a model, and optionally a ``refine`` hook that
inspects a model and returns extra clauses when the model breaks a rule the
CNF does not state outright (a connectivity rule, say, added lazily as cuts).

:func:`count_models` counts answers up to a limit by adding one blocking
clause over the key per answer found. python-sat is imported here only, and
this module is imported only when a SAT engine is asked for.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import CountResult
from ..grid import Rows

Clause = list[int]


@dataclass
class Encoding:
    """CNF for one puzzle (possibly after propagation) and how to read models.

    ``key`` lists the variables that determine an answer: two models that
    agree on them are the same answer. ``decode`` turns a model (a set of
    true variables) into the answer grid. ``refine`` returns clauses that cut
    off a model breaking a lazily enforced rule, or [] when the model is a
    real answer; every clause it returns must hold in every real answer.
    An encoder that already knows there is no answer hands over the empty
    clause.
    """

    clauses: list[Clause]
    key: Sequence[int]
    decode: Callable[[set[int]], Rows]
    refine: Callable[[set[int]], list[Clause]] | None = None
    variables: int = 0
    notes: dict[str, int] = field(default_factory=dict)


@dataclass
class ModelCount(CountResult[Rows]):
    """What a SAT count found; ``exhaustive`` means the solver proved there are no more."""

    calls: int  # solver calls, refinement rounds included
    cuts: int  # clauses added by ``refine``


SOLVER = "cadical195"


def load_solver() -> type[Any]:
    """python-sat's solver class, imported on first use: it loads a native
    library, which the CLI and the web app should not pay for at start-up and
    a count's ``seconds`` should not include (call this before the clock)."""
    from pysat.solvers import Solver

    found: type[Any] = Solver
    return found


def count_models(encoding: Encoding, limit: int) -> ModelCount:
    """Count answers of ``encoding`` up to ``limit`` with CaDiCaL and blocking clauses."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if not (encoding.clauses or encoding.key or encoding.refine):
        # nothing left open (propagation settled every cell): the one answer is
        # the empty model, which a solver would take longer to make than to
        # find; and a count stopped at its limit says no more, as below
        return ModelCount(1, limit, limit > 1, [encoding.decode(set())], 0.0, calls=0, cuts=0)
    Solver = load_solver()  # noqa: N806 -- the class, named as python-sat names it

    started = time.perf_counter()
    solutions: list[Rows] = []
    calls = cuts = 0
    exhaustive = False
    with Solver(name=SOLVER) as solver:
        _load(solver, encoding)
        while True:
            calls += 1
            if not solver.solve():
                exhaustive = True
                break
            model = solver.get_model() or []
            true = {lit for lit in model if lit > 0}
            if encoding.refine is not None:
                extra = encoding.refine(true)
                if extra:
                    cuts += len(extra)
                    for clause in extra:
                        solver.add_clause(clause)
                    continue
            solutions.append(encoding.decode(true))
            if len(solutions) >= limit:
                break
            blocking = [-v if v in true else v for v in encoding.key]
            if not blocking:  # nothing left to choose: this was the only answer
                exhaustive = True
                break
            solver.add_clause(blocking)
    return ModelCount(
        count=len(solutions),
        limit=limit,
        exhaustive=exhaustive,
        solutions=solutions,
        seconds=time.perf_counter() - started,
        calls=calls,
        cuts=cuts,
    )


def _load(solver: Any, encoding: Encoding) -> None:
    """Hand ``encoding``'s clauses to ``solver``.

    python-sat's own loop (``bootstrap_with``) spends more per clause in
    Python than CaDiCaL takes to store it, on encodings the solver then
    settles in a fraction of a millisecond; so when python-sat shows its
    native call the clauses go straight to it, after a tautology naming the
    top variable, which has CaDiCaL size its tables once rather than at each
    new variable (it adds nothing else: a tautology is dropped on arrival).
    """
    handle = getattr(solver.solver, "cadical", None)
    add = getattr(_native(), f"{SOLVER}_add_cl", None)
    if handle is None or add is None:
        solver.append_formula(encoding.clauses)
        return
    if encoding.variables:
        add(handle, [encoding.variables, -encoding.variables])
    for clause in encoding.clauses:
        add(handle, clause)


def _native() -> Any:
    """python-sat's native module, where its solvers' calls live."""
    import pysolvers  # type: ignore[import-not-found]

    return pysolvers


class Pool:
    """Hands out fresh variable numbers (1-based, as DIMACS wants)."""

    def __init__(self) -> None:
        self.top = 0

    def new(self) -> int:
        self.top += 1
        return self.top


def at_most_one(literals: Sequence[int], pool: Pool) -> list[Clause]:
    """Clauses saying at most one of ``literals`` is true."""
    n = len(literals)
    if n <= 6:
        return [[-literals[i], -literals[j]] for i in range(n) for j in range(i + 1, n)]
    clauses: list[Clause] = []
    prev = pool.new()  # s_i: some of literals[0..i] is true
    clauses.append([-literals[0], prev])
    for i in range(1, n):
        lit = literals[i]
        clauses.append([-lit, -prev])
        if i < n - 1:
            cur = pool.new()
            clauses.append([-lit, cur])
            clauses.append([-prev, cur])
            prev = cur
    return clauses
