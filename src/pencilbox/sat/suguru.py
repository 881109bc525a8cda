"""Suguru as CNF: a variable per open cell and digit still possible.

Each cell holds at least one digit; in a block each digit is held at most
once and at least once; king-move neighbours in different blocks never
share a digit; givens are units (a given cell gets one variable). That is
the whole rule set with the clauses that only repeat others left out:

* "a cell holds at most one digit" follows by pigeonhole (a block of n
  cells holds each of its n digits exactly once, and every cell holds one);
* neighbours in the same block are already kept apart by the block's
  at-most-once clauses (the same binary clauses).

Fewer clauses matter here: on boards this small, building the clauses in
Python and loading them into the solver costs more than solving.

Given a propagated state (the hybrid), only digits still in a cell's domain
get a variable, and cells the rungs have *written* (settled, and their digit
already cleared from every block-mate and king neighbour: the invariant of
:class:`~pencilbox.puzzles.suguru.rules.SuguruState`) get none at all:
nothing an open cell can still take clashes with them, so they need no
clause. When the rungs wrote every cell the encoding is empty and the
solver only confirms the one answer.

Clauses are built from flat lists indexed by ``cell * stride + digit``
rather than dict lookups, and king-move neighbours are looked up only for
open cells. (A per-partition cache of the board's geometry was measured and
dropped: no faster, even for the generator's many questions about one
partition.)
"""

from __future__ import annotations

from ..engine import State
from ..kind import Rows
from ..puzzles.suguru.model import REMOVED, Suguru
from .core import Clause, Encoding, Pool, at_most_one

HYBRID_RUNG = "singles"
"""The rung the hybrid runs before encoding, chosen by ``benchmarks/sat_small.py
--sweep``: singles writes every cell of 15 of the 29 shared boards and witness
of 27, but witness costs more than the SAT it saves (after the cheaper board
tables: totals 13.2 vs 20.3 ms CPU, the 6x16 1.5 vs 2.5 ms; the hybrid is
then 0.46 of plain SAT over the 29 boards, its worst board 0.95)."""


# the king-move neighbours after a cell in reading order: right, and the row below
_AHEAD = ((0, 1), (1, -1), (1, 0), (1, 1))


def encode(puzzle: Suguru, state: State | None) -> Encoding:
    """CNF for ``puzzle``, or for what ``state`` (a propagated state of it) leaves open."""
    rows, cols = puzzle.rows, puzzle.cols
    if state is not None and getattr(state, "written", 0) == (1 << rows * cols) - 1:
        return _settled(puzzle, state)
    blocks = puzzle.blocks
    block_cells = puzzle.block_cells
    size = [0 if block == REMOVED else len(block_cells[block]) for block in blocks]
    stride = max(size, default=0) + 1
    givens = puzzle.givens
    # lit[cell * stride + digit]: the variable, 0 when the digit is out (or the cell written)
    lit = [0] * (rows * cols * stride)
    fixed = [0] * (rows * cols)  # the digit of a written cell, left out of the CNF
    domains = state.domains if state is not None else None
    written: int = getattr(state, "written", 0) if state is not None else 0
    top = 0
    clauses: list[Clause] = []
    open_cells: list[int] = []
    owners: list[tuple[int, int, int]] = []  # (variable, cell, digit), for decoding
    for cell in range(rows * cols):
        if not size[cell]:
            continue
        allowed = (1 << size[cell]) - 1
        if domains is not None:
            allowed &= domains[cell]
            if written >> cell & 1 and allowed and not allowed & (allowed - 1):
                # written: its digit is gone from every peer, so no clause needs it
                fixed[cell] = allowed.bit_length()
                continue
        given = givens[cell]
        if given:
            allowed &= 1 << (given - 1)
        if not allowed:
            return _unsatisfiable(rows, cols)
        open_cells.append(cell)
        base = cell * stride
        cell_lits = []
        digit = 1
        while allowed:
            if allowed & 1:
                top += 1
                lit[base + digit] = top
                cell_lits.append(top)
                owners.append((top, cell, digit))
            allowed >>= 1
            digit += 1
        clauses.append(cell_lits)  # at least one; "at most one" follows (see the top)
    variables = top
    pool = Pool()
    pool.top = top
    for number in sorted({blocks[cell] for cell in open_cells}):
        block = block_cells[number]
        taken = {fixed[cell] for cell in block}  # written digits: cleared from the rest
        for digit in range(1, len(block) + 1):
            if digit in taken:
                continue
            lits = [v for cell in block if (v := lit[cell * stride + digit])]
            clauses.append(lits)
            k = len(lits)
            if k <= 6:
                for i in range(k - 1):
                    neg = -lits[i]
                    for j in range(i + 1, k):
                        clauses.append([neg, -lits[j]])
            else:
                clauses.extend(at_most_one(lits, pool))
    # king-move neighbours in other blocks (block-mates are the block's clauses);
    # only open cells have variables, so only they are looked at
    for a in open_cells:
        row, col = divmod(a, cols)
        mine = blocks[a]
        base_a = a * stride
        for dr, dc in _AHEAD:
            r, c = row + dr, col + dc
            if not (r < rows and 0 <= c < cols):
                continue
            b = r * cols + c
            if blocks[b] == mine or not size[b]:
                continue
            base_b = b * stride
            for digit in range(1, min(size[a], size[b]) + 1):
                x = lit[base_a + digit]
                if x:
                    y = lit[base_b + digit]
                    if y:
                        clauses.append([-x, -y])

    def decode(true: set[int]) -> Rows:
        values = fixed.copy()
        for v, cell, digit in owners:
            if v in true:
                values[cell] = digit
        return [values[r * cols : (r + 1) * cols] for r in range(rows)]

    return Encoding(clauses=clauses, key=range(1, variables + 1), decode=decode, variables=pool.top)


def _settled(puzzle: Suguru, state: State) -> Encoding:
    """Every cell written by the rungs: no clause at all, the one answer read off the state."""
    cols = puzzle.cols
    values = [
        0 if block == REMOVED else dom.bit_length()
        for block, dom in zip(puzzle.blocks, state.domains, strict=True)
    ]
    grid = [values[r * cols : (r + 1) * cols] for r in range(puzzle.rows)]
    return Encoding(clauses=[], key=[], decode=lambda true: grid, variables=0)


def _unsatisfiable(rows: int, cols: int) -> Encoding:
    """No answer: a cell (or a given) has no digit left."""
    return Encoding(
        clauses=[[]],
        key=[],
        decode=lambda true: [[0] * cols for _ in range(rows)],
        variables=0,
    )
