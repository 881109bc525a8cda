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

The board's geometry (blocks, king-neighbour pairs) depends only on the
partition, so it is worked out once per partition and cached (a generator
asks about one partition with many sets of givens); clauses are built from
flat lists indexed by ``cell * stride + digit`` rather than dict lookups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine import State
from ..kind import Rows
from ..puzzles.suguru.model import REMOVED, Suguru
from .core import Clause, Encoding, Pool, at_most_one

HYBRID_RUNG = "singles"
"""The rung the hybrid runs before encoding, chosen by ``benchmarks/sat_small.py
--sweep``: singles already writes every cell of most published boards, and
witness, though it finishes a few more, costs more than the SAT it saves."""


@dataclass(frozen=True)
class Geometry:
    """What the encoder reads about a partition; independent of the givens."""

    cells: int
    stride: int  # one more than the largest block size: digit d of cell c is c*stride+d
    size: tuple[int, ...]  # block size per cell, 0 for removed cells
    live: tuple[int, ...]
    block_of: tuple[int, ...]
    blocks: tuple[tuple[int, ...], ...]
    # per cell: its live king-move neighbours after it in reading order in
    # other blocks (a block-mate's clash clauses are the block's own), each
    # with the number of digits both can hold
    ahead: tuple[tuple[tuple[int, int], ...], ...]


@lru_cache(maxsize=64)
def geometry(rows: int, cols: int, blocks: tuple[int, ...]) -> Geometry:
    """The partition's geometry, built once (a generator asks for it per carve step)."""
    count = max(blocks, default=-1) + 1
    members: list[list[int]] = [[] for _ in range(count)]
    for cell, block in enumerate(blocks):
        if block != REMOVED:
            members[block].append(cell)
    size = [0] * (rows * cols)
    for group in members:
        for cell in group:
            size[cell] = len(group)
    ahead: list[tuple[tuple[int, int], ...]] = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        found = []
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, c + dc
            other = rr * cols + cc
            if size[cell] and 0 <= rr < rows and 0 <= cc < cols and size[other]:
                if blocks[other] == blocks[cell]:
                    continue
                found.append((other, min(size[cell], size[other])))
        ahead.append(tuple(found))
    return Geometry(
        cells=rows * cols,
        stride=max(size, default=0) + 1,
        size=tuple(size),
        live=tuple(cell for cell in range(rows * cols) if size[cell]),
        block_of=blocks,
        blocks=tuple(tuple(group) for group in members),
        ahead=tuple(ahead),
    )


def encode(puzzle: Suguru, state: State | None) -> Encoding:
    """CNF for ``puzzle``, or for what ``state`` (a propagated state of it) leaves open."""
    rows, cols = puzzle.rows, puzzle.cols
    if state is not None and getattr(state, "written", 0) == (1 << rows * cols) - 1:
        return _settled(puzzle, state)
    geo = geometry(rows, cols, puzzle.blocks)
    stride = geo.stride
    size = geo.size
    givens = puzzle.givens
    # lit[cell * stride + digit]: the variable, 0 when the digit is out (or the cell written)
    lit = [0] * (geo.cells * stride)
    fixed = [0] * geo.cells  # the digit of a written cell, left out of the CNF
    domains = state.domains if state is not None else None
    written: int = getattr(state, "written", 0) if state is not None else 0
    top = 0
    clauses: list[Clause] = []
    open_cells: list[int] = []
    owners: list[tuple[int, int, int]] = []  # (variable, cell, digit), for decoding
    for cell in geo.live:
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
    block_of = geo.block_of
    for number in sorted({block_of[cell] for cell in open_cells}):
        block = geo.blocks[number]
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
    ahead = geo.ahead
    for a in open_cells:
        base_a = a * stride
        for b, shared in ahead[a]:
            base_b = b * stride
            for digit in range(1, shared + 1):
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
