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

import weakref
from collections.abc import Callable
from functools import cache, lru_cache

from ..engine import Contradiction, Deduction, Log, Rule, State
from ..kind import Rows
from ..puzzles.suguru.model import REMOVED, Suguru
from ..puzzles.suguru.rules import SuguruState, Tables, digits_of
from .core import Clause, Encoding, Pool, at_most_one

HYBRID_RUNG = "singles"
"""The rung the hybrid runs before encoding, chosen by ``benchmarks/sat_small.py
--sweep``: singles writes every cell of 15 of the 29 shared boards and witness
of 27, but witness costs more than the SAT it saves (after the cheaper board
tables: totals 13.2 vs 20.3 ms CPU, the 6x16 1.5 vs 2.5 ms; the hybrid is
then 0.46 of plain SAT over the 29 boards, its worst board 0.95)."""


# -- the hybrid's extra rule --------------------------------------------------------

HALL_LIMIT = 8
"""Blocks with more open cells than this look for singles only (the Hall sets
of a block of n open cells are 2**n subsets)."""


@cache
def _subsets(n: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """The subsets of ``n`` positions with 2 to n-2 members (the Hall sets
    singles do not cover), as (subset, the subset less its lowest member,
    that member, size, complement), each after the subset it extends (so a
    union is one OR more than one already worked out)."""
    full = (1 << n) - 1
    found = []
    for subset in range(1, full):
        size = subset.bit_count()
        if 2 <= size <= n - 2:
            low = subset & -subset
            found.append((subset, subset ^ low, low.bit_length() - 1, size, full ^ subset))
    return tuple(found)


_left: tuple[weakref.ref[Tables], list[int], int] | None = None
"""The state :func:`block_matching` last left at its fixpoint (its board's
tables, domains and written cells), so the call ``propagate`` makes right
after, to see the other rules changed nothing, costs a list compare instead
of a second pass. Tables are made per state, so this never outlives one
propagation of one board."""


def block_matching(state: State, log: Log) -> bool:
    """Hall sets in each block, digits pointing out of it, settled cells written.

    * Hall sets: a block's open cells take its free digits one each (a
      perfect matching), so k open cells whose digits number k take those
      digits between them: no other open cell of the block can. Sets of one
      cell (a cell with one digit) and of all but one (a digit with one
      home) are the singles; the rest are looked for in blocks of 4 to
      :data:`HALL_LIMIT` open cells. At a fixpoint every digit left is
      used by some matching (a digit in no matching lies in a tight set of
      the other cells: Hall's theorem).
    * Pointing: a block holds each of its digits once, so when every cell
      that can still hold digit d touches one outside cell, that cell is
      never d.
    * A cell down to one digit is written (its digit cleared from every
      peer), as ``only-candidate`` does.

    Together with singles this reaches the witness rung's fixpoint (witness
    enumerates each block's fills: inward it keeps the digits some fill
    uses, which is the matching; outward it removes the digits every fill
    puts next to a cell, which is pointing on those digits), without the
    enumeration: a block is looked at again only when one of its cells lost
    a digit, and points again only the digits that lost a place.
    """
    global _left
    assert isinstance(state, SuguruState)
    tables = state.tables
    domains = state.domains
    written = state.written
    if written == (1 << len(domains)) - 1:
        return False  # nothing open (removed cells count as written)
    left = _left
    if left is not None and left[0]() is tables and left[2] == written and left[1] == domains:
        return False
    block_of = tables.block_of
    block_cells = tables.block_cells
    peers = tables.peers
    king = tables.grid.king_masks
    changed = False
    # start from the blocks with an open cell
    dirty = [False] * len(block_cells)
    todo = []
    unwritten = ~written & ((1 << len(domains)) - 1)
    while unwritten:
        low = unwritten & -unwritten
        unwritten ^= low
        number = block_of[low.bit_length() - 1]
        if not dirty[number]:
            dirty[number] = True
            todo.append(number)
    # pointed[cell]: the cell's digits when its block last pointed (0: never).
    # Pointing depends only on which cells can hold a digit, so a block
    # looked at again points again only the digits one of its cells lost.
    pointed = [0] * len(domains)
    while todo:
        number = todo.pop()
        dirty[number] = False
        cells = block_cells[number]
        open_cells = []
        doms = []
        once = twice = 0
        for cell in cells:
            if not written >> cell & 1:
                dom = domains[cell]
                open_cells.append(cell)
                doms.append(dom)
                twice |= once & dom
                once |= dom
        n = len(open_cells)
        if not n:
            continue
        if once.bit_count() < n:
            raise Contradiction(f"block {number} has too few digits for its open cells")
        narrowed = False
        lonely = once & ~twice  # digits with one home
        if lonely:
            for i, dom in enumerate(doms):
                only = dom & lonely
                if only and only != dom:
                    if only & (only - 1):
                        raise Contradiction(open_cells[i])
                    doms[i] = only
                    narrowed = True
        if 4 <= n <= HALL_LIMIT:
            unions = [0] * (1 << n)
            for i, dom in enumerate(doms):
                unions[1 << i] = dom
            for subset, rest, member, size, others in _subsets(n):
                union = unions[rest] | doms[member]
                unions[subset] = union
                count = union.bit_count()
                if count <= size:
                    if count < size:
                        raise Contradiction(f"block {number}: {size} cells share {count} digits")
                    while others:
                        low = others & -others
                        others ^= low
                        j = low.bit_length() - 1
                        if doms[j] & union:
                            doms[j] &= ~union
                            narrowed = True
        if narrowed:
            for cell, dom in zip(open_cells, doms, strict=True):
                if domains[cell] != dom:
                    if log is not None:
                        _log_matching(tables, log, cell, domains[cell] & ~dom, cells)
                    domains[cell] = dom
            changed = True
            # new singles may follow: look again before writing or pointing
            dirty[number] = True
            todo.append(number)
            continue
        inside = 0
        lost = 0
        still = []
        for cell in open_cells:
            inside |= 1 << cell
            dom = domains[cell]  # read again: writing a block-mate may have narrowed it
            if dom & (dom - 1):
                still.append(cell)
                before = pointed[cell]
                lost |= before & ~dom if before else dom
                continue
            if not dom:
                raise Contradiction(cell)
            lost |= pointed[cell] & ~dom  # its other digits have one place fewer
            written |= 1 << cell
            changed = True
            if log is not None:
                _log_write(tables, log, cell, dom)
            keep = ~dom
            for peer in peers[cell]:
                other = domains[peer]
                if other & dom:
                    if other == dom:
                        raise Contradiction(peer)
                    domains[peer] = other & keep
                    block = block_of[peer]
                    if not dirty[block]:
                        dirty[block] = True
                        todo.append(block)
        if not lost:
            continue
        # pointing: the outside cells touching every cell that can hold a digit
        outside = ~(inside | written)
        have = 0
        for cell in still:
            dom = domains[cell]
            pointed[cell] = dom
            have |= dom
        lost &= have  # a digit only written cells hold points nowhere
        while lost:
            bit = lost & -lost
            lost ^= bit
            targets = outside
            for cell in still:
                if domains[cell] & bit:
                    targets &= king[cell]
                    if not targets:
                        break
            while targets:
                low = targets & -targets
                targets ^= low
                target = low.bit_length() - 1
                dom = domains[target]
                if dom & bit:
                    if dom == bit:
                        raise Contradiction(target)
                    domains[target] = dom & ~bit
                    changed = True
                    block = block_of[target]
                    if not dirty[block]:
                        dirty[block] = True
                        todo.append(block)
                    if log is not None:
                        _log_pointing(tables, log, target, bit, cells)
    changed = changed or written != state.written
    state.written = written
    _left = (weakref.ref(tables), domains.copy(), written)
    return changed


def _log_matching(
    tables: Tables, log: list[Deduction], cell: int, gone: int, block: tuple[int, ...]
) -> None:
    label = tables.grid.label(cell)
    log.append(
        Deduction(
            "block-matching",
            (cell,),
            f"the other cells of the block of {label} take {digits_of(gone)} between them",
            because=tuple(c for c in block if c != cell),
        )
    )


def _log_write(tables: Tables, log: list[Deduction], cell: int, dom: int) -> None:
    log.append(
        Deduction(
            "block-matching",
            (cell,),
            f"{tables.grid.label(cell)} can only be {digits_of(dom)}",
            writes=True,
            value=dom.bit_length(),
        )
    )


def _log_pointing(
    tables: Tables, log: list[Deduction], cell: int, bit: int, block: tuple[int, ...]
) -> None:
    log.append(
        Deduction(
            "block-pointing",
            (cell,),
            f"every cell of {tables.grid.labels(block)} that can be {digits_of(bit)} "
            f"touches {tables.grid.label(cell)}",
            because=block,
        )
    )


BLOCK_MATCHING = Rule(
    "block-matching",
    block_matching,
    "Hall sets in each block, digits pointing out of it (the witness fixpoint, cheaply)",
)

HYBRID_EXTRA = (BLOCK_MATCHING,)


# the king-move neighbours after a cell in reading order: right, and the row below
_AHEAD = ((0, 1), (1, -1), (1, 0), (1, 1))


def encode(puzzle: Suguru, state: State | None) -> Encoding:
    """CNF for ``puzzle``, or for what ``state`` (a propagated state of it) leaves open."""
    if state is None:
        return _encode_board(puzzle)
    if getattr(state, "written", 0) == (1 << puzzle.rows * puzzle.cols) - 1:
        return _settled(puzzle, state)
    return _encode_state(puzzle, state)


def _encode_board(puzzle: Suguru) -> Encoding:
    """The bare board's CNF (plain SAT): every digit of every cell, givens as units."""
    rows, cols = puzzle.rows, puzzle.cols
    blocks = puzzle.blocks
    block_cells = puzzle.block_cells
    size = [0 if block == REMOVED else len(block_cells[block]) for block in blocks]
    stride = max(size, default=0) + 1
    givens = puzzle.givens
    # lit[cell * stride + digit]: the variable, 0 when the digit is out
    lit = [0] * (rows * cols * stride)
    top = 0
    clauses: list[Clause] = []
    live_cells: list[int] = []
    owners: list[tuple[int, int, int]] = []  # (variable, cell, digit), for decoding
    for cell in range(rows * cols):
        if not size[cell]:
            continue
        allowed = (1 << size[cell]) - 1
        given = givens[cell]
        if given:
            allowed &= 1 << (given - 1)
        live_cells.append(cell)
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
    for block in block_cells:
        for digit in range(1, len(block) + 1):
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
    # king-move neighbours in other blocks (block-mates are the block's clauses)
    for a in live_cells:
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
    fixed = [0] * (rows * cols)
    return Encoding(
        clauses=clauses,
        key=range(1, variables + 1),
        decode=_decoder(fixed, owners, rows, cols),
        variables=pool.top,
    )


@lru_cache(maxsize=64)
def _ahead(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per cell, its king-move neighbours after it in reading order (so each
    touching pair comes up once); one table per board size."""
    table = []
    for cell in range(rows * cols):
        row, col = divmod(cell, cols)
        table.append(
            tuple(
                (row + dr) * cols + col + dc
                for dr, dc in _AHEAD
                if row + dr < rows and 0 <= col + dc < cols
            )
        )
    return tuple(table)


def _encode_state(puzzle: Suguru, state: State) -> Encoding:
    """The CNF of what a propagated state leaves open.

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
    domains = state.domains
    written: int = getattr(state, "written", 0)
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
            k = len(lits)
            if k <= 6:
                for i in range(k - 1):
                    neg = -lits[i]
                    for j in range(i + 1, k):
                        clauses.append([neg, -lits[j]])
            else:
                clauses.extend(at_most_one(lits, pool))
    # touching open cells in different blocks never share a digit
    ahead = _ahead(rows, cols)
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
