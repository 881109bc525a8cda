"""LITS's solving state and its three rungs.

The variable is the region; its domain is a bitset over the region's
placement list (:mod:`.tables`). The state also carries two cell masks,
``shaded`` and ``unshaded``: cells known to be shaded or unshaded. They are
kept in step with the domains both ways -- marking a cell narrows its
region's domain at once, and :func:`count_to_four` writes back what the
domains imply -- so every rule may read whichever view suits it.

The ladder:

``local``
    the puzzle as a solver that never leaves the cell sees it: count each
    region to four (a cell every remaining tetromino covers is shaded, a
    cell none covers is not) and never complete a 2×2 square. The weak
    rival, kept to be measured against. Two checks ride along that narrow
    nothing but reject a position once it breaks a rule outright (settled
    twins touching; a settled board in more than one mass), so that
    ``local`` + search counts solutions exactly like every other rung.
``tetro``
    adds arc consistency between the domains of adjacent regions (the
    touching-shapes and 2×2 rules as binary constraints) and the one-mass
    propagator (:mod:`.mass`), to a joint fixpoint.
``probe``
    adds assume-and-refute. First the cheap, targeted kind (``cut-cell``):
    a cell the one shaded mass cannot do without -- leave it unshaded and no
    connected part of the board can hold every shaded cell and a tetromino
    for every region -- is shaded. Then singleton consistency: a placement
    whose assumption makes the ``tetro`` rules fail is removed. (Measured on
    the real puzzles in ``tests/data/lits``: inside ``tetro`` the cut-cell
    rule lets ``tetro`` alone finish 33 of 47 boards instead of 12, but it
    runs inside every probe trial too and makes the 24x24 noqx example twice
    as slow; here it runs only between probes and makes the top rung about
    20% faster overall.)

Each rule only looks at the regions whose domains changed since it last
ran: the state keeps one "dirty" region set per rule family, filled by
every narrowing (search's :meth:`LitsState.fix` included).
"""

from __future__ import annotations

from typing import Self, cast

from ...engine import Contradiction, Deduction, Ladder, Log, Rule, Rung, State, propagate
from ...grid import Mask, members
from .mass import (
    drop_out_of_touch,
    flood,
    keep_one_mass,
    reach_from_only_neighbour,
    shade_cut_cells,
    shade_separating_cells,
)
from .model import Lits
from .tables import Domain, RegionSet, Tables

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
    """The state of the untouched board: every placement possible, everything dirty."""
    tables = tables or Tables.of(puzzle)
    everything = (1 << tables.region_count) - 1
    return LitsState(
        list(tables.full),
        tables,
        dirty_local=everything,
        dirty_twins=everything,
        dirty_reach=everything,
        dirty_arcs=everything,
    )


def position_state(puzzle: Lits, grid: list[list[int]], tables: Tables | None = None) -> LitsState:
    """The state after a player's marks: 1 shaded, 2 marked unshaded, 0 unknown.

    Marks that no solution can hold leave an empty domain behind rather than
    raising; the first rule to run reports the contradiction.
    """
    state = new_state(puzzle, tables)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            cell = r * puzzle.cols + c
            if value not in (SHADED, UNSHADED):
                continue
            tables = state.tables
            region = tables.region_of[cell]
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


def _as_lits(state: State) -> LitsState:
    # The engine hands every rule the state it was given; LITS rules only ever
    # see LitsState. A cast, not an isinstance check: this is the hottest call.
    return cast(LitsState, state)


# -- local ---------------------------------------------------------------------


