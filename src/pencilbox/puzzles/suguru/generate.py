"""Make new Suguru puzzles: partition, fill, carve.

1. **Partition** -- grow a compact block partition (:mod:`.partition`).
2. **Fill** -- find a random filling with a randomised depth-first search over
   the witness rung's state (random branching order and digit order). Most
   partitions have no filling at all, so a search that proves there is none,
   or that runs past ``FILL_BUDGET`` nodes, just moves on to a new partition.
3. **Carve** -- start from the full grid and try to delete each given once,
   in random order. ``minimal`` keeps a deletion while the puzzle stays
   unique; ``solvable`` (the default) also needs the witness rung alone to
   finish the board, so a hint never runs dry. Both results are minimal for
   their test: deleting any more givens only loses information, so a given
   that was needed when tried is still needed at the end. Each try first
   propagates the witness rung; when that does not finish, ``minimal`` asks
   the SAT engine whether what is left has one answer (see
   :meth:`Carver.unique_beyond`).

Everything random comes from the ``random.Random`` passed in, and no decision
depends on the clock, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine import Contradiction, count_solutions, propagate
from ...errors import PuzzleError
from ...grid import members
from ...kind import Generated, PuzzleKind
from ...sat.core import count_models
from .cnf import encode
from .ladder import LADDER
from .model import Suguru, build
from .partition import DEFAULT_TARGETS, MAX_SIZE, grow, too_many_blocks
from .state import SuguruState, new_state

MODES = ("solvable", "minimal")
FILL_BUDGET = 2_000
"""Search nodes a fill may spend on one partition before we try another.

Satisfiable partitions are filled in a few dozen nodes; the rare partition
that needs thousands is almost always one with no filling at all.
"""
MAX_ATTEMPTS = 5_000
MAX_SIDE = 20

WITNESS_RULES = LADDER.rules("witness")


@dataclass(frozen=True)
class Filled:
    """A givens-free board with one filling of it."""

    board: Suguru
    solution: tuple[int, ...]  # the digit of each cell
    attempts: int  # partitions grown, the successful one included
    fill_nodes: int  # search nodes spent on all of them


class _OutOfBudget(Exception):
    pass


def random_fill(
    rng: random.Random, board: Suguru, budget: int = FILL_BUDGET
) -> tuple[tuple[int, ...] | None, int, bool]:
    """Search for one random filling of ``board``'s blank cells.

    Returns (solution or None, nodes used, exhaustive). ``exhaustive`` is
    True when the search ran to its end, so None then means "no filling".
    """
    root = new_state(board)
    spent = [1]
    try:
        propagate(root, WITNESS_RULES)
    except Contradiction:
        return None, 1, True
    try:
        found = _search(rng, root, spent, budget)
    except _OutOfBudget:
        return None, spent[0], False
    if found is None:
        return None, spent[0], True
    return tuple(d.bit_length() for d in found.domains), spent[0], True


def _search(
    rng: random.Random, state: SuguruState, spent: list[int], budget: int
) -> SuguruState | None:
    var = _choose(rng, state)
    if var is None:
        return state
    digits = list(members(state.domains[var]))
    rng.shuffle(digits)
    for digit in digits:
        if spent[0] >= budget:
            raise _OutOfBudget
        spent[0] += 1
        child = state.copy()
        try:
            child.fix(var, 1 << digit)
            propagate(child, WITNESS_RULES)
        except Contradiction:
            continue
        found = _search(rng, child, spent, budget)
        if found is not None:
            return found
    return None


def _choose(rng: random.Random, state: SuguruState) -> int | None:
    """An open cell with the fewest digits left, drawn at random among ties."""
    best: list[int] = []
    fewest = 1 << 30
    for cell, dom in enumerate(state.domains):
        if dom & (dom - 1):
            n = dom.bit_count()
            if n < fewest:
                best, fewest = [cell], n
            elif n == fewest:
                best.append(cell)
    return rng.choice(best) if best else None


def make_filled(
    rng: random.Random,
    rows: int,
    cols: int,
    *,
    max_size: int = MAX_SIZE,
    targets: Mapping[int, float] = DEFAULT_TARGETS,
) -> Filled:
    """Grow compact partitions until one gets a filling (steps 1 and 2)."""
    nodes = 0
    for attempt in range(1, MAX_ATTEMPTS + 1):
        partition = grow(rng, rows, cols, "compact", max_size=max_size, targets=targets)
        if too_many_blocks(partition):
            continue  # more blocks than non-touching 1s: no filling
        board = build(rows, cols, partition.blocks, [0] * (rows * cols))
        solution, used, _ = random_fill(rng, board)
        nodes += used
        if solution is not None:
            return Filled(board, solution, attempt, nodes)
    raise RuntimeError(f"no fillable {rows}x{cols} partition in {MAX_ATTEMPTS} attempts")


class Carver:
    """Tests a set of givens on one board; shares the board's tables and cache."""

    oracle = "sat"
    """How carving asks "still unique?" once the witness rung is stuck: ``"sat"``
    (the faster; see :meth:`unique_beyond`) or ``"rungs"`` (witness + search),
    kept so that ``benchmarks/sat_small.py --generator`` can time both."""

    def __init__(self, board: Suguru) -> None:
        self.board = board.with_givens([0] * len(board.givens))
        # Propagating the empty board once is sound to reuse: anything it
        # proves holds for every set of givens.
        self.base = new_state(self.board)
        propagate(self.base, WITNESS_RULES)

    def state_with(self, givens: Sequence[int]) -> SuguruState:
        state = self.base.copy()
        for cell, digit in enumerate(givens):
            if digit:
                state.fix(cell, 1 << (digit - 1))
                state.write(cell)
        return state

    def settled(self, givens: Sequence[int]) -> SuguruState | None:
        """The witness rung's fixpoint with ``givens`` (None: they contradict)."""
        try:
            state = self.state_with(givens)
            propagate(state, WITNESS_RULES)
        except Contradiction:
            return None
        return state

    def unique(self, givens: Sequence[int]) -> bool:
        """Exactly one solution."""
        state = self.settled(givens)
        return state is not None and self.unique_beyond(state)

    def unique_beyond(self, state: SuguruState) -> bool:
        """Exactly one solution agrees with ``state``, a witness fixpoint.

        Asked of the SAT engine, handed only what the fixpoint left open
        (the hybrid's idea, with the fixpoint carving computes anyway): much
        faster than witness + search, the more so the more cells are open
        (the figures are in ``docs/suguru-notes.md``). The rungs still grade
        every finished puzzle.
        """
        if self.oracle == "rungs":
            return count_solutions(state, WITNESS_RULES, limit=2).unique
        found = count_models(encode(self.board, state), 2)
        return found.exhaustive and found.count == 1

    def carve(self, rng: random.Random, solution: Sequence[int], mode: str) -> tuple[int, ...]:
        """Delete givens from the full ``solution`` in random order (step 3)."""
        check_mode(mode)
        givens = list(solution)
        order = list(range(len(givens)))
        rng.shuffle(order)
        for cell in order:
            digit = givens[cell]
            givens[cell] = 0
            state = self.settled(givens)
            if state is not None:
                if state.is_solved():
                    continue  # fast path: a finished propagation proves uniqueness
                if mode == "minimal" and self.unique_beyond(state):
                    continue
            givens[cell] = digit
        return tuple(givens)


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise PuzzleError(f"unknown generation mode {mode!r}; choose from {', '.join(MODES)}")


