"""SAT-backed counting over the face: the plain CNF, the hybrid, and the default solve.

``count(kind, puzzle, limit, engine="sat")`` encodes the bare puzzle;
``engine="hybrid"`` first runs the type's ``hybrid_rung`` (and its
``hybrid_extra`` rules) to a fixpoint and encodes only what is left (settled
cells as units, dead values dropped). Each answer is re-checked by the
type's independent checker. The rung engine stays the default everywhere
else; this is a second opinion and a fast oracle.

``count_default`` is what ``pencilbox solve`` does unless told otherwise:
the ladder's top rung to its fixpoint, which says which rung finishes the
board, then SAT for whatever the ladder leaves open, where the rung
engine's search can crawl (over 10 s on some large published boards that SAT
proves in a tenth of a second).

Each type's encoder is its face's ``encode``; the counting loop itself is
:mod:`pencilbox.sat.core` (python-sat, CaDiCaL 1.9.5), which knows no puzzle.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .engine import Contradiction, CountResult, Rule, propagate
from .grid import Rows
from .kind import PuzzleKind
from .sat.core import Encoding, count_models, load_solver
from .solving import Report, answers_json, check_answers


def hybrid_rules(kind: PuzzleKind[Any]) -> tuple[Rule, ...]:
    """What the hybrid propagates before encoding: the rules of the kind's
    ``hybrid_rung`` and the rungs below it, then its ``hybrid_extra`` rules
    (cheap rules from outside the ladder, or from a rung above it).

    Checks (rules that narrow nothing and only reject a broken position) are
    left out: the encoding states every rule, so SAT rejects what they would.
    """
    rung = tuple(rule for rule in kind.ladder.rules(kind.hybrid_rung) if not rule.check)
    return rung + tuple(kind.hybrid_extra)


@dataclass
class SatReport(CountResult[Rows]):
    """The outcome of a SAT (or hybrid) count; ``seconds`` is the total
    (propagation, encoding and solving), ``solve_seconds`` the SAT solver loop's."""

    engine: str  # "sat", "hybrid", or "auto" (the default solve, after the ladder)
    solve_seconds: float
    calls: int
    cuts: int
    variables: int
    clauses: int
    rung: str | None = field(default=None, kw_only=True)  # auto: the rung run first

    def as_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        """The solve answer, as the rung engine's but with the encoding's facts."""
        rung = {} if self.rung is None else {"rules": self.rung, "solved_by": "search"}
        return {
            **answers_json(kind, puzzle, self, self.engine),
            **rung,
            "solve_seconds": round(self.solve_seconds, 6),
            "variables": self.variables,
            "clauses": self.clauses,
            "solver_calls": self.calls,
            "cuts": self.cuts,
        }


def plain_encoding(kind: PuzzleKind[Any], puzzle: Any) -> Encoding:
    """The CNF of the bare puzzle."""
    return kind.encode(puzzle, None)


def hybrid_encoding(kind: PuzzleKind[Any], puzzle: Any) -> Encoding | None:
    """The CNF of what :func:`hybrid_rules` leave open, or None when they prove
    the puzzle has no answer: by the face's ``hybrid_encoder`` when it has
    one, else from the untouched state propagated."""
    own = kind.hybrid_encoder
    if own is not None:
        return own(puzzle)
    state = kind.initial_state(puzzle)
    try:
        propagate(state, hybrid_rules(kind))
    except Contradiction:
        return None
    return kind.encode(puzzle, state)


def count(kind: PuzzleKind[Any], puzzle: Any, limit: int = 2, engine: str = "sat") -> SatReport:
    """Count answers up to ``limit`` with the plain SAT encoding or the hybrid."""
    if engine not in ("sat", "hybrid"):
        raise ValueError(f"unknown SAT engine {engine!r}")
    load_solver()  # before the clock: ``seconds`` is the count's, not the import's
    started = time.perf_counter()
    encoding = hybrid_encoding(kind, puzzle) if engine == "hybrid" else plain_encoding(kind, puzzle)
    if encoding is None:  # propagation proved there is no answer
        return _empty(engine, limit, started)
    return _sat_report(kind, puzzle, encoding, limit, engine, started)


def _empty(engine: str, limit: int, started: float) -> SatReport:
    seconds = time.perf_counter() - started
    return SatReport(0, limit, True, [], seconds, engine, 0.0, 0, 0, 0, 0)


def count_default(
    kind: PuzzleKind[Any], puzzle: Any, limit: int = 2, rung: str | None = None
) -> Report | SatReport:
    """The default solve: ``rung`` (default the face's ``default_rung``, the
    top unless the type says otherwise) to its fixpoint, then SAT.

    A board the ladder finishes or refutes is answered as the rung engine
    answers it (``solved_by`` the rung, no search); one it leaves open is
    counted by SAT from the propagated state (``solved_by`` "search", the
    search being the solver's), so no board waits on the rung engine's
    search. ``seconds`` covers both, as every engine's does.
    """
    rung = rung or kind.default_rung
    load_solver()  # before the clock, as in :func:`count`
    started = time.perf_counter()
    state = kind.initial_state(puzzle)
    try:
        propagate(state, kind.ladder.rules(rung))
    except Contradiction:
        return _ladder_report(kind, puzzle, limit, rung, [], started)
    if state.is_solved():
        grids = [kind.solution_rows(puzzle, state)]
        return _ladder_report(kind, puzzle, limit, rung, grids, started)
    encoding = kind.encode(puzzle, state)
    return _sat_report(kind, puzzle, encoding, limit, "auto", started, rung=rung)


def _sat_report(
    kind: PuzzleKind[Any],
    puzzle: Any,
    encoding: Encoding,
    limit: int,
    engine: str,
    started: float,
    rung: str | None = None,
) -> SatReport:
    """Count ``encoding``'s answers, re-check them and report, timed from ``started``."""
    result = count_models(encoding, limit)
    check_answers(kind, puzzle, result.solutions, engine)
    return SatReport(
        count=result.count,
        limit=limit,
        exhaustive=result.exhaustive,
        solutions=result.solutions,
        seconds=time.perf_counter() - started,
        engine=engine,
        solve_seconds=result.seconds,
        calls=result.calls,
        cuts=result.cuts,
        variables=encoding.variables,
        clauses=len(encoding.clauses),
        rung=rung,
    )


def _ladder_report(
    kind: PuzzleKind[Any], puzzle: Any, limit: int, rung: str, grids: list[Rows], started: float
) -> Report:
    """The default solve's answer when the ladder alone decided: no answer, or the one
    it finished (re-checked), as the rung engine reports the same board."""
    check_answers(kind, puzzle, grids, f"rung {rung}")
    return Report(
        count=len(grids),
        limit=limit,
        exhaustive=True,
        solutions=grids,
        seconds=time.perf_counter() - started,
        branch_points=0,
        nodes=1,
        solved_by=rung if grids else "search",
        trace=None,
        rung=rung,
        engine="auto",
    )
