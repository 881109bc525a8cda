"""Suguru's solving state and its two rungs.

A cell's variable is its digit; its domain is a bitset with bit d-1 for
digit d. ``singles`` is what a person scans for (only-candidate, only-home);
``witness`` enumerates every remaining fill of a block and pushes the
consequences inward (a digit in no fill goes) and outward (a digit that
every fill puts next to an outside cell can never be in that cell).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Self

from ...engine import Contradiction, Deduction, Ladder, Log, Rule, Rung, State
from ...grid import Grid, mask_of, members
from .model import REMOVED, Suguru


def digits_of(mask: int) -> str:
    """``0b1011`` -> ``"1, 2 and 4"``."""
    names = [str(d + 1) for d in members(mask)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass
class Tables:
    """Everything about a board that solving reads and never changes."""

    puzzle: Suguru
    grid: Grid
    block_of: tuple[int, ...]
    block_cells: tuple[tuple[int, ...], ...]
    # cells a written digit is removed from: block-mates and king neighbours
    peers: tuple[tuple[int, ...], ...]
    live_cells: tuple[int, ...]
    witness_cache: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict
    )

    @classmethod
    def of(cls, puzzle: Suguru) -> Tables:
        grid = _grid(puzzle.rows, puzzle.cols)
        king = grid.king
        blocks = puzzle.blocks
        block_cells = puzzle.block_cells
        holes = REMOVED in blocks
        peers: list[tuple[int, ...]] = [()] * len(blocks)
        for cells in block_cells:
            mates = set(cells)
            for cell in cells:
                around = mates.union(king[cell])
                around.discard(cell)
                if holes:
                    around = {n for n in around if blocks[n] != REMOVED}
                peers[cell] = tuple(sorted(around))
        live = tuple(c for c in grid.cells if blocks[c] != REMOVED) if holes else tuple(grid.cells)
        return cls(puzzle, grid, blocks, block_cells, tuple(peers), live)

    @cached_property
    def outside(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per block: the outside cells touching it, and for each the block
        positions (indices into ``block_cells[b]``) it touches, as a bitmask.

        Only the witness rung reads this, so it is worked out on first use:
        a board solved by singles alone (the hybrid's rung) never pays for it.
        """
        king = self.grid.king
        blocks = self.block_of
        found = []
        for number, cells in enumerate(self.block_cells):
            touching: dict[int, int] = {}
            for position, cell in enumerate(cells):
                bit = 1 << position
                for n in king[cell]:
                    if blocks[n] != number and blocks[n] != REMOVED:
                        touching[n] = touching.get(n, 0) | bit
            found.append(tuple(sorted(touching.items())))
        return tuple(found)


@lru_cache(maxsize=64)
def _grid(rows: int, cols: int) -> Grid:
    """One grid (and its neighbour tables) per board size, shared by every board of it."""
    return Grid(rows, cols)


class SuguruState(State):
    """Domains plus ``written``: the cells whose digit has been put down and
    removed from their block and neighbours."""

    __slots__ = ("written",)
    tables: Tables

    def __init__(self, domains: list[int], tables: Tables, written: int = 0) -> None:
        super().__init__(domains, tables)
        self.written = written

    def copy(self) -> Self:
        return type(self)(self.domains.copy(), self.tables, self.written)

    def write(self, cell: int) -> None:
        """Put down a settled cell's digit: clear it from every peer (may empty one)."""
        digit = self.domains[cell]
        self.written |= 1 << cell
        domains = self.domains
        keep = ~digit
        for peer in self.tables.peers[cell]:
            domains[peer] &= keep


def new_state(puzzle: Suguru, entries: list[int] | None = None) -> SuguruState:
    """The state with the givens (and a player's ``entries``) written down.

    Clashing entries leave an empty domain, which the first rule reports as
    a contradiction.
    """
    tables = Tables.of(puzzle)
    domains = [1] * (puzzle.rows * puzzle.cols)
    for cells in tables.block_cells:
        every = (1 << len(cells)) - 1
        for cell in cells:
            domains[cell] = every
    state = SuguruState(domains, tables)
    if REMOVED in puzzle.blocks:
        state.written = mask_of(c for c in range(len(domains)) if puzzle.blocks[c] == REMOVED)
    values = entries if entries is not None else list(puzzle.givens)
    for cell, digit in enumerate(values):
        if digit and puzzle.blocks[cell] != REMOVED:
            wanted = 1 << (digit - 1)
            domains[cell] = domains[cell] & wanted
            if domains[cell]:
                state.write(cell)
    return state


def settled_rows(puzzle: Suguru, domains: Sequence[int]) -> list[list[int]]:
    """The grid a settled state's ``domains`` spell, row by row (removed cells: 0).

    Every answer the rungs or the hybrid find is read here, so in one pass: a
    settled cell's domain is its digit's bit; removed cells, which hold a
    placeholder domain, are zeroed only on boards that have them.
    """
    cols = puzzle.cols
    values = [dom.bit_length() for dom in domains]
    blocks = puzzle.blocks
    if REMOVED in blocks:
        for cell, block in enumerate(blocks):
            if block == REMOVED:
                values[cell] = 0
    return [values[start : start + cols] for start in range(0, len(values), cols)]


# -- singles -----------------------------------------------------------------


def only_candidate(state: State, log: Log) -> bool:
    """A cell down to one digit: write it, clearing it from the block and neighbours."""
    assert isinstance(state, SuguruState)
    domains = state.domains
    tables = state.tables
    changed = False
    for cell in tables.live_cells:
        if state.written >> cell & 1:
            continue
        dom = domains[cell]
        if dom & (dom - 1):
            continue
        if not dom:
            raise Contradiction(cell)
        state.write(cell)
        changed = True
        if log is not None:
            log.append(only_candidate_step(tables, cell, dom))
    return changed