def check_size(rows: int, cols: int) -> None:
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"can generate boards from 1x1 to {MAX_SIDE}x{MAX_SIDE}, not {rows}x{cols}"
        )


def generate(
    kind: PuzzleKind[Suguru], rng: random.Random, rows: int, cols: int, mode: str = "solvable"
) -> Generated[Suguru]:
    """A new unique puzzle of ``rows`` × ``cols`` with its solution, graded by
    ``kind`` (the Suguru face, handed in by the face itself).

    ``info`` holds ``partition_attempts``, ``fill_nodes``, ``givens``, ``grade``
    (as :meth:`Grade.as_json`), ``blocks`` and ``seconds``.
    """
    from ... import solving

    check_mode(mode)
    check_size(rows, cols)
    started = time.perf_counter()
    filled = make_filled(rng, rows, cols)
    givens = Carver(filled.board).carve(rng, filled.solution, mode)
    puzzle = filled.board.with_givens(givens)
    grade = solving.grade(kind, puzzle)
    if not grade.unique:  # cannot happen unless the rungs are unsound
        raise AssertionError(f"generated puzzle is not unique: {grade.label}")
    solution = [list(filled.solution[r * cols : (r + 1) * cols]) for r in range(rows)]
    info = {
        "mode": mode,
        "partition_attempts": filled.attempts,
        "fill_nodes": filled.fill_nodes,
        "blocks": puzzle.block_count,
        "givens": puzzle.given_count,
        "grade": grade.as_json(),
        "seconds": round(time.perf_counter() - started, 4),
    }
    return Generated(puzzle, solution, info)
