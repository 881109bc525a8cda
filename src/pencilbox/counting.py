"""SAT-backed counting over the face: the plain CNF or the hybrid (python-sat, CaDiCaL 1.9.5).

``count(kind, puzzle, limit, engine="sat")`` encodes the bare puzzle;
``engine="hybrid"`` first runs the type's ``hybrid_rung`` (and its
``hybrid_extra`` rules) to a fixpoint and encodes only what is left (settled
cells as units, dead values dropped). Each answer is re-checked by the
type's independent checker. The rung engine stays the default everywhere
else; this is a second opinion and a fast oracle.

Each type's encoder is its face's ``encode``; the counting loop itself is
:mod:`pencilbox.sat.core`, which knows no puzzle.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .engine import Contradiction, CountResult, Rule, propagate
from .grid import Rows
from .kind import PuzzleKind
from .sat.core import Encoding, count_models, load_solver
from .solving import answers_json, check_answers


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

    engine: str  # "sat" or "hybrid"
    solve_seconds: float
    calls: int
    cuts: int
    variables: int
    clauses: int

    def as_json(self, kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Any]:
        """The solve answer, as the rung engine's but with the encoding's facts."""
        return {
            **answers_json(kind, puzzle, self, self.engine),
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
    the puzzle has no answer."""
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
    )


def _empty(engine: str, limit: int, started: float) -> SatReport:
    seconds = time.perf_counter() - started
    return SatReport(0, limit, True, [], seconds, engine, 0.0, 0, 0, 0, 0)
