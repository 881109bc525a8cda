"""LITS's solving state: region domains, the settled-cell masks, and reading them.

The variable is the region; its domain is a bitset over the region's
placement list (:mod:`.tables`). The state also carries two cell masks,
``shaded`` and ``unshaded``: cells known to be shaded or unshaded. They are
kept in step with the domains both ways -- marking a cell narrows its
region's domain at once, and the ``count-to-four`` rule writes back what
the domains imply -- so every rule may read whichever view suits it.

Each rule only looks at the regions whose domains changed since it last
ran: the state keeps one "dirty" region set per rule family, filled by
every narrowing (search's :meth:`LitsState.fix` included).

A player's position uses the same values: 1 shaded, 2 marked unshaded (a
dot), 0 unknown; a solution grid is 1 shaded, 0 not.

Holes (cells in no region) are in ``unshaded`` from the start, so every
rule that reads "the cells that can still be shaded" leaves them out: the
mass never passes through a hole.
"""

from __future__ import annotations

from typing import Self, cast

from ...engine import State
from ...grid import Mask, Rows, members
from .model import Lits
from .tables import RegionSet, Tables

SHADED = 1
UNSHADED = 2
"""Cell values in positions and in deductions (as in a player's grid)."""


class LitsState(State):
    """Region domains, the settled-cell masks, and what each rule has yet to look at.

    ``written`` holds the regions whose tetromino has been announced (or
    shaded by the player): the step that settles a region is said once.
    """

    __slots__ = (
        "shaded",
        "unshaded",
        "dirty_local",
        "dirty_twins",
        "dirty_arcs",
        "dirty_mass",
        "dirty_check",
        "dirty_cut",
        "dirty_split",
        "touch_seen",
        "touched",
        "dirty_reach",
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
        dirty_local: RegionSet = 0,
        dirty_twins: RegionSet = 0,
        dirty_arcs: RegionSet = 0,
        dirty_mass: bool = True,
        dirty_check: bool = True,
        dirty_cut: bool = True,
        dirty_split: bool = True,
        touch_seen: Mask = -1,
        touched: RegionSet = 0,
        dirty_reach: RegionSet = 0,
        probe_from: int = 0,
        written: RegionSet = 0,
    ) -> None:
        super().__init__(domains, tables)
        self.shaded = shaded
        self.unshaded = unshaded
        self.dirty_local = dirty_local
        self.dirty_twins = dirty_twins
        self.dirty_arcs = dirty_arcs
        self.dirty_mass = dirty_mass
        self.dirty_check = dirty_check
        self.dirty_cut = dirty_cut
        self.dirty_split = dirty_split
        self.touch_seen = touch_seen  # out-of-touch's ``touch`` when it last ran
        self.touched = touched  # regions sure to touch another region's shading
        self.dirty_reach = dirty_reach
        self.probe_from = probe_from
        self.written = written

    def copy(self) -> Self:
        return type(self)(
            self.domains.copy(),
            self.tables,
            self.shaded,
            self.unshaded,
            self.dirty_local,
            self.dirty_twins,
            self.dirty_arcs,
            self.dirty_mass,
            self.dirty_check,
            self.dirty_cut,
            self.dirty_split,
            self.touch_seen,
            self.touched,
            self.dirty_reach,
            self.probe_from,
            self.written,
        )

    def _changed(self, region: int) -> None:
        bit = 1 << region
        self.dirty_local |= bit
        self.dirty_twins |= bit
        self.dirty_reach |= bit
        self.dirty_arcs |= bit
        self.dirty_mass = True
        self.dirty_check = True
        self.dirty_cut = True
        self.dirty_split = True

    def narrow(self, var: int, keep: int) -> bool:
        if not super().narrow(var, keep):
            return False
        self._changed(var)
        return True

    def fix(self, var: int, value_bit: int) -> None:
        super().fix(var, value_bit)
        self._changed(var)

    def shade(self, cell: int) -> None:
        """Record that ``cell`` is shaded: its region keeps only placements covering it."""
        self.shaded |= 1 << cell
        tables = self.tables
        self.narrow(tables.region_of[cell], tables.covering[cell])

    def unshade(self, cell: int) -> None:
        """Record that ``cell`` is unshaded: its region drops the placements covering it."""
        self.unshaded |= 1 << cell
        tables = self.tables
        self.narrow(tables.region_of[cell], ~tables.covering[cell])

    def must_and_can(self, region: int) -> tuple[Mask, Mask]:
        """Cells every remaining placement of ``region`` covers, and cells some covers."""
        tables = self.tables
        dom = self.domains[region]
        key = (region, dom)
        found = tables.spread_cache.get(key)
        if found is None:
            cells = tables.region_cells[region]
            if dom.bit_count() <= len(cells):
                cells_of = tables.cells_of[region]
                must = -1
                can = 0
                rest = dom
                while rest:
                    low = rest & -rest
                    rest ^= low
                    covered = cells_of[low.bit_length() - 1]
                    must &= covered
                    can |= covered
                found = (must if can else 0), can
            else:
                # a big region: fewer cells to look at than placements
                covering = tables.covering
                must = can = 0
                for cell in cells:
                    hit = covering[cell] & dom
                    if hit:
                        can |= 1 << cell
                        if hit == dom:
                            must |= 1 << cell
                found = must, can
            if len(tables.spread_cache) > 200_000:
                tables.spread_cache.clear()
            tables.spread_cache[key] = found
        return found


