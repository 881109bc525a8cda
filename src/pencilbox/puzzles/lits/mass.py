"""The rules about the whole board: one shaded mass.

``keep_one_mass`` (the ``tetro`` rung's one-mass propagator):

A cell is *possibly shaded* while some remaining placement covers it. The
shaded cells of a solution are connected and all possibly shaded, so they
lie inside one connected component of the possibly-shaded cells. That
component must offer every region a placement (every region shades four
cells) and must hold every cell already known to be shaded. A placement is
connected, so it lies inside exactly one component; placements in a
component that fails either test are stranded and go. When no component
passes, the position has no solution.

``shade_cut_cells`` (the ``probe`` rung's cut-cell rule) asks the same
question with one more cell left unshaded, for each cell that would split
its component, and shades the cells the mass cannot do without.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Contradiction, Deduction, Log
from ...grid import Mask, members
from ...grid import flood as grid_flood

if TYPE_CHECKING:
    from .rules import LitsState
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
        raise Contradiction("no connected part of the board can hold the whole shaded mass")
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


# -- cut cells ---------------------------------------------------------------------


def articulation_cells(inside: Mask, tables: Tables) -> list[int]:
    """Cells whose removal splits their component of ``inside`` (Tarjan's
    low-link method, iterative so a long corridor cannot hit the recursion limit)."""
    around = tables.grid.orthogonal
    order = [-1] * len(around)
    low = [0] * len(around)
    found: set[int] = set()
    counter = 0
    for root in members(inside):
        if order[root] >= 0:
            continue
        order[root] = low[root] = counter
        counter += 1
        root_children = 0
        stack = [(root, -1, 0)]
        while stack:
            cell, parent, next_index = stack[-1]
            neighbours = around[cell]
            while next_index < len(neighbours):
                other = neighbours[next_index]
                next_index += 1
                if not inside >> other & 1:
                    continue
                if order[other] < 0:
                    stack[-1] = (cell, parent, next_index)
                    order[other] = low[other] = counter
                    counter += 1
                    stack.append((other, cell, 0))
                    if cell == root:
                        root_children += 1
                    break
                if other != parent and order[other] < low[cell]:
                    low[cell] = order[other]
            else:
                stack.pop()
                if parent >= 0:
                    if low[cell] < low[parent]:
                        low[parent] = low[cell]
                    if parent != root and low[cell] >= order[parent]:
                        found.add(parent)
        if root_children > 1:
            found.add(root)
    return sorted(found)


def shade_cut_cells(state: LitsState, log: Log) -> bool:
    """A cell without which no part of the possibly-shaded cells could hold
    the mass must be shaded.

    Assume cell c stays unshaded: its region loses the placements covering
    c, and the possibly-shaded cells lose c. The mass must then lie in one
    connected part holding every shaded cell and a placement of every region.
    Only a cell that splits its part (an articulation point) can change the
    answer: any other cell leaves the parts as they were, minus a cell that
    every other region does without and that its own region does not need
    (else ``count-to-four`` would have shaded it already).
    """
    tables = state.tables
    possible = tables.all_cells & ~state.unshaded
    shaded = state.shaded
    masks = tables.region_mask
    changed = False
    for cell in articulation_cells(possible, tables):
        if shaded >> cell & 1 or not possible >> cell & 1:
            continue
        region = tables.region_of[cell]
        without = state.domains[region] & ~tables.covering[cell]
        reach = 0  # where the region can still go without the cell
        cells_of = tables.cells_of[region]
        while without:
            bit = without & -without
            without ^= bit
            reach |= cells_of[bit.bit_length() - 1]
        rest = possible & ~(1 << cell)
        if any(
            not shaded & ~part and reach & part and all(mask & part for mask in masks)
            for part in components(rest, tables)
        ):
            continue
        state.shade(cell)
        shaded = state.shaded
        changed = True
        if log is not None:
            label = tables.grid.label(cell)
            log.append(
                Deduction(
                    "cut-cell",
                    (cell,),
                    f"{label} must be shaded: without it the cells that can still be shaded "
                    "fall apart, and no part holds every shaded cell and a tetromino for "
                    "every region",
                    because=tuple(members(shaded & ~(1 << cell))),
                    value=1,
                )
            )
    return changed
