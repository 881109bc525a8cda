"""Suguru's solving state, and reading a grid or settled cells off a state.

A cell's variable is its digit; its domain is a bitset with bit d-1 for
digit d. A state also records which cells are *written*: settled, and their
digit already cleared from every block-mate and king neighbour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from ...engine import State
from ...grid import Rows, mask_of
from .model import REMOVED, Suguru
from .tables import Tables


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


def position_state(puzzle: Suguru, grid: Rows) -> SuguruState:
    """The state after a player's entries (0: nothing entered) on top of the givens."""
    entries = [value for row in grid for value in row]
    merged = [g or e for g, e in zip(puzzle.givens, entries, strict=True)]
    return new_state(puzzle, merged)


def settled_cells(puzzle: Suguru, state: State) -> dict[int, int]:
    """The live cells down to one digit, with that digit (for the rung views)."""
    return {
        cell: dom.bit_length()
        for cell, dom in enumerate(state.domains)
        if puzzle.blocks[cell] != REMOVED and dom and not dom & (dom - 1)
    }
