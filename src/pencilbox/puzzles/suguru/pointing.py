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

from collections.abc import Sequence

from ...engine import Contradiction, Deduction, Log, Rule, State
from .model import REMOVED
from .places import block_why
from .rules import digits_of, only_candidate_step
from .state import SuguruState
from .tables import Tables

_Work = tuple[
    list[int],  # domains: the state's, changed in place
    list[int],  # plane[d]: the open cells that can still be d
    Sequence[int],  # block_of
    Sequence[int],  # king: the cells touching each cell
    list[int],  # inside[b]: block b's cells (blocks with an open cell)
    list[int],  # placed[b]: the digits b's written cells hold
    bytearray,  # queued: flags the keys waiting in queue
    list[int],  # singles: cells to write
    list[int],  # queue: blocks and digits whose homes changed, b * stride + d
    list[int],  # pairs: cells down to two digits
    int,  # stride
]
"""The rule's working set. It is one tuple, handed to each step and unpacked
in one go, rather than an object whose fields each step reads: the steps run
in the hybrid's inner loop, where those reads (and a call per cell) showed,
about 8% of the rule's time. For the same reason the writes, the commonest
work, are done in the rule's own loop and each step drains a whole list."""


def point_and_pair(state: State, log: Log) -> bool:
    """Pointing and pairs, with singles kept up, to a fixpoint (see the module doc).

    Writes come first, then a block's homes for a digit, then pairs; each
    step hands back as soon as work of an earlier kind turns up."""
    assert isinstance(state, SuguruState)
    written = state.written
    if written == (1 << len(state.domains)) - 1:
        return False  # nothing open (removed cells count as written)
    tables = state.tables
    work = _start(state)
    domains, plane, block_of, king, inside, placed, queued, singles, queue, pairs, stride = work
    changed = False
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
            # the peers that still have the digit lose it (``_strip`` inlined:
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
        elif queue:
            changed |= _homes(work, tables, log)
        elif pairs:
            changed |= _pairs(work, written, tables, log)
        else:
            break
    state.written = written
    return changed


def _start(state: SuguruState) -> _Work:
    """The working set with every block that has an open cell in the planes
    and all its work queued."""
    domains, written, block_cells = state.domains, state.written, state.tables.block_cells
    block_of = state.tables.block_of
    stride = max(len(cells) for cells in block_cells) + 1
    plane, inside, placed = [0] * stride, [0] * len(block_cells), [0] * len(block_cells)
    queued = bytearray(len(block_cells) * stride)
    singles: list[int] = []
    queue: list[int] = []
    pairs: list[int] = []
    unwritten = ((1 << len(domains)) - 1) & ~written
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
    king = state.tables.grid.king_masks
    return domains, plane, block_of, king, inside, placed, queued, singles, queue, pairs, stride


def _homes(work: _Work, tables: Tables, log: Log) -> bool:
    """Blocks' homes for a digit, until a single turns up: none left is a
    contradiction (unless a written cell holds it), one is where it goes,
    more may point outside. Returns whether a domain changed."""
    domains, plane, block_of, king, inside, placed, queued, singles, queue, pairs, stride = work
    block_cells = tables.block_cells
    changed = False
    while queue:
        key = queue.pop()
        queued[key] = 0
        number, digit = divmod(key, stride)
        homes = plane[digit] & inside[number]
        bit = 1 << (digit - 1)
        if not homes:
            if not placed[number] & bit:
                raise Contradiction(block_why(tables, number, f"has no home for {digit}"))
            continue
        if not homes & (homes - 1):
            if domains[homes.bit_length() - 1] == bit:
                continue
            targets, digits, rule = homes, domains[homes.bit_length() - 1] & ~bit, "only-home"
        else:
            targets, rest = plane[digit] & ~inside[number], homes
            while rest and targets:
                low = rest & -rest
                rest ^= low
                targets &= king[low.bit_length() - 1]
            if not targets:
                continue
            digits, rule = bit, "pointing"
        changed = True
        # ``_strip`` inlined: nearly all the removals past the writes' are these
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            dom = domains[target]
            keep = dom & ~digits
            if not keep:
                raise Contradiction(target)
            domains[target] = keep
            gone = dom & digits
            if log is not None:
                _log_removal(tables, log, rule, target, digits, gone, keep, block_cells[number])
            base = block_of[target] * stride
            while gone:
                low = gone & -gone
                gone ^= low
                plane[low.bit_length()] &= ~(1 << target)
                if not queued[base + low.bit_length()]:
                    queued[base + low.bit_length()] = 1
                    queue.append(base + low.bit_length())
            if not keep & (keep - 1):
                singles.append(target)
            elif keep.bit_count() == 2:
                pairs.append(target)
        if singles:
            return changed
    return changed


def _pairs(work: _Work, written: int, tables: Tables, log: Log) -> bool:
    """Cells with two digits, until other work turns up: each twin nearby
    with the same two shuts them out of the cells both touch (and of a block
    they share). Returns whether a domain changed."""
    domains, plane, block_of, king, inside, _, _, singles, queue, pairs, _ = work
    changed = False
    while pairs:
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
            if targets:
                _strip(work, tables, log, targets, dom, "pair", (cell, other))
                changed = True
        if singles or queue:
            return changed
    return changed


def _strip(
    work: _Work,
    tables: Tables,
    log: Log,
    targets: int,
    digits: int,
    rule: str,
    because: tuple[int, ...],
) -> None:
    """Take ``digits`` (some of which each has) out of every cell in ``targets``."""
    domains, plane, block_of, _, _, _, queued, singles, queue, pairs, stride = work
    while targets:
        low = targets & -targets
        targets ^= low
        target = low.bit_length() - 1
        dom = domains[target]
        keep = dom & ~digits
        if not keep:
            raise Contradiction(target)
        domains[target] = keep
        gone = dom & digits
        if log is not None:
            _log_removal(tables, log, rule, target, digits, gone, keep, because)
        base = block_of[target] * stride
        while gone:
            low = gone & -gone
            gone ^= low
            plane[low.bit_length()] &= ~(1 << target)
            if not queued[base + low.bit_length()]:
                queued[base + low.bit_length()] = 1
                queue.append(base + low.bit_length())
        if not keep & (keep - 1):
            singles.append(target)
        elif keep.bit_count() == 2:
            pairs.append(target)


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
