"""LITS's rules about regions and their neighbours, for the ``local`` and ``tetro`` rungs.

``local``: ``count-to-four`` (each region counted to four), ``no-2x2``, and
two checks, ``touching-twins`` and ``one-mass-check``. ``tetro`` adds
``neighbour-shapes`` (arc consistency between adjacent regions) and the
one-mass propagator of :mod:`.mass`. The rules of the whole board's one
mass have modules of their own (:mod:`.mass`, :mod:`.cut_cells`,
:mod:`.touch`), and so does ``probe`` (:mod:`.probe`); :mod:`.ladder`
stacks them into rungs.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import Mask, members
from .mass import ONE_MASS, flood
from .places import Why, region_why
from .state import SHADED, UNSHADED, LitsState, as_lits
from .tables import Domain, Tables

# -- local ---------------------------------------------------------------------


def count_to_four(state: State, log: Log) -> bool:
    """A cell every remaining tetromino of its region covers is shaded; a cell
    none covers is unshaded. A region down to one tetromino gets it shaded
    (the step a hint ends on, announced once per region)."""
    state = as_lits(state)
    tables = state.tables
    if state.shaded & tables.holes:
        hole = state.shaded & tables.holes
        raise Contradiction(f"{tables.grid.label((hole & -hole).bit_length() - 1)} is a hole")
    dirty = state.dirty_local
    state.dirty_local = 0
    changed = False
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        region = low.bit_length() - 1
        dom = state.domains[region]
        if not dom:
            raise Contradiction(region_why(tables, region, "has no tetromino left"))
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
        if log is not None:
            _explain_count(tables, region, dom, must, new_shaded, new_unshaded, settles, log)
    return changed


def _explain_count(
    tables: Tables,
    region: int,
    dom: Domain,
    must: Mask,
    new_shaded: Mask,
    new_unshaded: Mask,
    settles: bool,
    log: list[Deduction],
) -> None:
    """The deductions of one region's count to four, in words."""
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
        return
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


def no_square(state: State, log: Log) -> bool:
    """A 2×2 square with three shaded cells leaves its fourth cell unshaded."""
    state = as_lits(state)
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
    full = here & right & below & diagonal
    if full:
        corner = (full & -full).bit_length() - 1
        square = (corner, corner + 1, corner + cols, corner + cols + 1)
        raise Contradiction(
            Why("the 2x2 square at " + tables.grid.label(corner) + " is fully shaded", square)
        )
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
    state = as_lits(state)
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
                words = (
                    f"the tetrominoes of {tables.region_words(region)} and "
                    f"{tables.region_words(other)} touch with the same shape"
                )
                both = tables.cells_of[region][dom.bit_length() - 1]
                both |= tables.cells_of[other][theirs.bit_length() - 1]
                raise Contradiction(Why(words, tuple(members(both))))
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
    state = as_lits(state)
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
        raise Contradiction(Why("the shaded cells are not one mass", tuple(members(shaded))))
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
    state = as_lits(state)
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
                words = f"fits beside {tables.region_words(region)}"
                raise Contradiction(region_why(tables, other, "has no tetromino that " + words))
            domains[other] = after
            state._changed(other)
            queue |= 1 << other
            changed = True
            if log is not None:
                log.append(_neighbour_words(tables, region, other, before & ~after))
    state.dirty_arcs = 0  # everything queued was revised against its neighbours
    return changed


def _neighbour_words(tables: Tables, region: int, other: int, lost: Domain) -> Deduction:
    """The deduction that ``other`` lost ``lost`` beside ``region``, in words."""
    return Deduction(
        "neighbour-shapes",
        tuple(members(tables.region_mask[other])),
        f"{tables.region_words(other)} cannot hold "
        f"{tables.placements_words(other, lost)}: each would touch a "
        "tetromino of the same shape, or close a 2x2, with every tetromino "
        f"left in {tables.region_words(region)}",
        because=tuple(members(tables.region_mask[region])),
    )


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

LOCAL_RULES = (COUNT_TO_FOUR, NO_SQUARE, TOUCHING_TWINS, ONE_MASS_CHECK)
"""The ``local`` rung's rules."""
TETRO_OWN_RULES = (NEIGHBOUR_SHAPES, ONE_MASS)
"""What the ``tetro`` rung adds to ``local``."""
TETRO_RULES = LOCAL_RULES + TETRO_OWN_RULES
"""Every rule of the ``tetro`` rung (``LADDER.rules("tetro")``): what a probe
trial propagates, and the generator's uniqueness count."""
