"""Suguru as CNF: a variable per live cell and digit still possible.

Exactly one digit per cell; in a block of n cells each digit 1..n at most
once (and, redundantly, at least once: pigeonhole makes it true and the
solver propagates better with it); king-move neighbours never share a
digit; givens are units. Given a propagated state, only digits still in a
cell's domain get a variable, so settled cells cost nothing.
"""

from __future__ import annotations

from ..engine import State
from ..kind import Rows
from ..puzzles.suguru.model import REMOVED, Suguru
from .core import Clause, Encoding, Pool, at_most_one, exactly_one

HYBRID_RUNG = "singles"
"""The rung the hybrid runs before encoding (chosen by benchmarks/sat.py)."""


def encode(puzzle: Suguru, state: State | None) -> Encoding:
    rows, cols = puzzle.rows, puzzle.cols
    sizes = {}
    for cells in puzzle.block_cells:
        for cell in cells:
            sizes[cell] = len(cells)
    pool = Pool()
    var: dict[tuple[int, int], int] = {}
    clauses: list[Clause] = []
    for cell in range(rows * cols):
        if puzzle.blocks[cell] == REMOVED:
            continue
        allowed = (1 << sizes[cell]) - 1
        if state is not None:
            allowed &= state.domains[cell]
        given = puzzle.givens[cell]
        if given:
            allowed &= 1 << (given - 1)
        for digit in range(1, sizes[cell] + 1):
            if allowed >> (digit - 1) & 1:
                var[cell, digit] = pool.new()
    key = list(range(1, pool.top + 1))
    for cell in range(rows * cols):
        if puzzle.blocks[cell] != REMOVED:
            lits = [var[cell, d] for d in range(1, sizes[cell] + 1) if (cell, d) in var]
            clauses.extend(exactly_one(lits, pool))
    for cells in puzzle.block_cells:
        for digit in range(1, len(cells) + 1):
            lits = [var[cell, digit] for cell in cells if (cell, digit) in var]
            clauses.append(lits)
            clauses.extend(at_most_one(lits, pool))
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < rows and 0 <= cc < cols):
                continue
            other = rr * cols + cc
            for digit in range(1, sizes.get(cell, 0) + 1):
                a, b = var.get((cell, digit)), var.get((other, digit))
                if a and b:
                    clauses.append([-a, -b])

    def decode(true: set[int]) -> Rows:
        values = [0] * (rows * cols)
        for (cell, digit), v in var.items():
            if v in true:
                values[cell] = digit
        return [values[r * cols : (r + 1) * cols] for r in range(rows)]

    return Encoding(clauses=clauses, key=key, decode=decode, variables=pool.top)
