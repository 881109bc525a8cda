"""The one shaded mass: the ``tetro`` rung's one-mass propagator.

A cell is *possibly shaded* while some remaining placement covers it. The
shaded cells of a solution are connected and all possibly shaded, so they
lie inside one connected component of the possibly-shaded cells. That
component must offer every region a placement (every region shades four
cells) and must hold every cell already known to be shaded. A placement is
connected, so it lies inside exactly one component; placements in a
component that fails either test are stranded and go. When no component
passes, the position has no solution.

The other consequences of the one mass have modules of their own:
:mod:`.cut_cells` (cells the mass cannot do without) and :mod:`.touch`
(every tetromino touches another region's shading).
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import Mask, members
from ...grid import flood as grid_flood
from .places import Why
from .state import LitsState, as_lits
from .tables import Tables


def flood(seed: Mask, inside: Mask, tables: Tables) -> Mask:
    """The cells of ``inside`` connected to ``seed``."""
    return grid_flood(seed, inside, tables.grid.cols, tables.not_first_col, tables.not_last_col)


def components(inside: Mask, tables: Tables) -> tuple[Mask, ...]:
    """The connected components of a cell set, each as a bitset (memoised per board:
    sibling search nodes and probes meet the same possibly-shaded sets again)."""
    cache = tables.parts_cache
    found = cache.get(inside)
    if found is None:
        parts = []
        rest = inside
        while rest:
            part = flood(rest & -rest, inside, tables)
            parts.append(part)
            rest &= ~part
        found = tuple(parts)
        if len(cache) > 50_000:
            cache.clear()
        cache[inside] = found
    return found


def one_mass(state: State, log: Log) -> bool:
    """All shaded cells form one mass: it lies in one connected part of the
    possibly-shaded cells, a part that offers every region a tetromino and
    holds every shaded cell. Tetrominoes stranded elsewhere are impossible."""
    state = as_lits(state)
    if not state.dirty_mass:
        return False
    state.dirty_mass = False
    return keep_one_mass(state, log)


def keep_one_mass(state: LitsState, log: Log) -> bool:
    """Prune placements outside every component that could hold the mass.

    The possibly-shaded cells are read as "not known unshaded": once
    ``count-to-four`` is at its fixpoint (it runs before this rule) the two
    are the same set, since it marks unshaded every cell its region can no
    longer cover; before that, "not unshaded" is a superset, which keeps the
    rule sound, only weaker.
    """
    tables = state.tables
    domains = state.domains
    possible = tables.all_cells & ~state.unshaded
    parts = components(possible, tables)
    if len(parts) <= 1:
        return False  # every placement lies in it, and so does every shaded cell
    masks = tables.region_mask
    good = 0
    for part in parts:
        if state.shaded & ~part:
            continue
        if all(mask & part for mask in masks):
            good |= part
    if not good:
        words = "no connected part of the board can hold the whole shaded mass"
        raise Contradiction(Why(words, tuple(members(state.shaded))))
    changed = False
    cells_of = tables.cells_of
    for region, mask in enumerate(masks):
        if not mask & possible & ~good:
            continue
        dom = domains[region]
        gone = 0
        rest = dom
        while rest:
            low = rest & -rest
            rest ^= low
            if not cells_of[region][low.bit_length() - 1] & good:
                gone |= low
        if gone:
            state.narrow(region, ~gone)
            changed = True
            if log is not None:
                log.append(
                    Deduction(
                        "one-mass",
                        tuple(members(tables.region_mask[region])),
                        f"{tables.region_words(region)} cannot hold "
                        f"{tables.placements_words(region, gone)}: each would lie in a part of "
                        "the board, walled off by unshaded cells, that "
                        + _why_not(state, parts, good),
                        because=tuple(members(possible & ~good)),
                    )
                )
    return changed


def _why_not(state: LitsState, parts: tuple[Mask, ...], good: Mask) -> str:
    """Words for why the parts outside ``good`` cannot hold the mass."""
    masks = state.tables.region_mask
    reasons = set()
    for part in parts:
        if part & good:
            continue
        if state.shaded & ~part:
            reasons.add("misses a shaded cell")
        if not all(mask & part for mask in masks):
            reasons.add("offers some region no tetromino")
    return " and ".join(sorted(reasons)) or "cannot hold the mass"


ONE_MASS = Rule("one-mass", one_mass, "tetrominoes cut off from the one shaded mass go")
