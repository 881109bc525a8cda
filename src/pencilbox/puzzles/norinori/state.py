"""Norinori's solving state: region domains, the settled-cell masks, and reading them.

The variable is the region; its domain is a bitset over the region's pairs
(:mod:`.tables`). Beside the domains the state keeps two cell masks,
``shaded`` and ``unshaded``, in step with them both ways: marking a cell
(:meth:`NoriState.shade`, :meth:`NoriState.unshade`) narrows its region at
once, and ``count-two`` writes back what a region's domain implies.

Each rule looks only at what changed since it last ran: regions whose
domain narrowed (``dirty_count``, ``dirty_place``, ``dirty_arcs``), cells
newly shaded (``fresh``) and cells beside a change (``look_out``,
``look_partner``).

A player's position uses the same values: 1 shaded, 2 marked unshaded (a
dot), 0 unknown; a solution grid is 1 shaded, 0 not.
"""

from __future__ import annotations

from typing import Self, cast

from ...engine import Contradiction, State
from ...grid import Mask, Rows, indices, members
from .model import Norinori
from .tables import Tables

SHADED = 1
UNSHADED = 2
"""Cell values in positions and in deductions (as in a player's grid)."""


class NoriState(State):
    __slots__ = (
        "shaded",
        "unshaded",
        "dirty_count",
        "dirty_place",
        "dirty_arcs",
        "fresh",
        "look_out",
        "look_partner",
        "probe_from",
        "written",
    )
    tables: Tables

    def __init__(
        self,
        domains: list[int],
        tables: Tables,
        shaded: Mask = 0,
        unshaded: Mask = 0,
        dirty_count: int = 0,
        dirty_place: int = 0,
        dirty_arcs: int = 0,
        fresh: Mask = 0,
        look_out: Mask = 0,
        look_partner: Mask = 0,
        probe_from: int = 0,
        written: int = 0,
    ) -> None:
        super().__init__(domains, tables)
        self.shaded = shaded
        self.unshaded = unshaded
        self.dirty_count = dirty_count
        self.dirty_place = dirty_place
        self.dirty_arcs = dirty_arcs
        self.fresh = fresh
        self.look_out = look_out
        self.look_partner = look_partner
        self.probe_from = probe_from
        self.written = written

    def copy(self) -> Self:
        return type(self)(
            self.domains.copy(),
            self.tables,
            self.shaded,
            self.unshaded,
            self.dirty_count,
            self.dirty_place,
            self.dirty_arcs,
            self.fresh,
            self.look_out,
            self.look_partner,
            self.probe_from,
            self.written,
        )

    def _changed(self, region: int) -> None:
        bit = 1 << region
        self.dirty_count |= bit
        self.dirty_place |= bit
        self.dirty_arcs |= bit

    def narrow(self, var: int, keep: int) -> bool:
        if not super().narrow(var, keep):
            return False
        self._changed(var)
        return True

    def fix(self, var: int, value_bit: int) -> None:
        super().fix(var, value_bit)
        self._changed(var)

    def shade(self, cells: Mask) -> None:
        """Record that ``cells`` are shaded: each region keeps only pairs covering them."""
        cells &= ~self.shaded
        if not cells:
            return
        if cells & self.unshaded:
            clash = (cells & self.unshaded & -(cells & self.unshaded)).bit_length() - 1
            raise Contradiction(f"{self.tables.label(clash)} would be shaded and unshaded")
        tables = self.tables
        self.shaded |= cells
        self.fresh |= cells
        for cell in members(cells):
            self.look_out |= tables.near_mask[cell] | 1 << cell
            self.dirty_place |= tables.touch_regions[cell]
            self.narrow(tables.region_of[cell], tables.covering[cell])

    def unshade(self, cells: Mask) -> None:
        """Record that ``cells`` are unshaded: each region drops the pairs covering them."""
        cells &= ~self.unshaded
        if not cells:
            return
        if cells & self.shaded:
            clash = (cells & self.shaded & -(cells & self.shaded)).bit_length() - 1
            raise Contradiction(f"{self.tables.label(clash)} would be shaded and unshaded")
        tables = self.tables
        self.unshaded |= cells
        for cell in members(cells):
            self.look_out |= tables.near_mask[cell]
            self.look_partner |= tables.near_mask[cell]
            self.dirty_place |= tables.touch_regions[cell]
            self.narrow(tables.region_of[cell], ~tables.covering[cell])

    def must_and_can(self, region: int) -> tuple[Mask, Mask]:
        """Cells every remaining pair of ``region`` shades, and cells some pair shades."""
        dom = self.domains[region]
        key = (region, dom)
        tables = self.tables
        found = tables.spread_cache.get(key)
        if found is None and dom and dom == tables.full[region]:
            # every pair left: each cell is in one, and in all of them only
            # when the region has two cells (this is every region at the start)
            mask = tables.region_mask[region]
            found = (mask if dom == 1 else 0), mask
        elif found is None:
            masks = tables.pair_mask[region]
            must, can = -1, 0
            for index in indices(dom):
                must &= masks[index]
                can |= masks[index]
            found = (must if can else 0), can
            if len(tables.spread_cache) > 200_000:
                tables.spread_cache.clear()
            tables.spread_cache[key] = found
        return found