def count_to_four(state: State, log: Log) -> bool:
    """A cell every remaining tetromino of its region covers is shaded; a cell
    none covers is unshaded. A region down to one tetromino gets it shaded
    (the step a hint ends on, announced once per region)."""
    state = _as_lits(state)
    tables = state.tables
    dirty = state.dirty_local
    state.dirty_local = 0
    changed = False
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        region = low.bit_length() - 1
        dom = state.domains[region]
        if not dom:
            raise Contradiction(f"{tables.region_words(region)} has no tetromino left")
        must, can = state.must_and_can(region)
        new_shaded = must & ~state.shaded
        new_unshaded = tables.region_mask[region] & ~can & ~state.unshaded
        settles = not dom & (dom - 1) and not state.written & low
        if not (new_shaded or new_unshaded or settles):
            continue
        state.shaded |= new_shaded
        state.unshaded |= new_unshaded
        changed = True
        if settles:
            state.written |= low
        if log is None:
            continue
        grid = tables.grid
        where = tables.region_words(region)
        if settles:
            words = tables.placement_words(region, dom.bit_length() - 1)
            log.append(
                Deduction(
                    "count-to-four",
                    tuple(members(must)),
                    f"{where} can only hold {words}: shade these four cells",
                    because=tuple(members(tables.region_mask[region] & ~must)),
                    writes=True,
                    value=SHADED,
                )
            )
            continue
        if new_shaded:
            log.append(
                Deduction(
                    "count-to-four",
                    tuple(members(new_shaded)),
                    f"every tetromino left in {where} covers {grid.labels(members(new_shaded))}",
                    because=tuple(members(tables.region_mask[region] & ~new_shaded)),
                    value=SHADED,
                )
            )
        if new_unshaded:
            log.append(
                Deduction(
                    "count-to-four",
                    tuple(members(new_unshaded)),
                    f"no tetromino left in {where} covers "
                    f"{grid.labels(members(new_unshaded))}: they stay unshaded",
                    because=tuple(members(tables.region_mask[region] & ~new_unshaded)),
                    value=UNSHADED,
                )
            )
    return changed


def no_square(state: State, log: Log) -> bool:
    """A 2×2 square with three shaded cells leaves its fourth cell unshaded."""
    state = _as_lits(state)
    tables = state.tables
    cols = tables.grid.cols
    shaded = state.shaded
    anchors = tables.square_anchors
    # Bit-parallel over the whole board: bit a of ``right`` says the cell right
    # of anchor a is shaded, and so on, so each line checks every square at once.
    here = shaded & anchors
    right = shaded >> 1 & anchors
    below = shaded >> cols & anchors
    diagonal = shaded >> cols + 1 & anchors
    if here & right & below & diagonal:
        raise Contradiction("a 2x2 square is fully shaded")
    forced = (
        (right & below & diagonal & ~here)
        | (here & below & diagonal & ~right) << 1
        | (here & right & diagonal & ~below) << cols
        | (here & right & below & ~diagonal) << cols + 1
    )
    forced &= ~state.unshaded
    if not forced:
        return False
    grid = tables.grid
    for cell in members(forced):
        state.unshade(cell)
        if log is not None:
            square = next(
                (top, top + 1, top + cols, top + cols + 1)
                for top in (cell, cell - 1, cell - cols, cell - cols - 1)
                if anchors >> top & 1
                and top >= 0
                and (1 << top | 1 << top + 1 | 1 << top + cols | 1 << top + cols + 1)
                & ~(1 << cell)
                & ~shaded
                == 0
            )
            others = tuple(c for c in square if c != cell)
            log.append(
                Deduction(
                    "no-2x2",
                    (cell,),
                    f"{grid.labels(others)} are shaded, so {grid.label(cell)} stays unshaded "
                    "(no 2x2 square)",
                    because=others,
                    value=UNSHADED,
                )
            )
    return True


def touching_twins(state: State, log: Log) -> bool:
    """A check, not a deduction: two settled regions whose tetrominoes touch
    with the same shape (or close a 2×2 together) make the position dead."""
    state = _as_lits(state)
    tables = state.tables
    domains = state.domains
    dirty = state.dirty_twins
    state.dirty_twins = 0
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        region = low.bit_length() - 1
        dom = domains[region]
        if dom & (dom - 1) or not dom:
            continue
        tables.fill(region, dom)
        for other, table, _ in tables.arcs[region]:
            theirs = domains[other]
            if theirs and not theirs & (theirs - 1) and not table[dom.bit_length() - 1] & theirs:
                raise Contradiction(
                    f"the tetrominoes of {tables.region_words(region)} and "
                    f"{tables.region_words(other)} touch with the same shape"
                )
    return False


def _settled(state: LitsState) -> bool:
    """``state.is_solved()``, looking first at the region last seen open
    (usually still open, which answers at once)."""
    tables = state.tables
    domains = state.domains
    dom = domains[tables.open_hint]
    if dom & (dom - 1):
        return False
    for region, dom in enumerate(domains):
        if dom & (dom - 1):
            tables.open_hint = region
            return False
    return True


