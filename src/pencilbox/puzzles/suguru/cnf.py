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
:class:`~pencilbox.puzzles.suguru.state.SuguruState`) get none at all:
nothing an open cell can still take clashes with them, so they need no
clause. When the rungs wrote every cell the encoding is empty and the
solver only confirms the one answer.

The hybrid runs ``singles`` and then its own rule,
:func:`~.pointing.point_and_pair` (``HYBRID_EXTRA``: pointing, touching
pairs and singles, worked from per-digit bitsets), which settles most
boards outright.

Clauses are built from flat lists indexed by ``cell * stride + digit``
rather than dict lookups. A state's clauses (:func:`_encode_state`) are read
off the domains' bits: a cell's digits, a block's homes per digit, and for
each touching pair (from the board's per-size table) the digits both still
have. Plain SAT encodes the bare board the same way, as a state with every
digit open.
(A per-partition cache of the board's geometry was measured and dropped: no
faster, even for the generator's many questions about one partition.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import Rule, State
from ...grid import Rows
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .model import REMOVED, Suguru, later_touching
from .pointing import POINT_AND_PAIR
from .state import settled_rows

HYBRID_EXTRA: tuple[Rule, ...] = (POINT_AND_PAIR,)
"""Run after ``singles``; :mod:`.pointing` says why these deductions."""


def encode(puzzle: Suguru, state: State | None) -> Encoding:
    """CNF for ``puzzle``, or for what ``state`` (a propagated state of it) leaves open."""
    if state is None:  # plain SAT: the bare board is a state with every digit open
        return _encode_state(puzzle, _every_digit(puzzle), 0)
    written: int = getattr(state, "written", 0)
    if written == (1 << puzzle.rows * puzzle.cols) - 1:
        return _settled(puzzle, state)
    return _encode_state(puzzle, state.domains, written)


def _every_digit(puzzle: Suguru) -> list[int]:
    """Per cell, every digit its block allows (removed cells: none)."""
    block_cells = puzzle.block_cells
    return [
        0 if number == REMOVED else (1 << len(block_cells[number])) - 1 for number in puzzle.blocks
    ]


def _encode_state(puzzle: Suguru, domains: list[int], written: int) -> Encoding:
    """The CNF of what a propagated state (its ``domains`` and ``written``
    cells) leaves open; givens are units.

    Only digits still in an open cell's domain get a variable, read off the
    domain's bits; written cells (settled, their digit cleared from every
    peer) get none and need no clause; a block's digits that a written cell
    holds get none either. Touching cells share a clause per digit both
    still have (their domains ANDed), found from a per-size neighbour table.
    """
    clauses: list[Clause] = []
    found = _literals(puzzle, domains, written, clauses)
    if found is None:
        return _unsatisfiable(puzzle.rows, puzzle.cols)
    pool = Pool()
    pool.top = found.top
    _block_clauses(puzzle, found, pool, clauses)
    _touching_clauses(puzzle, found, clauses)
    return Encoding(
        clauses=clauses,
        key=range(1, found.top + 1),
        decode=_decoder(found.fixed, found.owners, puzzle.rows, puzzle.cols),
        variables=pool.top,
    )


@dataclass
class _Literals:
    """The variables of one encoding, in flat lists indexed by cell (and digit)."""

    stride: int  # the largest block size + 1: ``lit`` is indexed by ``cell * stride + digit``
    lit: list[int]  # the variable, 0 when the digit is out (or the cell written)
    fixed: list[int]  # the digit of a written cell, left out of the CNF
    allowed: list[int]  # an open cell's digits (0: written or removed)
    open_cells: list[int]
    owners: list[tuple[int, int, int]]  # (variable, cell, digit), for decoding
    top: int  # the last variable


def _literals(
    puzzle: Suguru, domains: list[int], written: int, clauses: list[Clause]
) -> _Literals | None:
    """A variable per open cell and digit it can still take, with the cell's
    at-least-one clause ("at most one" follows, see the top); None when a
    cell (or a given) has no digit left."""
    blocks, block_cells, givens = puzzle.blocks, puzzle.block_cells, puzzle.givens
    cells = puzzle.rows * puzzle.cols
    stride = max((len(members) for members in block_cells), default=0) + 1
    lit = [0] * (cells * stride)
    fixed = [0] * cells
    allowed_of = [0] * cells
    open_cells: list[int] = []
    owners: list[tuple[int, int, int]] = []
    top = 0
    for cell, number in enumerate(blocks):
        if number == REMOVED:
            continue
        allowed = domains[cell] & ((1 << len(block_cells[number])) - 1)
        if written >> cell & 1 and allowed and not allowed & (allowed - 1):
            fixed[cell] = allowed.bit_length()
            continue
        given = givens[cell]
        if given:
            allowed &= 1 << (given - 1)
        if not allowed:
            return None
        open_cells.append(cell)
        allowed_of[cell] = allowed
        base = cell * stride
        cell_lits = []
        while allowed:
            low = allowed & -allowed
            allowed ^= low
            digit = low.bit_length()
            top += 1
            lit[base + digit] = top
            cell_lits.append(top)
            owners.append((top, cell, digit))
        clauses.append(cell_lits)
    return _Literals(stride, lit, fixed, allowed_of, open_cells, owners, top)


def _block_clauses(puzzle: Suguru, found: _Literals, pool: Pool, clauses: list[Clause]) -> None:
    """Each block with an open cell holds each digit no written cell of it
    holds at least once and at most once."""
    blocks, block_cells = puzzle.blocks, puzzle.block_cells
    lit, fixed, allowed_of, stride = found.lit, found.fixed, found.allowed, found.stride
    for number in sorted({blocks[cell] for cell in found.open_cells}):
        block = block_cells[number]
        need = (1 << len(block)) - 1  # the digits no written cell of the block holds
        homes: list[list[int]] = [[] for _ in range(len(block) + 1)]
        for cell in block:
            digit = fixed[cell]
            if digit:
                need &= ~(1 << (digit - 1))
                continue
            allowed = allowed_of[cell]
            base = cell * stride
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                digit = low.bit_length()
                homes[digit].append(lit[base + digit])
        while need:
            low = need & -need
            need ^= low
            lits = homes[low.bit_length()]
            clauses.append(lits)  # at least once (empty: the digit has no home)
            clauses.extend(at_most_one(lits, pool))


def _touching_clauses(puzzle: Suguru, found: _Literals, clauses: list[Clause]) -> None:
    """Touching open cells in different blocks never share a digit."""
    blocks = puzzle.blocks
    lit, allowed_of, stride = found.lit, found.allowed, found.stride
    ahead = later_touching(puzzle.rows, puzzle.cols)
    for a in found.open_cells:
        allowed_a = allowed_of[a]
        mine = blocks[a]
        base_a = a * stride
        for b in ahead[a]:
            common = allowed_a & allowed_of[b]
            if common and blocks[b] != mine:
                base_b = b * stride
                while common:
                    low = common & -common
                    common ^= low
                    digit = low.bit_length()
                    clauses.append([-lit[base_a + digit], -lit[base_b + digit]])


def _decoder(
    fixed: list[int], owners: list[tuple[int, int, int]], rows: int, cols: int
) -> Callable[[set[int]], Rows]:
    """Reads a grid off a model: the written digits, then each true variable's."""

    def decode(true: set[int]) -> Rows:
        values = fixed.copy()
        for v, cell, digit in owners:
            if v in true:
                values[cell] = digit
        return [values[r * cols : (r + 1) * cols] for r in range(rows)]

    return decode


def _settled(puzzle: Suguru, state: State) -> Encoding:
    """Every cell written by the rungs: no clause at all, the one answer read off the state."""
    grid = settled_rows(puzzle, state.domains)
    return Encoding(clauses=[], key=[], decode=lambda true: grid, variables=0)


def _unsatisfiable(rows: int, cols: int) -> Encoding:
    """No answer: a cell (or a given) has no digit left."""
    return Encoding(
        clauses=[[]],
        key=[],
        decode=lambda true: [[0] * cols for _ in range(rows)],
        variables=0,
    )
