"""Every tetromino touches another region's shading.

With two or more regions, every tetromino is a proper part of the one
mass, so some cell of it lies beside a shaded cell of another region. Two
rules read that fact, both off the ladder (the hybrid SAT engine runs
them): ``drop_out_of_touch`` (a tetromino no other region's shading could
touch goes) and ``reach_from_only_neighbour`` (the same fact seen from the
one region able to do the touching).
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import Mask, indices, members
from .places import Why, region_why
from .state import LitsState, as_lits
from .tables import Domain, RegionSet, Tables


def out_of_touch(state: State, log: Log) -> bool:
    """A tetromino that no other region's shading could touch is impossible
    (not on the ladder: the hybrid SAT engine runs it)."""
    return drop_out_of_touch(as_lits(state), log)


def only_neighbour(state: State, log: Log) -> bool:
    """A tetromino that only one other region could touch is touched by that
    region's (not on the ladder: the hybrid SAT engine runs it)."""
    return reach_from_only_neighbour(as_lits(state), log)


def drop_out_of_touch(state: LitsState, log: Log) -> bool:
    """Drop each tetromino that no other region's shading could touch.

    With two or more regions, every tetromino is a proper part of the one
    mass, so some cell of it lies beside a shaded cell of another region.
    ``touch`` holds the cells that still have a neighbour across a region
    border not known unshaded (bit-parallel over the border masks); a
    placement with no cell in it goes.

    A placement's fate changes only when one of its cells leaves ``touch``,
    so only the regions of such cells are looked at (all of them the first
    time), and of those only a region with four or more cells outside
    ``touch`` can lose anything: the inside of a big region, or a region
    whose neighbours have gone unshaded.
    """
    tables = state.tables
    if tables.region_count < 2:
        return False
    touch = tables.across_border(tables.all_cells & ~state.unshaded)
    left = state.touch_seen & ~touch & tables.inside  # a hole is in no region to look at
    state.touch_seen = touch
    if not left:
        return False
    untouched = tables.inside & ~touch
    covering = tables.covering
    domains = state.domains
    region_of = tables.region_of
    region_mask = tables.region_mask
    changed = False
    for region in sorted({region_of[cell] for cell in indices(left)}):
        mask = region_mask[region]
        if (mask & untouched).bit_count() < 4:
            continue
        keep = 0
        for cell in indices(mask & touch):
            keep |= covering[cell]
        dom = domains[region]
        lost = dom & ~keep
        if not lost:
            continue
        if lost == dom:
            words = "has no tetromino that could touch another region's shading"
            raise Contradiction(region_why(tables, region, words))
        state.narrow(region, keep)
        changed = True
        if log is not None:
            log.append(
                Deduction(
                    "out-of-touch",
                    tuple(members(mask)),
                    f"{tables.region_words(region)} cannot hold "
                    f"{tables.placements_words(region, lost)}: no cell of another region "
                    "beside them can be shaded, so they could never join the mass",
                    because=tuple(members(tables.outline(mask) & state.unshaded)),
                )
            )
    return changed


def reach_from_only_neighbour(state: LitsState, log: Log) -> bool:
    """Make the one region that could touch a tetromino touch it.

    With two or more regions, every tetromino touches a shaded cell of
    another region. Whatever region R ends up holding, its tetromino lies
    in the cells some candidate covers, so that cell lies in the halo of
    those cells (the cells of other regions beside them, not known
    unshaded). When the whole halo belongs to one region N, N's tetromino
    covers a halo cell: N keeps only the placements that do.

    Only the regions whose halo may have changed are looked at: those that
    narrowed since the last run (``state.dirty_reach``) and their
    neighbours. A region already beside a shaded cell of another region
    with the cells every candidate covers is touched whatever it holds; it
    is remembered in ``state.touched`` and never looked at again.
    """
    tables = state.tables
    dirty = state.dirty_reach
    state.dirty_reach = 0
    if tables.region_count < 2 or not dirty:
        return False
    look = _with_neighbours(tables, dirty)
    possible = tables.all_cells & ~state.unshaded
    # the cells with a shaded neighbour across a region border
    joined = tables.across_border(state.shaded)
    region_of = tables.region_of
    region_mask = tables.region_mask
    domains = state.domains
    touched = state.touched
    changed = False
    for region in indices(look & ~touched):
        mask = region_mask[region]
        must, can = state.must_and_can(region)
        if must & joined:
            touched |= 1 << region
            continue
        halo = tables.outline(can) & possible & ~mask
        if not halo:
            words = "is out of reach: no other region could touch its tetromino"
            raise Contradiction(region_why(tables, region, words))
        other = region_of[(halo & -halo).bit_length() - 1]
        if halo & ~region_mask[other]:
            continue  # two or more regions could touch it
        keep = _covering_any(tables, halo)
        before = domains[other]
        if not before & keep:
            words = (
                f"has no tetromino that could touch the tetromino of "
                f"{tables.region_words(region)}, and no other region can"
            )
            both = tables.puzzle.region_cells[other] + tables.puzzle.region_cells[region]
            raise Contradiction(Why(f"{tables.region_words(other)} {words}", tuple(sorted(both))))
        if not state.narrow(other, keep):
            continue
        changed = True
        if log is not None:
            lost = before & ~domains[other]
            log.append(_only_neighbour_words(tables, region, other, lost, must or mask))
    state.touched = touched
    return changed


def _with_neighbours(tables: Tables, regions: RegionSet) -> RegionSet:
    """``regions`` and every region adjacent to one of them."""
    arcs = tables.arcs
    found = regions
    for region in indices(regions):
        for other, _, _ in arcs[region]:
            found |= 1 << other
    return found


def _covering_any(tables: Tables, cells: Mask) -> Domain:
    """The placements of the cells' region that cover at least one of ``cells``."""
    covering = tables.covering
    found = 0
    for cell in indices(cells):
        found |= covering[cell]
    return found


def _only_neighbour_words(
    tables: Tables, region: int, other: int, lost: Domain, because: Mask
) -> Deduction:
    """The deduction that ``other``, the only region beside ``region``'s
    tetromino, lost ``lost``, in words."""
    return Deduction(
        "only-neighbour",
        tuple(members(tables.region_mask[other])),
        f"the tetromino of {tables.region_words(region)} must touch another "
        f"region's, and only {tables.region_words(other)} has cells beside it "
        f"that can be shaded: {tables.region_words(other)} cannot hold "
        f"{tables.placements_words(other, lost)}",
        because=tuple(members(because)),
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