def one_mass_check(state: State, log: Log) -> bool:
    """A check, not a deduction: once every region is settled, the shaded
    cells must form one mass, or the position is dead.

    It waits for a settled board on purpose: it exists so that ``local`` +
    search counts exactly, not to make ``local`` any stronger (the ``tetro``
    rung's one-mass propagator is the rule that reasons about the mass).
    """
    state = _as_lits(state)
    if not state.dirty_check:
        return False
    state.dirty_check = False
    if not _settled(state):
        return False
    tables = state.tables
    shaded = 0
    for region, dom in enumerate(state.domains):
        shaded |= tables.cells_of[region][dom.bit_length() - 1]
    if shaded & ~flood(shaded & -shaded, shaded, tables):
        raise Contradiction("the shaded cells are not one mass")
    return False


# -- tetro ---------------------------------------------------------------------


def _union_of_rows(tables: Tables, region: int, table: list[Domain], dom: Domain) -> Domain:
    """The union of the arc rows of ``dom``'s placements (worked out first if need be)."""
    if dom & ~tables.filled[region]:
        tables.fill(region, dom)
    found = 0
    while dom:
        low = dom & -dom
        dom ^= low
        found |= table[low.bit_length() - 1]
    return found


def neighbour_shapes(state: State, log: Log) -> bool:
    """Arc consistency between adjacent regions: a tetromino that clashes with
    every tetromino left next door (touching with the same shape, or closing a
    2×2 with it) is impossible."""
    state = _as_lits(state)
    tables = state.tables
    domains = state.domains
    queue = state.dirty_arcs
    state.dirty_arcs = 0
    changed = False
    cache = tables.support_cache
    while queue:
        low = queue & -queue
        queue ^= low
        region = low.bit_length() - 1
        dom = domains[region]
        # a settled region (most revisions) reads its one row, not the memo
        settled = dom.bit_length() - 1 if dom and not dom & (dom - 1) else -1
        for arc, (other, table, free) in enumerate(tables.arcs[region]):
            if dom & free:
                continue  # a placement touching the neighbour nowhere supports it all
            # the placements of the neighbour that fit some placement in ``dom``
            if settled >= 0:
                if not tables.filled[region] & dom:
                    tables.fill(region, dom)
                fits = table[settled]
            else:
                key = (region, arc, dom)
                known = cache.get(key)
                if known is None:
                    if len(cache) > 500_000:
                        cache.clear()  # bound the memo on long searches
                    known = cache[key] = _union_of_rows(tables, region, table, dom)
                fits = known
            before = domains[other]
            after = before & fits
            if after == before:
                continue
            if not after:
                raise Contradiction(
                    f"no tetromino of {tables.region_words(other)} fits beside "
                    f"{tables.region_words(region)}"
                )
            domains[other] = after
            state._changed(other)
            queue |= 1 << other
            changed = True
            if log is not None:
                log.append(
                    Deduction(
                        "neighbour-shapes",
                        tuple(members(tables.region_mask[other])),
                        f"{tables.region_words(other)} cannot hold "
                        f"{tables.placements_words(other, before & ~after)}: each would touch a "
                        "tetromino of the same shape, or close a 2x2, with every tetromino "
                        f"left in {tables.region_words(region)}",
                        because=tuple(members(tables.region_mask[region])),
                    )
                )
    state.dirty_arcs = 0  # everything queued was revised against its neighbours
    return changed


def one_mass(state: State, log: Log) -> bool:
    """All shaded cells form one mass: it lies in one connected part of the
    possibly-shaded cells, a part that offers every region a tetromino and
    holds every shaded cell. Tetrominoes stranded elsewhere are impossible."""
    state = _as_lits(state)
    if not state.dirty_mass:
        return False
    state.dirty_mass = False
    return keep_one_mass(state, log)


def cut_cell(state: State, log: Log) -> bool:
    """A cell without which the shaded cells could not form one mass is shaded."""
    state = _as_lits(state)
    if not state.dirty_cut:
        return False
    state.dirty_cut = False
    return shade_cut_cells(state, log)


