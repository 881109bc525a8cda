"""The ``placements`` rung's rules: each region's pairs against the cells
around it, and arc consistency between the pairs of neighbouring regions.

``region-placements`` tries every pair left in a region: shade the pair,
unshade the rest of the region, and look at the pair's cells and the shaded
cells around the region. A pair goes when one of them would have two shaded
neighbours, or none and no neighbour left that could be one. Each pair that
stays forces some cells outside the region (the cells around a finished
domino and a cell beside two of the shading stay unshaded; a cell of the pair
with one way out shades it); what every pair left forces is written.
``neighbour-pairs`` drops a pair of a region that no pair left of a
neighbouring region may stand beside (:meth:`.tables.Tables.compatible`).
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import Mask, indices, members
from .places import log_marks, region_why
from .state import SHADED, UNSHADED, NoriState, as_nori
from .tables import Tables


def region_placements(state: State, log: Log) -> bool:
    """Keep a region's pairs that fit the cells around it; write what all of them force."""
    state = as_nori(state)
    tables = state.tables
    dirty = state.dirty_place
    state.dirty_place = 0
    changed = False
    for region in indices(dirty):
        dom = state.domains[region]
        keep, shade, unshade = 0, -1, -1
        for index in indices(dom):
            forced = _forced(state, region, tables.pair_mask[region][index])
            if forced is None:
                continue
            keep |= 1 << index
            shade &= forced[0]
            unshade &= forced[1]
        if not keep:
            raise Contradiction(region_why(tables, region, "has no two cells left that fit"))
        shade &= ~state.shaded
        unshade &= ~state.unshaded
        if keep == dom and not shade and not unshade:
            continue
        changed = True
        if keep != dom:
            state.narrow(region, keep)
            if log is not None:
                log.append(_dropped(tables, region, dom & ~keep))
        state.shade(shade)
        state.unshade(unshade)
        if log is not None:
            _explain_forced(tables, region, shade, unshade, log)
    return changed


def _forced(state: NoriState, region: int, pair: Mask) -> tuple[Mask, Mask] | None:
    """The cells outside ``region`` that shading ``pair`` there forces shaded
    and unshaded, or None when the pair cannot be."""
    tables = state.tables
    near = tables.near_mask
    shaded = state.shaded | pair
    unshaded = state.unshaded | (tables.region_mask[region] & ~pair)
    shade = unshade = 0
    for cell in members(pair | (tables.ring[region] & state.shaded)):
        touching = near[cell] & shaded
        if touching & (touching - 1):
            return None
        if touching:
            other = touching.bit_length() - 1
            if near[other] & shaded & ~(1 << cell):
                return None
            unshade |= (near[cell] | near[other]) & ~shaded
            continue
        # a partner must touch this cell and no other shaded cell
        ways = 0
        for side in members(near[cell] & ~unshaded):
            if near[side] & shaded == 1 << cell:
                ways |= 1 << side
            else:
                unshade |= 1 << side
        if not ways:
            return None
        if not ways & (ways - 1):
            shade |= ways
    if shade & unshade or shade & state.unshaded or unshade & shaded:
        return None
    return shade, unshade


def _dropped(tables: Tables, region: int, gone: int) -> Deduction:
    count = gone.bit_count()
    return Deduction(
        "region-placements",
        tables.puzzle.region_cells[region],
        f"{tables.region_words(region)} loses {count} way{'s' if count > 1 else ''} to shade "
        "two cells: each would leave a shaded cell beside two others, or with no partner",
    )


def _explain_forced(
    tables: Tables, region: int, shade: Mask, unshade: Mask, log: list[Deduction]
) -> None:
    where = f"whichever two cells {tables.region_words(region)} shades, each of these"
    marks = (
        (shade, SHADED, f"{where} is the only partner left for a shaded cell"),
        (unshade, UNSHADED, f"{where} would join three shaded cells"),
    )
    log_marks(log, "region-placements", marks, tables.puzzle.region_cells[region])


def neighbour_pairs(state: State, log: Log) -> bool:
    """Arc consistency: a pair of a region goes when no pair left of a
    neighbouring region may stand beside it."""
    state = as_nori(state)
    tables = state.tables
    changed = False
    while state.dirty_arcs:
        dirty = state.dirty_arcs
        state.dirty_arcs = 0
        for region in indices(dirty):
            theirs = state.domains[region]
            for other in tables.beside[region]:
                dom = state.domains[other]
                keep = 0
                for index in indices(dom):
                    if tables.supports(other, index, region) & theirs:
                        keep |= 1 << index
                if keep == dom:
                    continue
                if not keep:
                    raise Contradiction(
                        region_why(
                            tables,
                            other,
                            f"has no pair that fits beside {tables.region_words(region)}",
                        )
                    )
                state.narrow(other, keep)
                changed = True
                if log is not None:
                    count = (dom & ~keep).bit_count()
                    log.append(
                        Deduction(
                            "neighbour-pairs",
                            tables.puzzle.region_cells[other],
                            f"{tables.region_words(other)} loses {count} way"
                            f"{'s' if count > 1 else ''} to shade two cells: none fits beside "
                            f"what {tables.region_words(region)} can shade",
                            tables.puzzle.region_cells[region],
                        )
                    )
        if changed:
            return True
    return changed


REGION_PLACEMENTS = Rule(
    "region-placements",
    region_placements,
    "a region keeps the pairs that fit around it, and writes what they all force",
)
NEIGHBOUR_PAIRS = Rule(
    "neighbour-pairs", neighbour_pairs, "arc consistency between neighbouring regions' pairs"
)
PLACEMENT_RULES = (REGION_PLACEMENTS, NEIGHBOUR_PAIRS)