def as_nori(state: State) -> NoriState:
    """``state`` as the NoriState it is (a cast: the rules only ever see one)."""
    return cast(NoriState, state)


def new_state(puzzle: Norinori, tables: Tables | None = None) -> NoriState:
    """The state of the untouched board: every pair possible, everything to look at."""
    tables = tables or Tables.of(puzzle)
    everything = (1 << tables.region_count) - 1
    return NoriState(
        list(tables.full),
        tables,
        dirty_count=everything,
        dirty_place=everything,
        dirty_arcs=everything,
        look_partner=(1 << tables.cells) - 1,
    )


def position_state(puzzle: Norinori, grid: Rows, tables: Tables | None = None) -> NoriState:
    """The state after a player's marks: 1 shaded, 2 marked unshaded, 0 unknown.

    Marks no solution can hold leave an empty domain (or a cell both ways)
    behind rather than raising; the first rule to run reports it.
    """
    state = new_state(puzzle, tables)
    tables = state.tables
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            cell = r * puzzle.cols + c
            if value not in (SHADED, UNSHADED):
                continue
            region = tables.region_of[cell]
            if value == SHADED:
                state.domains[region] &= tables.covering[cell]
                state.shaded |= 1 << cell
            else:
                state.domains[region] &= ~tables.covering[cell]
                state.unshaded |= 1 << cell
    state.fresh = state.shaded
    state.look_out = (1 << tables.cells) - 1
    # A region whose two cells the player has shaded is already written down:
    # a hint should not tell them to shade it again.
    for region, dom in enumerate(state.domains):
        mask = tables.region_mask[region]
        if dom and not dom & (dom - 1) and (state.shaded & mask).bit_count() == 2:
            state.written |= 1 << region
    return state


def solution_rows(puzzle: Norinori, state: State) -> Rows:
    """The grid of a solved state: each region's one pair shaded."""
    state = as_nori(state)
    shaded = 0
    for region, dom in enumerate(state.domains):
        shaded |= state.tables.pair_mask[region][dom.bit_length() - 1]
    cols = puzzle.cols
    return [[shaded >> (r * cols + c) & 1 for c in range(cols)] for r in range(puzzle.rows)]


def settled_masks(state: State) -> tuple[Mask, Mask]:
    """The cells the state fixes, as masks: shaded (every pair left in their
    region shades them, or marked so) and unshaded (none does, or marked so).

    Once ``count-two`` has read every narrowed domain (none waits for it)
    the state's own masks say it all; else each such domain is read here."""
    state = as_nori(state)
    shaded, unshaded = state.shaded, state.unshaded
    if not state.dirty_count:
        return shaded, unshaded
    for region, dom in enumerate(state.domains):
        if dom:
            must, can = state.must_and_can(region)
            shaded |= must
            unshaded |= state.tables.region_mask[region] & ~can
    return shaded, unshaded


def settled_cells(state: State) -> dict[int, int]:
    """The cells the state fixes, in order: SHADED for cells every pair left in
    their region shades (or marked shaded), UNSHADED for cells none does."""
    shaded, unshaded = settled_masks(state)
    settled = {cell: SHADED for cell in members(shaded)}
    settled.update({cell: UNSHADED for cell in members(unshaded & ~shaded)})
    return dict(sorted(settled.items()))
