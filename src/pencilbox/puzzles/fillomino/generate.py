"""Make new Fillomino puzzles: partition, carve, grade.

1. **Partition**: grow a random valid answer, regions of assorted sizes
   with no two of one size touching (:mod:`.partition`).
2. **Carve**: start from every cell given and take givens off, round the
   regions (:mod:`.carving`, style ``spread``), while the answer stays the
   only one. "Only answer" is asked of one SAT solver kept for the whole
   carve (:class:`.oracle.AnswerOracle`). The mode names a rung that must
   also finish the board alone after each removal (so the puzzle's grade is
   that rung or a cheaper one), or is ``minimal``: uniqueness alone, the
   fewest givens and the hardest puzzles.
3. **Grade** the result through the face (:func:`pencilbox.solving.grade`),
   which counts it again with the rungs and search, sharing nothing with
   the oracle; a puzzle the rungs do not find unique is an error.

Everything random comes from the ``random.Random`` passed in and no
decision reads the clock, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ...engine import Rule, propagate
from ...errors import PuzzleError
from ...kind import Generated, PuzzleKind
from .carving import Other, carve
from .ladder import LADDER
from .model import Fillomino, build
from .oracle import AnswerOracle
from .partition import DEFAULT_MIX, grow
from .state import new_state

MINIMAL = "minimal"
MODES = ("reach", "closed", "way-out", "placements", MINIMAL)
"""The first is the default: quick, and its puzzles a person can finish by reasoning."""
STYLE = "spread"
"""The carving style (measured against the others in ``stats.json``)."""
MIN_SIDE = 2
MAX_SIDE = 20


def finishing(rows: int, cols: int, rules: Sequence[Rule], sat: Other) -> Other:
    """An oracle that also wants ``rules`` alone to finish the board: the SAT
    answer first (another answer means no rule can finish), then the rules."""

    def other(givens: Sequence[int]) -> Sequence[int] | None:
        found = sat(givens)
        if found is not None:
            return found
        state = new_state(build(rows, cols, givens))
        propagate(state, rules)  # the answer agrees with the givens: no contradiction
        return None if state.is_solved() else ()

    return other


def check_arguments(rows: int, cols: int, mode: str) -> None:
    if mode not in MODES:
        raise PuzzleError(f"unknown generation mode {mode!r}; choose from {', '.join(MODES)}")
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"can generate Fillomino from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}, "
            f"not {rows}x{cols}"
        )


def make(
    rng: random.Random, rows: int, cols: int, mode: str, mix: str = DEFAULT_MIX
) -> tuple[Fillomino, list[list[int]], dict[str, int]]:
    """Partition and carve once: the unique board, its answer and the carve's facts."""
    partition = grow(rng, rows, cols, mix)
    with AnswerOracle(rows, cols, partition.sizes) as oracle:
        other: Other = oracle.other
        if mode != MINIMAL:
            other = finishing(rows, cols, LADDER.rules(mode), other)
        carved = carve(rng, partition.sizes, partition.regions, other, STYLE)
        facts = {
            "regions": len(partition.regions),
            "merges": partition.merges,
            "questions": carved.questions,
            "solver_calls": oracle.calls,
            "cuts": oracle.cuts,
            "added": carved.added,
        }
    return build(rows, cols, carved.givens), partition.solution, facts


def generate(
    kind: PuzzleKind[Fillomino], rng: random.Random, rows: int, cols: int, mode: str = MODES[0]
) -> Generated[Fillomino]:
    """A new unique Fillomino of ``rows`` × ``cols`` with its solution, graded by
    ``kind`` (the Fillomino face, handed in by the face itself).

    ``info`` holds ``mode``, ``givens``, ``regions``, ``merges`` (regions
    joined to make the partition valid), ``questions`` (uniqueness questions
    the carve asked), ``solver_calls``, ``cuts``, ``added`` (givens a sparse
    start needed), ``grade`` (as :meth:`Grade.as_json`) and ``seconds``.
    """
    from ... import solving

    check_arguments(rows, cols, mode)
    started = time.perf_counter()
    puzzle, solution, facts = make(rng, rows, cols, mode)
    grade = solving.grade(kind, puzzle)
    if not grade.unique:  # the oracle and the rungs disagree: one of them is wrong
        raise AssertionError(f"generated puzzle is not unique by the rungs: {grade.label}")
    info = {
        "mode": mode,
        "givens": puzzle.given_count,
        **facts,
        "grade": grade.as_json(),
        "seconds": round(time.perf_counter() - started, 4),
    }
    return Generated(puzzle, solution, info)