def separating_cell(state: State, log: Log) -> bool:
    """A cell without which the shaded cells would fall apart is shaded (the
    cheap half of ``cut-cell``; not on the ladder: the hybrid SAT engine runs it)."""
    state = _as_lits(state)
    if not state.dirty_split:
        return False
    state.dirty_split = False
    return shade_separating_cells(state, log)


def out_of_touch(state: State, log: Log) -> bool:
    """A tetromino that no other region's shading could touch is impossible
    (not on the ladder: the hybrid SAT engine runs it)."""
    return drop_out_of_touch(_as_lits(state), log)


def only_neighbour(state: State, log: Log) -> bool:
    """A tetromino that only one other region could touch is touched by that
    region's (not on the ladder: the hybrid SAT engine runs it)."""
    return reach_from_only_neighbour(_as_lits(state), log)


def probe(state: State, log: Log) -> bool:
    """Singleton consistency: assume a region holds one tetromino, run the
    ``tetro`` rules; if they reach a contradiction, that tetromino is impossible.

    Regions are tried round-robin from where the last successful probe left
    off; the rule returns after the first region that loses something, so
    the cheap rules run again before the next probe, and reports no change
    only after a whole round without one.
    """
    state = _as_lits(state)
    tables = state.tables
    count = tables.region_count
    for step in range(count):
        region = (state.probe_from + step) % count
        dom = state.domains[region]
        if not dom & (dom - 1):
            continue
        dead = 0
        rest = dom
        while rest:
            low = rest & -rest
            rest ^= low
            trial = state.copy()
            try:
                trial.fix(region, low)
                propagate(trial, TETRO_RULES)
            except Contradiction:
                dead |= low
        if not dead:
            continue
        state.probe_from = region
        if dead == dom:
            raise Contradiction(f"every tetromino of {tables.region_words(region)} fails")
        state.narrow(region, ~dead)
        if log is not None:
            words = tables.placements_words(region, dead)
            log.append(
                Deduction(
                    "probe",
                    tuple(members(tables.region_mask[region])),
                    f"assuming {tables.region_words(region)} holds {words} leads the tetro "
                    "rules to a contradiction",
                )
            )
        return True
    return False


COUNT_TO_FOUR = Rule(
    "count-to-four", count_to_four, "cells every tetromino of a region covers are shaded"
)
NO_SQUARE = Rule("no-2x2", no_square, "three shaded cells of a 2x2 leave the fourth unshaded")
TOUCHING_TWINS = Rule(
    "touching-twins",
    touching_twins,
    "check: settled neighbours never touch with equal shapes",
    check=True,
)
ONE_MASS_CHECK = Rule(
    "one-mass-check",
    one_mass_check,
    "check: a settled board's shaded cells are one mass",
    check=True,
)
NEIGHBOUR_SHAPES = Rule(
    "neighbour-shapes",
    neighbour_shapes,
    "arc consistency: equal shapes never touch, two regions never close a 2x2",
)
ONE_MASS = Rule("one-mass", one_mass, "tetrominoes cut off from the one shaded mass go")
CUT_CELL = Rule("cut-cell", cut_cell, "a cell the one mass cannot do without is shaded")
PROBE = Rule("probe", probe, "a tetromino whose assumption makes the tetro rules fail goes")
SEPARATING_CELL = Rule(
    "separating-cell",
    separating_cell,
    "a cell without which the shaded cells fall apart is shaded (cut-cell's cheap half)",
)
OUT_OF_TOUCH = Rule(
    "out-of-touch",
    out_of_touch,
    "a tetromino with no cell beside another region's possible shading goes",
)
ONLY_NEIGHBOUR = Rule(
    "only-neighbour",
    only_neighbour,
    "a tetromino only one region could touch is touched by that region's",
)

LADDER = Ladder(
    (
        Rung(
            "local",
            (COUNT_TO_FOUR, NO_SQUARE, TOUCHING_TWINS, ONE_MASS_CHECK),
            "count each region to four; no 2x2 (plus the checks that reject finished mistakes)",
        ),
        Rung(
            "tetro",
            (NEIGHBOUR_SHAPES, ONE_MASS),
            "local plus arc consistency between neighbours and the one-mass propagator",
        ),
        Rung(
            "probe",
            (CUT_CELL, PROBE),
            "tetro plus assume-and-refute: cut cells, then singleton consistency",
        ),
    )
)
TETRO_RULES = LADDER.rules("tetro")