def only_candidate_step(tables: Tables, cell: int, dom: int) -> Deduction:
    """The deduction that writes the one digit left in ``dom`` into ``cell``."""
    return Deduction(
        "only-candidate",
        (cell,),
        f"{tables.grid.label(cell)} can only be {digits_of(dom)}",
        writes=True,
        value=dom.bit_length(),
    )


def only_home(state: State, log: Log) -> bool:
    """A digit with one possible cell in its block goes there."""
    assert isinstance(state, SuguruState)
    domains = state.domains
    tables = state.tables
    changed = False
    for number, cells in enumerate(tables.block_cells):
        once = 0
        twice = 0
        for cell in cells:
            dom = domains[cell]
            twice |= once & dom
            once |= dom
        if once != (1 << len(cells)) - 1:
            missing = (1 << len(cells)) - 1 & ~once
            raise Contradiction(f"block {number} has no home for {digits_of(missing)}")
        lonely = once & ~twice
        if not lonely:
            continue
        for cell in cells:
            dom = domains[cell]
            digit = dom & lonely
            if digit and dom != digit:
                if digit & (digit - 1):
                    raise Contradiction(cell)
                domains[cell] = digit
                changed = True
                if log is not None:
                    log.append(
                        Deduction(
                            "only-home",
                            (cell,),
                            f"{digits_of(digit)} has no other home in its block than "
                            f"{tables.grid.label(cell)}",
                            because=tuple(c for c in cells if c != cell),
                            writes=True,
                            value=digit.bit_length(),
                        )
                    )
    return changed


# -- witness -----------------------------------------------------------------


def block_witnesses(
    domains: tuple[int, ...], touching: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Enumerate every fill of one block consistent with ``domains``.

    Returns (support, pinned): ``support[i]`` the digits position i takes in
    some fill; ``pinned[j]`` the digits that every fill puts next to the j-th
    outside cell in ``touching``. Stops early once nothing more can be learnt.
    """
    k = len(domains)
    support = [0] * k
    pinned = [-1] * len(touching)
    full = domains
    fill = [0] * k
    masks = [mask for _, mask in touching]
    anything_pinned = bool(touching)

    def outward() -> bool:
        """Fold the current fill into ``pinned``; False once nothing is pinned."""
        alive = False
        for j, mask in enumerate(masks):
            if pinned[j]:
                near = 0
                m = mask
                while m:
                    low = m & -m
                    near |= fill[low.bit_length() - 1]
                    m ^= low
                pinned[j] &= near
                if pinned[j]:
                    alive = True
        return alive

    done = False

    def place(position: int, used: int) -> None:
        nonlocal anything_pinned, done
        if position == k:
            for i in range(k):
                support[i] |= fill[i]
            if anything_pinned:
                anything_pinned = outward()
            if not anything_pinned and tuple(support) == full:
                done = True
            return
        options = full[position] & ~used
        while options and not done:
            low = options & -options
            options ^= low
            fill[position] = low
            place(position + 1, used | low)

    place(0, 0)
    if not any(support):
        return tuple(support), tuple(0 for _ in pinned)
    return tuple(support), tuple(p if p != -1 else 0 for p in pinned)


def witness(state: State, log: Log) -> bool:
    """Inward: drop digits no fill of the block uses. Outward: a digit every
    fill puts next to an outside cell is removed from that cell."""
    assert isinstance(state, SuguruState)
    domains = state.domains
    tables = state.tables
    cache = tables.witness_cache
    changed = False
    for number, cells in enumerate(tables.block_cells):
        if len(cells) < 2:
            continue
        doms = tuple(domains[c] for c in cells)
        key = (number, *doms)
        found = cache.get(key)
        if found is None:
            found = block_witnesses(doms, tables.outside[number])
            if len(cache) > 200_000:
                cache.clear()
            cache[key] = found
        support, pinned = found
        if not support[0]:
            raise Contradiction(f"block {number} has no fill")
        for cell, keep in zip(cells, support, strict=True):
            dom = domains[cell]
            if dom & ~keep:
                domains[cell] = dom & keep
                changed = True
                if log is not None:
                    log.append(
                        Deduction(
                            "witness-inward",
                            (cell,),
                            f"no fill of the block of {tables.grid.label(cell)} puts "
                            f"{digits_of(dom & ~keep)} there",
                            because=tuple(c for c in cells if c != cell),
                        )
                    )
        for (other, _), gone in zip(tables.outside[number], pinned, strict=True):
            dom = domains[other]
            if dom & gone:
                if not dom & ~gone:
                    raise Contradiction(other)
                domains[other] = dom & ~gone
                changed = True
                if log is not None:
                    log.append(
                        Deduction(
                            "witness-outward",
                            (other,),
                            f"every fill of the block of {tables.grid.labels(cells)} puts "
                            f"{digits_of(dom & gone)} next to {tables.grid.label(other)}",
                            because=cells,
                        )
                    )
    return changed


ONLY_CANDIDATE = Rule("only-candidate", only_candidate, "a cell with one digit left gets it")
ONLY_HOME = Rule("only-home", only_home, "a digit with one home in its block goes there")
WITNESS = Rule("witness", witness, "enumerate each block's fills; push what they share")

LADDER = Ladder(
    (
        Rung("singles", (ONLY_CANDIDATE, ONLY_HOME), "only-candidate and only-home"),
        Rung("witness", (WITNESS,), "singles plus block witnesses, inward and outward"),
    )
)
