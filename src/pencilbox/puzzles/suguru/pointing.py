"""The hybrid's own rule: pointing and pairs, with singles kept up, to a fixpoint.

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
Pointing is the part of witness that does the work: with singles it settles
nearly as many boards as witness. The rest of witness, the Hall sets inside
a block, cost more than they saved, and pairs go past witness. The figures
are in ``docs/suguru-notes.md`` ("The hybrid").

The work follows what changes: per digit, a bitset of the open cells that
can still be it (a *plane*); a block's homes for digit d are its cells in
d's plane, and the cells touching all of them one AND per home. A block and
digit are looked at again only when one of those homes went, a cell only
when it is written or down to two digits.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from .model import REMOVED
from .rules import digits_of, only_candidate_step
from .state import SuguruState
from .tables import Tables


def point_and_pair(state: State, log: Log) -> bool:
    """Pointing and pairs, with singles kept up, to a fixpoint (see the module doc)."""
    assert isinstance(state, SuguruState)
    if state.written == (1 << len(state.domains)) - 1:
        return False  # nothing open (removed cells count as written)
    work = _Planes(state, log)
    work.run()
    state.written = work.written
    return work.changed


class _Planes:
    """The rule's working set over one state.

    ``plane[d]``: the open cells that can still be d; ``inside[b]``: block b's
    cells (blocks with an open cell); ``placed[b]``: the digits b's written
    cells hold. Work to do: ``queue``, the blocks and digits whose homes
    changed (``b * stride + d``, flagged in ``queued`` while waiting);
    ``singles``, cells to write; ``pairs``, cells down to two digits.

    The steps bind the fields they use to locals: they run in the hybrid's
    inner loop, where an attribute read per use would show.
    """

    __slots__ = (
        "tables",
        "domains",
        "written",
        "log",
        "block_of",
        "block_cells",
        "king",
        "stride",
        "plane",
        "inside",
        "placed",
        "queued",
        "queue",
        "singles",
        "pairs",
        "changed",
    )

    def __init__(self, state: SuguruState, log: Log) -> None:
        tables = state.tables
        self.tables = tables
        self.domains = state.domains
        self.written = state.written
        self.log = log
        self.block_of = tables.block_of
        self.block_cells = tables.block_cells
        self.king = tables.grid.king_masks
        self.stride = max(len(cells) for cells in self.block_cells) + 1
        self.plane = [0] * self.stride
        self.inside = [0] * len(self.block_cells)
        self.placed = [0] * len(self.block_cells)
        self.queued = bytearray(len(self.block_cells) * self.stride)
        self.queue: list[int] = []
        self.singles: list[int] = []
        self.pairs: list[int] = []
        self.changed = False
        self._scan()

    def _scan(self) -> None:
        """Fill the planes from every block with an open cell, and queue all its work."""
        block_of = self.block_of
        unwritten = ((1 << len(self.domains)) - 1) & ~self.written
        while unwritten:
            low = unwritten & -unwritten
            number = block_of[low.bit_length() - 1]
            if number == REMOVED:  # only a hand-made state leaves one unwritten
                unwritten ^= low
                continue
            unwritten &= ~self._scan_block(number)

    def _scan_block(self, number: int) -> int:
        """Add block ``number``'s open cells to the planes and queue every digit
        they can take; returns the block's cells."""
        domains, written, plane = self.domains, self.written, self.plane
        mask = 0
        every = 0  # the digits of the block's open cells
        for cell in self.block_cells[number]:
            bit = 1 << cell
            mask |= bit
            dom = domains[cell]
            if written & bit:
                self.placed[number] |= dom
                continue
            every |= dom
            if not dom & (dom - 1):
                if not dom:
                    raise Contradiction(cell)
                self.singles.append(cell)
            elif dom.bit_count() == 2:
                self.pairs.append(cell)
            while dom:
                low = dom & -dom
                dom ^= low
                plane[low.bit_length()] |= bit
        self.inside[number] = mask
        base = number * self.stride
        while every:
            low = every & -every
            every ^= low
            self.queued[base + low.bit_length()] = 1
            self.queue.append(base + low.bit_length())
        return mask

    def run(self) -> None:
        """Writes first, then a block's homes for a digit, then pairs, until no work is left."""
        singles, queue, pairs, queued = self.singles, self.queue, self.pairs, self.queued
        while True:
            if singles:
                self.write(singles.pop())
            elif queue:
                key = queue.pop()
                queued[key] = 0
                self.homes(key)
            elif pairs:
                self.pair(pairs.pop())
            else:
                return

    def write(self, cell: int) -> None:
        """Put down a single's digit: it leaves every peer that still has it."""
        bit = 1 << cell
        if self.written & bit:
            return
        domains, plane, block_of, stride = self.domains, self.plane, self.block_of, self.stride
        queued, queue, log = self.queued, self.queue, self.log
        dom = domains[cell]
        digit = dom.bit_length()
        self.written |= bit
        self.changed = True
        plane[digit] &= ~bit
        number = block_of[cell]
        self.placed[number] |= dom
        if log is not None:
            log.append(only_candidate_step(self.tables, cell, dom))
        # the peers that still have the digit lose it (``remove`` inlined:
        # most removals are these)
        targets = (self.king[cell] | self.inside[number]) & plane[digit]
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
                _log_removal(self.tables, log, "", target, dom, dom, keep, ())
            key = block_of[target] * stride + digit
            if not queued[key]:
                queued[key] = 1
                queue.append(key)
            if not keep & (keep - 1):
                self.singles.append(target)
            elif keep.bit_count() == 2:
                self.pairs.append(target)

    def homes(self, key: int) -> None:
        """A block's homes for a digit: none left is a contradiction (unless a
        written cell holds it), one is where it goes, more may point outside."""
        number, digit = divmod(key, self.stride)
        plane, inside, domains = self.plane, self.inside[number], self.domains
        homes = plane[digit] & inside
        bit = 1 << (digit - 1)
        if not homes:
            if not self.placed[number] & bit:
                raise Contradiction(f"block {number} has no home for {digit}")
            return
        if not homes & (homes - 1):
            cell = homes.bit_length() - 1
            if domains[cell] != bit:
                self.remove(cell, domains[cell] & ~bit, "only-home", self.block_cells[number])
            return
        targets = plane[digit] & ~inside
        king = self.king
        rest = homes
        while rest and targets:
            low = rest & -rest
            rest ^= low
            targets &= king[low.bit_length() - 1]
        while targets:
            low = targets & -targets
            targets ^= low
            self.remove(low.bit_length() - 1, bit, "pointing", self.block_cells[number])

    def pair(self, cell: int) -> None:
        """A cell with two digits: each twin nearby with the same two shuts
        them out of the cells both touch (and of a block they share)."""
        domains, plane, king, block_of = self.domains, self.plane, self.king, self.block_of
        dom = domains[cell]
        bit = 1 << cell
        if self.written & bit or dom.bit_count() != 2:
            return
        low = dom & -dom
        first, second = low.bit_length(), (dom ^ low).bit_length()
        number = block_of[cell]
        inside = self.inside[number]
        twins = plane[first] & plane[second] & (king[cell] | inside) & ~bit
        while twins:
            twin = twins & -twins
            twins ^= twin
            other = twin.bit_length() - 1
            if domains[other] != dom:
                continue
            targets = king[cell] & king[other]
            if block_of[other] == number:
                targets |= inside
            # the open cells that can still be either digit (planes now)
            targets &= (plane[first] | plane[second]) & ~(bit | twin)
            while targets:
                low = targets & -targets
                targets ^= low
                self.remove(low.bit_length() - 1, dom, "pair", (cell, other))

    def remove(self, target: int, digits: int, rule: str, because: tuple[int, ...]) -> None:
        """Take ``digits`` (some of which it has) out of ``target``'s domain."""
        domains, plane, queued, queue = self.domains, self.plane, self.queued, self.queue
        dom = domains[target]
        keep = dom & ~digits
        if not keep:
            raise Contradiction(target)
        domains[target] = keep
        self.changed = True
        gone = dom & digits
        if self.log is not None:
            _log_removal(self.tables, self.log, rule, target, digits, gone, keep, because)
        bit = 1 << target
        base = self.block_of[target] * self.stride
        while gone:
            low = gone & -gone
            gone ^= low
            digit = low.bit_length()
            plane[digit] &= ~bit
            if not queued[base + digit]:
                queued[base + digit] = 1
                queue.append(base + digit)
        if not keep & (keep - 1):
            self.singles.append(target)
        elif keep.bit_count() == 2:
            self.pairs.append(target)


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
