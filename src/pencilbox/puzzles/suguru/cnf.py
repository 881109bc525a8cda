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

The hybrid runs ``singles`` and then its own rule, :func:`point_and_pair`
(``HYBRID_EXTRA``: pointing, touching pairs and singles, worked from
per-digit bitsets), which settles most boards outright.

Clauses are built from flat lists indexed by ``cell * stride + digit``
rather than dict lookups. A state's clauses (:func:`_encode_state`) are read
off the domains' bits: a cell's digits, a block's homes per digit, and for
each touching pair (from the checker's per-size table) the digits both still
have. Plain SAT encodes the bare board the same way, as a state with every
digit open.
(A per-partition cache of the board's geometry was measured and dropped: no
faster, even for the generator's many questions about one partition.)
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import Rows
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .model import REMOVED, Suguru, later_touching
from .rules import digits_of, only_candidate_step
from .state import SuguruState, settled_rows
from .tables import Tables

HYBRID_RUNG = "singles"
"""The rung the hybrid runs before encoding, then ``HYBRID_EXTRA``.

Chosen by ``benchmarks/sat_small.py --sweep`` (CPU, best of 5): singles
writes every cell of 15 of the 29 shared boards and witness of 27, but
witness costs more than the SAT it saves (shared totals: singles 11.1 ms,
witness 17.2 ms, with or without the extra rule). Singles plus
:func:`point_and_pair` settles 28 of the 29 for 8.8 ms.

With the extra rule and :func:`_encode_state`, over the same runs as plain
SAT (``sat_small.py --repeat 5 --puzzle suguru --bank``, engines interleaved):
hybrid / plain 0.35-0.37 over the 29 shared boards (0.46-0.50 with singles
alone), worst board 0.55 (the 6x16, which needs SAT); 0.47-0.49 over the 132
bank boards (0.83-0.85 before), worst board 0.90-0.93. What is left is
mostly what the hybrid pays before its rule: the board tables of
``initial_state`` (about 30% of its time on the shared boards) and singles.
"""


# -- the hybrid's extra rule --------------------------------------------------------


def point_and_pair(state: State, log: Log) -> bool:
    """Pointing and pairs, with singles kept up, to a fixpoint.

    * Pointing: a block holds each of its digits once, so when every cell of
      the block that can still be d touches one outside cell, that cell is
      never d.
    * Pairs: two cells left with the same two digits that touch, or share a
      block, take those two digits between them; so no cell touching both
      (nor, in the shared block, any other cell of it) can take either.
    * Singles as the singles rung has them: a digit with one home in its
      block goes there; a cell down to one digit is written (its digit
      cleared from every peer).

    Why these: witness (every fill of each block) leaves SAT much less to do
    than singles, but its enumeration costs more than the SAT it saves.
    Pointing is the part of witness that does the work: with singles it
    settles the same 27 of the 29 shared boards as witness, and 101 of the
    132 bank boards to witness's 104; the rest of witness, the Hall sets
    inside a block, cost more than they saved (measured in one run with
    them and without: hybrid / plain 0.40 and 0.37 on the shared boards,
    0.54 and 0.49 on the bank). Pairs go past witness: 28 shared and 108
    bank boards settled.

    The work follows what changes: per digit, a bitset of the open cells
    that can still be it (a *plane*); a block's homes for digit d are its
    cells in d's plane, and the cells touching all of them one AND per home.
    A block and digit are looked at again only when one of those homes went,
    a cell only when it is written or down to two digits.
    """
    assert isinstance(state, SuguruState)
    tables = state.tables
    domains = state.domains
    written = state.written
    every_cell = (1 << len(domains)) - 1
    if written == every_cell:
        return False  # nothing open (removed cells count as written)
    block_of = tables.block_of
    block_cells = tables.block_cells
    king = tables.grid.king_masks
    stride = max(len(cells) for cells in block_cells) + 1
    plane = [0] * stride  # plane[d]: the open cells that can still be d
    inside = [0] * len(block_cells)  # inside[b]: block b's cells (blocks with an open cell)
    placed = [0] * len(block_cells)  # placed[b]: the digits b's written cells hold
    # work to do: block b's homes for digit d changed (b * stride + d, flagged
    # in ``queued`` while waiting); cells to write; cells down to two digits
    queued = bytearray(len(block_cells) * stride)
    queue: list[int] = []
    singles: list[int] = []
    pairs: list[int] = []
    unwritten = every_cell & ~written
    while unwritten:
        low = unwritten & -unwritten
        number = block_of[low.bit_length() - 1]
        if number == REMOVED:  # only a hand-made state leaves one unwritten
            unwritten ^= low
            continue
        mask = 0
        every = 0  # the digits of the block's open cells
        for cell in block_cells[number]:
            bit = 1 << cell
            mask |= bit
            dom = domains[cell]
            if written & bit:
                placed[number] |= dom
                continue
            every |= dom
            if not dom & (dom - 1):
                if not dom:
                    raise Contradiction(cell)
                singles.append(cell)
            elif dom.bit_count() == 2:
                pairs.append(cell)
            while dom:
                low = dom & -dom
                dom ^= low
                plane[low.bit_length()] |= bit
        inside[number] = mask
        unwritten &= ~mask
        base = number * stride
        while every:
            low = every & -every
            every ^= low
            queued[base + low.bit_length()] = 1
            queue.append(base + low.bit_length())
    changed = False

    def remove(target: int, digits: int, rule: str, because: tuple[int, ...]) -> None:
        """Take ``digits`` (some of which it has) out of ``target``'s domain."""
        nonlocal changed
        dom = domains[target]
        keep = dom & ~digits
        if not keep:
            raise Contradiction(target)
        domains[target] = keep
        changed = True
        gone = dom & digits
        if log is not None:
            _log_removal(tables, log, rule, target, digits, gone, keep, because)
        bit = 1 << target
        base = block_of[target] * stride
        while gone:
            low = gone & -gone
            gone ^= low
            digit = low.bit_length()
            plane[digit] &= ~bit
            if not queued[base + digit]:
                queued[base + digit] = 1
                queue.append(base + digit)
        if not keep & (keep - 1):
            singles.append(target)
        elif keep.bit_count() == 2:
            pairs.append(target)

    while True:
        if singles:  # write: the digit leaves every peer
            cell = singles.pop()
            bit = 1 << cell
            if written & bit:
                continue
            dom = domains[cell]
            digit = dom.bit_length()
            written |= bit
            changed = True
            plane[digit] &= ~bit
            number = block_of[cell]
            placed[number] |= dom
            if log is not None:
                log.append(only_candidate_step(tables, cell, dom))
            # the peers that still have the digit lose it (``remove`` inlined:
            # most removals are these)
            targets = (king[cell] | inside[number]) & plane[digit]
            plane[digit] &= ~targets
            while targets:
                low = targets & -targets
                targets ^= low
                target = low.bit_length() - 1
                keep = domains[target] & ~dom
                if not keep:
                    raise Contradiction(target)
                domains[target] = keep
                if log is not None:
                    _log_removal(tables, log, "", target, dom, dom, keep, ())
                key = block_of[target] * stride + digit
                if not queued[key]:
                    queued[key] = 1
                    queue.append(key)
                if not keep & (keep - 1):
                    singles.append(target)
                elif keep.bit_count() == 2:
                    pairs.append(target)
        elif queue:  # a block's homes for a digit: one home, or pointing
            key = queue.pop()
            queued[key] = 0
            number, digit = divmod(key, stride)
            homes = plane[digit] & inside[number]
            bit = 1 << (digit - 1)
            if not homes:
                if not placed[number] & bit:
                    raise Contradiction(f"block {number} has no home for {digit}")
                continue
            if not homes & (homes - 1):
                cell = homes.bit_length() - 1
                if domains[cell] != bit:
                    remove(cell, domains[cell] & ~bit, "only-home", block_cells[number])
                continue
            targets = plane[digit] & ~inside[number]
            rest = homes
            while rest and targets:
                low = rest & -rest
                rest ^= low
                targets &= king[low.bit_length() - 1]
            while targets:
                low = targets & -targets
                targets ^= low
                remove(low.bit_length() - 1, bit, "pointing", block_cells[number])
        elif pairs:  # a cell with two digits: its twins nearby
            cell = pairs.pop()
            dom = domains[cell]
            bit = 1 << cell
            if written & bit or dom.bit_count() != 2:
                continue
            low = dom & -dom
            first, second = low.bit_length(), (dom ^ low).bit_length()
            number = block_of[cell]
            twins = plane[first] & plane[second] & (king[cell] | inside[number]) & ~bit
            while twins:
                twin = twins & -twins
                twins ^= twin
                other = twin.bit_length() - 1
                if domains[other] != dom:
                    continue
                targets = king[cell] & king[other]
                if block_of[other] == number:
                    targets |= inside[number]
                # the open cells that can still be either digit (planes now)
                targets &= (plane[first] | plane[second]) & ~(bit | twin)
                while targets:
                    low = targets & -targets
                    targets ^= low
                    remove(low.bit_length() - 1, dom, "pair", (cell, other))
        else:
            break
    state.written = written
    return changed


def _log_removal(
    tables: Tables,
    log: list[Deduction],
    rule: str,
    cell: int,
    digits: int,
    gone: int,
    keep: int,
    because: tuple[int, ...],
) -> None:
    """One removal in words (a written digit leaving a peer is bookkeeping):
    the rule takes ``digits`` out, ``cell`` loses ``gone`` and keeps ``keep``."""
    grid = tables.grid
    label = grid.label(cell)
    if not rule:
        log.append(
            Deduction("write", (cell,), f"{label} is not {digits_of(gone)}", bookkeeping=True)
        )
        return
    if rule == "only-home":
        reason = f"{label} is the only home in its block for {digits_of(keep)}"
    elif rule == "pointing":
        reason = (
            f"every cell of {grid.labels(because)} that can be {digits_of(digits)} touches {label}"
        )
    else:
        reason = (
            f"{grid.labels(because)} take {digits_of(digits)} between them, and {label} "
            "touches both or shares their block"
        )
    log.append(Deduction(rule, (cell,), f"{reason}: it is not {digits_of(gone)}", because))


POINT_AND_PAIR = Rule(
    "point-and-pair",
    point_and_pair,
    "a digit whose every home in its block touches a cell leaves it; so do a pair's digits",
)

HYBRID_EXTRA = (POINT_AND_PAIR,)
"""Run after ``singles``; :func:`point_and_pair` says why these deductions."""


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
    rows, cols = puzzle.rows, puzzle.cols
    blocks = puzzle.blocks
    block_cells = puzzle.block_cells
    givens = puzzle.givens
    stride = max((len(cells) for cells in block_cells), default=0) + 1
    # lit[cell * stride + digit]: the variable, 0 when the digit is out (or the cell written)
    lit = [0] * (rows * cols * stride)
    fixed = [0] * (rows * cols)  # the digit of a written cell, left out of the CNF
    allowed_of = [0] * (rows * cols)  # an open cell's digits (0: written or removed)
    top = 0
    clauses: list[Clause] = []
    open_cells: list[int] = []
    owners: list[tuple[int, int, int]] = []  # (variable, cell, digit), for decoding
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
            return _unsatisfiable(rows, cols)
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
        clauses.append(cell_lits)  # at least one; "at most one" follows (see the top)
    variables = top
    pool = Pool()
    pool.top = top
    for number in sorted({blocks[cell] for cell in open_cells}):
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
    # touching open cells in different blocks never share a digit
    ahead = later_touching(rows, cols)
    for a in open_cells:
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
    return Encoding(
        clauses=clauses,
        key=range(1, variables + 1),
        decode=_decoder(fixed, owners, rows, cols),
        variables=pool.top,
    )


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
