"""What the generator asks of a board: no answer, one (which), or more (where).

A walk (see :mod:`.generate`) asks this of every region-clean board it
visits, thousands of times per 12x12 puzzle, so the question is kept small:
at most two answers, and for an ambiguous board the cells where they
differ. Those cells are the walk's measure of *how* ambiguous the board is
and where its moves aim, so the two answers are chosen **far apart**: the
second is looked for with every choice steered away from the first. Two
answers found one after the other by a plain search are neighbours -- they
differ in the last choice made, typically one 2x3 block cut into two Ls
either way -- and a board with hundreds of answers then looks six cells
from unique (measured: walks stalled on such boards for hundreds of moves;
see ``docs/heteromino-notes.md``).

Three oracles give the same verdicts (tested) by different means:

* :func:`hybrid_verdict` and :func:`sat_verdict` -- the kind's SAT encoding
  (:mod:`.cnf`) and CaDiCaL, the hybrid one (``fit`` and the encoder's
  one-piece lookahead first: only live pieces get variables) or the plain
  one (every piece on white cells). Both ask :func:`far_answers`: one solve
  for an answer A; then a fresh solver with A blocked and every placement's
  preferred phase the opposite of A's, which finds no answer (A was unique)
  or one far from A.
* :func:`rungs_verdict` -- engine 1: the ``region`` rung on the untouched
  board, then ``fit`` plus search counting to 2; the far answer is the
  search's last, values tried in reverse order.

Each oracle is handed the face it counts through (the generator's kind), and
the board. The generator uses :data:`ORACLE` (``"hybrid"``): SAT was as fast
as the rungs on average on the boards 12x12 walks visit and far steadier
(the rung search took up to seconds on boards that are nearly unsolvable,
which the walk visits often), and the hybrid encoding then beat the plain
one end to end (the figures are in ``docs/heteromino-notes.md``). The rungs
still grade every puzzle the walk returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import Contradiction, State, count_solutions, propagate
from ...kind import PuzzleKind, Rows
from .ladder import LADDER
from .model import Heteromino

if TYPE_CHECKING:  # the SAT package is loaded only when a SAT oracle is asked for
    from ...sat.core import Encoding

Kind = PuzzleKind[Heteromino]  # the face an oracle counts through

ORACLE = "hybrid"


@dataclass(frozen=True)
class Verdict:
    """``count`` is 0, 1 or 2 (2: at least two). ``solution``: the answer when
    unique. ``differ``: cells whose piece differs between two answers far apart."""

    count: int
    solution: Rows | None = None
    differ: tuple[int, ...] = ()


def cell_pieces(rows: Rows) -> list[tuple[int, ...]]:
    """For each cell, the cells of the piece covering it (``()`` for black)."""
    groups: dict[int, list[int]] = {}
    flat = [number for row in rows for number in row]
    for cell, number in enumerate(flat):
        if number:
            groups.setdefault(number, []).append(cell)
    pieces = {number: tuple(cells) for number, cells in groups.items()}
    return [pieces[number] if number else () for number in flat]


def differing_cells(first: Rows, second: Rows) -> tuple[int, ...]:
    """The cells covered by different pieces in two answers."""
    return tuple(
        cell
        for cell, (a, b) in enumerate(zip(cell_pieces(first), cell_pieces(second), strict=True))
        if a != b
    )


# -- SAT ---------------------------------------------------------------------------


def sat_verdict(kind: Kind, puzzle: Heteromino) -> Verdict:
    """The verdict by SAT on the plain encoding (see the module text)."""
    return far_verdict(kind.encode(puzzle, None))


def hybrid_encoding(kind: Kind, puzzle: Heteromino) -> Encoding | None:
    """The hybrid encoding: ``fit`` and the encoder's one-piece lookahead
    first, then only the live pieces get variables (None: ``fit`` found no
    answer)."""
    from ... import counting

    found: Encoding | None = counting.hybrid_encoding(kind, puzzle)
    return found


def hybrid_verdict(kind: Kind, puzzle: Heteromino) -> Verdict:
    """The verdict by SAT on :func:`hybrid_encoding`."""
    encoding = hybrid_encoding(kind, puzzle)
    return Verdict(0) if encoding is None else far_verdict(encoding)


def far_verdict(encoding: Encoding) -> Verdict:
    """The verdict from :func:`far_answers`."""
    answers = far_answers(encoding)
    if len(answers) < 2:
        return Verdict(len(answers), answers[0] if answers else None)
    return Verdict(2, None, differing_cells(*answers))


def far_answers(encoding: Encoding) -> tuple[Rows, ...]:
    """No answer, the one answer, or an answer A and one far from A.

    The key holds every piece that differs between answers (pieces the
    hybrid drew are in every answer), so blocking and steering only the key
    asks the same of the hybrid's encoding as of the plain one.

    The second solve needs a fresh solver: the same solver, given the
    blocking clause and the same phases, found answers about a third as far
    apart (12x12 walk boards: 27-39 differing cells against 78), and the
    walk aims its moves by that distance (see the module text).
    """
    from pysat.solvers import Solver  # lazy: a native library

    from ...sat.core import SOLVER

    key = list(encoding.key)
    with Solver(name=SOLVER, bootstrap_with=encoding.clauses) as solver:
        if not solver.solve():
            return ()
        first = {literal for literal in solver.get_model() or [] if literal > 0}
    answer = encoding.decode(first)
    if not key:  # everything drawn before the solver: the one answer
        return (answer,)
    # Every placement of the first answer blocked together; every placement
    # preferring the value it does not have there.
    away = [-v if v in first else v for v in key]
    with Solver(name=SOLVER, bootstrap_with=[*encoding.clauses, away]) as solver:
        solver.set_phases(away)
        if not solver.solve():
            return (answer,)
        second = {literal for literal in solver.get_model() or [] if literal > 0}
    return answer, encoding.decode(second)


# -- the rungs ------------------------------------------------------------------------

ROOT_RULES = LADDER.rules("region")
SEARCH_RULES = LADDER.rules("fit")
"""Engine 1 as an oracle: ``region``'s pocket pruning on the untouched board
proves most unsolvable boards unsolvable at once (``fit`` alone searched up
to seconds), then ``fit`` is the cheapest rung per search node."""


def last_answer(root: State) -> State | None:
    """The answer a depth-first search meets first when it tries every
    variable's values from the highest down: the one farthest, in search
    order, from the answer ``count_solutions`` meets first."""
    stack = [root]
    while stack:
        node = stack.pop()
        var = node.choose()
        if var is None:
            return node
        values = node.domains[var]
        while values:  # lowest first onto the stack, so the highest is tried first
            low = values & -values
            values ^= low
            child = node.copy()
            try:
                child.fix(var, low)
                propagate(child, SEARCH_RULES)
            except Contradiction:
                continue
            stack.append(child)
    return None


def rungs_verdict(kind: Kind, puzzle: Heteromino) -> Verdict:
    """The verdict by engine 1 (see the module text)."""
    state = kind.initial_state(puzzle)
    try:
        propagate(state, ROOT_RULES)
    except Contradiction:
        return Verdict(0)
    found = count_solutions(state, SEARCH_RULES, limit=2).solutions
    if not found:
        return Verdict(0)
    answer = kind.solution_rows(puzzle, found[0])
    if len(found) == 1:
        return Verdict(1, answer)
    far = last_answer(state)
    assert far is not None  # the board has answers
    if far.domains == found[0].domains:
        far = found[1]
    return Verdict(2, None, differing_cells(answer, kind.solution_rows(puzzle, far)))


Oracle = Callable[[Kind, Heteromino], Verdict]

ORACLES: dict[str, Oracle] = {
    "sat": sat_verdict,
    "hybrid": hybrid_verdict,
    "rungs": rungs_verdict,
}