def new_state(puzzle: Lits, tables: Tables | None = None) -> LitsState:
    """The state of the untouched board: every placement possible, everything
    dirty, the holes unshaded."""
    tables = tables or Tables.of(puzzle)
    everything = (1 << tables.region_count) - 1
    return LitsState(
        list(tables.full),
        tables,
        unshaded=tables.holes,
        dirty_local=everything,
        dirty_twins=everything,
        dirty_reach=everything,
        dirty_arcs=everything,
    )


def position_state(puzzle: Lits, grid: list[list[int]], tables: Tables | None = None) -> LitsState:
    """The state after a player's marks: 1 shaded, 2 marked unshaded, 0 unknown.

    Marks that no solution can hold leave an empty domain (or a shaded
    hole) behind rather than raising; the first rule to run reports the
    contradiction. A dot on a hole says nothing new.
    """
    state = new_state(puzzle, tables)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            cell = r * puzzle.cols + c
            if value not in (SHADED, UNSHADED):
                continue
            tables = state.tables
            region = tables.region_of[cell]
            if region < 0:  # a hole: shading one is the contradiction count-to-four reports
                if value == SHADED:
                    state.shaded |= 1 << cell
                continue
            keep = tables.covering[cell] if value == SHADED else ~tables.covering[cell]
            state.domains[region] &= keep
            if value == SHADED:
                state.shaded |= 1 << cell
            else:
                state.unshaded |= 1 << cell
    # A region whose four cells the player has shaded is already written down:
    # a hint should not tell them to shade it again.
    for region, dom in enumerate(state.domains):
        mask = state.tables.region_mask[region]
        if dom and not dom & (dom - 1) and (state.shaded & mask).bit_count() == 4:
            state.written |= 1 << region
    return state


def as_lits(state: State) -> LitsState:
    """``state`` as the LitsState it is.

    The engine hands every rule the state it was given; LITS rules only ever
    see LitsState. A cast, not an isinstance check: this is the hottest call.
    """
    return cast(LitsState, state)


def solution_rows(puzzle: Lits, state: State) -> Rows:
    """The grid of a solved state: each region's one tetromino shaded."""
    assert isinstance(state, LitsState)
    shaded = 0
    for region, dom in enumerate(state.domains):
        shaded |= state.tables.cells_of[region][dom.bit_length() - 1]
    cols = puzzle.cols
    return [[shaded >> (r * cols + c) & 1 for c in range(cols)] for r in range(puzzle.rows)]


def settled_cells(state: State) -> dict[int, int]:
    """The cells the state fixes, in order: SHADED for cells every tetromino left
    in their region covers (or marked shaded), UNSHADED for cells none covers
    (or marked unshaded)."""
    assert isinstance(state, LitsState)
    shaded, unshaded = state.shaded, state.unshaded
    for region, dom in enumerate(state.domains):
        if dom:
            must, can = state.must_and_can(region)
            shaded |= must
            unshaded |= state.tables.region_mask[region] & ~can
    settled = {cell: SHADED for cell in members(shaded)}
    # a hole is no cell to settle: it takes no entry
    settled.update({cell: UNSHADED for cell in members(unshaded & ~shaded & ~state.tables.holes)})
    return dict(sorted(settled.items()))
