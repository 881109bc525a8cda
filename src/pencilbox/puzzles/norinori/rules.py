"""Norinori's rules, for the ``person`` and ``placements`` rungs.

``person``: what a solver does looking at a cell and its neighbours.
``count-two`` (a region with only two cells left shades both; a region
with its two shades nothing else), ``no-three`` (a cell beside two shaded
cells, or beside a finished domino, stays unshaded), ``one-way-out`` (a
shaded cell with one neighbour left to pair with pairs with it) and
``no-partner`` (a cell whose neighbours are all unshaded stays unshaded).

``placements``: ``region-placements`` keeps only a region's pairs that fit
the cells around it (each shaded cell left with one partner at most and at
least one way to get it), and shades or unshades the cells outside the
region that every pair left agrees on; ``neighbour-pairs`` is arc
consistency between the pairs of neighbouring regions.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import Mask, indices, members
from .places import Why, region_why
from .state import SHADED, UNSHADED, NoriState, as_nori
from .sweep import SWEEP
from .tables import Tables

# -- person ----------------------------------------------------------------------


def count_two(state: State, log: Log) -> bool:
    """A cell every remaining pair of its region shades is shaded; a cell none
    shades is unshaded."""
    state = as_nori(state)
    tables = state.tables
    dirty = state.dirty_count
    state.dirty_count = 0
    changed = False
    for region in indices(dirty):
        dom = state.domains[region]
        if not dom:
            raise Contradiction(region_why(tables, region, "has no two cells left to shade"))
        must, can = state.must_and_can(region)
        new_shaded = must & ~state.shaded
        new_unshaded = tables.region_mask[region] & ~can & ~state.unshaded
        if not (new_shaded or new_unshaded):
            continue
        changed = True
        state.shade(new_shaded)
        state.unshade(new_unshaded)
        if not dom & (dom - 1):
            state.written |= 1 << region
        if log is not None:
            _explain_count(state, region, new_shaded, new_unshaded, log)
    return changed


def _explain_count(
    state: NoriState, region: int, new_shaded: Mask, new_unshaded: Mask, log: list[Deduction]
) -> None:
    tables = state.tables
    where = tables.region_words(region)
    inside = tables.region_mask[region]
    if new_shaded:
        log.append(
            Deduction(
                "count-two",
                tuple(indices(new_shaded)),
                f"{where} has only these cells left for its two shaded cells: shade them",
                because=tuple(indices(inside & state.unshaded)),
                writes=True,
                value=SHADED,
            )
        )
    if new_unshaded:
        done = (inside & state.shaded).bit_count() == 2
        reason = (
            f"{where} has its two shaded cells: the rest of it stays unshaded"
            if done
            else f"no way left to shade two cells of {where} uses these cells: they stay unshaded"
        )
        log.append(
            Deduction(
                "count-two",
                tuple(indices(new_unshaded)),
                reason,
                because=tuple(indices(inside & state.shaded)),
                writes=True,
                value=UNSHADED,
            )
        )


def no_three(state: State, log: Log) -> bool:
    """Around each newly shaded cell: with a shaded neighbour it is a finished
    domino, whose other neighbours stay unshaded; alone, any open neighbour
    that also touches another shaded cell stays unshaded (shading it would
    give it two shaded neighbours)."""
    state = as_nori(state)
    tables = state.tables
    fresh = state.fresh
    state.fresh = 0
    changed = False
    for cell in members(fresh):
        near = tables.near_mask
        touching = near[cell] & state.shaded
        if touching & (touching - 1):
            raise _crowded(tables, cell, touching)
        if touching:
            other = touching.bit_length() - 1
            if near[other] & state.shaded & ~(1 << cell):
                raise _crowded(tables, other, near[other] & state.shaded)
            both = 1 << cell | touching
            around = (near[cell] | near[other]) & ~both & ~state.unshaded
            if around:
                state.unshade(around)
                changed = True
                if log is not None:
                    words = f"{tables.label(min(cell, other))} and {tables.label(max(cell, other))}"
                    log.append(
                        _unshading(
                            "no-three",
                            around,
                            f"{words} form a domino: the cells beside it stay unshaded",
                            both,
                        )
                    )
            continue
        for side in members(near[cell] & ~state.shaded & ~state.unshaded):
            others = near[side] & state.shaded & ~(1 << cell)
            if others:
                state.unshade(1 << side)
                changed = True
                if log is not None:
                    two = tables.label(cell), tables.label(others.bit_length() - 1)
                    log.append(
                        _unshading(
                            "no-three",
                            1 << side,
                            f"{tables.label(side)} lies beside two shaded cells ({two[0]} and "
                            f"{two[1]}): shading it would join three",
                            1 << cell | others,
                        )
                    )
    return changed


def _crowded(tables: Tables, cell: int, touching: Mask) -> Contradiction:
    return Contradiction(
        Why(
            f"the shaded cell {tables.label(cell)} has two shaded neighbours",
            (cell, *indices(touching)),
        )
    )


def _unshading(rule: str, cells: Mask, reason: str, because: Mask) -> Deduction:
    return Deduction(
        rule, tuple(indices(cells)), reason, tuple(indices(because)), writes=True, value=UNSHADED
    )


def one_way_out(state: State, log: Log) -> bool:
    """A shaded cell with no shaded neighbour and one neighbour left that may
    be shaded pairs with it; with none left there is no answer."""
    state = as_nori(state)
    tables = state.tables
    look = state.look_out & state.shaded
    state.look_out = 0
    changed = False
    for cell in members(look):
        around = tables.near_mask[cell]
        if around & state.shaded:
            continue
        ways = around & ~state.unshaded
        if not ways:
            raise Contradiction(
                Why(
                    f"the shaded cell {tables.label(cell)} has no neighbour left to pair with",
                    (cell,),
                )
            )
        if ways & (ways - 1):
            continue
        state.shade(ways)
        changed = True
        if log is not None:
            log.append(
                Deduction(
                    "one-way-out",
                    tuple(indices(ways)),
                    f"the shaded cell {tables.label(cell)} has one way out: "
                    f"{tables.label(ways.bit_length() - 1)} is shaded with it",
                    (cell, *indices(around & state.unshaded)),
                    writes=True,
                    value=SHADED,
                )
            )
    return changed


def no_partner(state: State, log: Log) -> bool:
    """A cell whose neighbours are all unshaded could never have a shaded
    partner: it stays unshaded."""
    state = as_nori(state)
    tables = state.tables
    look = state.look_partner & ~state.shaded & ~state.unshaded
    state.look_partner = 0
    changed = False
    for cell in members(look):
        around = tables.near_mask[cell]
        if around & ~state.unshaded:
            continue
        state.unshade(1 << cell)
        changed = True
        if log is not None:
            log.append(
                _unshading(
                    "no-partner",
                    1 << cell,
                    f"every neighbour of {tables.label(cell)} is unshaded: it could have no "
                    "shaded partner, so it stays unshaded",
                    around,
                )
            )
    return changed


COUNT_TWO = Rule("count-two", count_two, "a region shades what every pair left shades")
NO_THREE = Rule("no-three", no_three, "a cell beside two shaded cells or a domino stays unshaded")
ONE_WAY_OUT = Rule("one-way-out", one_way_out, "a shaded cell with one way out takes it")
NO_PARTNER = Rule("no-partner", no_partner, "a cell with no possible partner stays unshaded")
PERSON_RULES = (SWEEP, COUNT_TWO, NO_THREE, ONE_WAY_OUT, NO_PARTNER)
"""The person rung: :data:`.sweep.SWEEP` does the four rules' first fixpoint
over the whole board at once, unless a log is kept; they do the rest."""
