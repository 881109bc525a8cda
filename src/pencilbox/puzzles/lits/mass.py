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

Three more consequences of the one mass, off the ladder, run by the hybrid
SAT engine (:mod:`pencilbox.sat.lits`): ``shade_separating_cells`` (the
cheap half of cut-cell), ``drop_out_of_touch`` (every tetromino touches
another region's shading) and ``reach_from_only_neighbour`` (the same fact
seen from the one region able to do the touching).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Contradiction, Deduction, Log
from ...grid import Mask, indices, members
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


def cut_pieces(inside: Mask, tables: Tables) -> tuple[dict[int, list[Mask]], list[Mask]]:
    """The cells whose removal splits their component of ``inside``, each
    with the pieces it cuts off, and the components of ``inside``.

    Tarjan's low-link method, iterative so a long corridor cannot hit the
    recursion limit. Each cell's subtree of the search is kept as a bitset:
    removing cell c cuts off every child subtree that has no edge reaching
    above c (at the root: every child subtree when there are two or more),
    and what is left of c's component stays connected. So the parts of
    ``inside`` without c come out of one search, with no flood per cell.
    Membership is read off the set's binary text: testing a bit of a
    board-sized int costs a copy of it each time.
    """
    around = tables.grid.orthogonal
    flags = bin(inside)[:1:-1]
    size = len(flags)
    order = [-1] * len(around)
    low = [0] * len(around)
    subtree = [0] * len(around)
    pieces: dict[int, list[Mask]] = {}
    parts: list[Mask] = []
    counter = 0
    for root in indices(inside):
        if order[root] >= 0:
            continue
        order[root] = low[root] = counter
        counter += 1
        root_pieces: list[Mask] = []
        stack = [(root, -1, iter(around[root]))]
        while stack:
            cell, parent, rest = stack[-1]
            for other in rest:
                if other >= size or flags[other] != "1":
                    continue
                if order[other] < 0:
                    order[other] = low[other] = counter
                    counter += 1
                    stack.append((other, cell, iter(around[other])))
                    break
                if other != parent and order[other] < low[cell]:
                    low[cell] = order[other]
            else:
                stack.pop()
                mine = subtree[cell] | 1 << cell
                subtree[cell] = mine
                if parent < 0:
                    continue
                subtree[parent] |= mine
                if low[cell] < low[parent]:
                    low[parent] = low[cell]
                if parent == root:
                    root_pieces.append(mine)
                elif low[cell] >= order[parent]:
                    pieces.setdefault(parent, []).append(mine)
        if len(root_pieces) > 1:
            pieces[root] = root_pieces
        parts.append(subtree[root])
    return pieces, parts


def locally_cut(inside: Mask, tables: Tables) -> Mask:
    """The cells of ``inside`` whose neighbours in ``inside`` do not all join up
    around them: a superset of the cells whose removal splits ``inside``.

    Read bit-parallel from the 3×3 window: the four edge neighbours sit on
    a ring, each pair of ring-adjacent ones joined through the corner cell
    between them. Present edge neighbours fall into as many groups as there
    are present ones whose link to the next one round is missing (one group
    when no link is missing), and a cell whose neighbours form one group
    can always be walked round, so it splits nothing.
    """
    cols = tables.grid.cols
    first, last = tables.not_first_col, tables.not_last_col
    north = inside << cols
    south = inside >> cols
    west = inside << 1 & first
    east = inside >> 1 & last
    north_east = inside << cols - 1 & last
    north_west = inside << cols + 1 & first
    south_east = inside >> cols + 1 & last
    south_west = inside >> cols - 1 & first
    # each edge neighbour present without the link to the next one clockwise
    a = north & ~(north_east & east)
    b = east & ~(south_east & south)
    c = south & ~(south_west & west)
    d = west & ~(north_west & north)
    return inside & (a & (b | c | d) | b & (c | d) | c & d)


def separating_cells(inside: Mask, shaded: Mask, tables: Tables) -> list[int]:
    """The unshaded cells of ``inside`` whose removal would leave the
    ``shaded`` cells in two or more parts, in increasing order.

    One search of the same low-link kind as :func:`cut_pieces`, from a
    shaded cell, counting the shaded cells under each cell instead of
    keeping its subtree: a child subtree that no edge leads out of above
    cell c is a piece c cuts off, and c separates shaded cells exactly
    when such a piece holds some shaded cells but not all. (At the root
    every child is such a piece, and with a single child it holds
    everything else, so the test needs no special case.) When the search
    does not reach every shaded cell they lie in two parts of ``inside``
    already, and nothing is said: the one-mass rule refutes that position.
    """
    total = shaded.bit_count()
    if total < 2 or not locally_cut(inside, tables) & ~shaded:
        return []
    around = tables.grid.orthogonal
    flags = bin(inside)[:1:-1]
    marks = bin(shaded)[:1:-1]
    size, marked = len(flags), len(marks)
    order = [-1] * len(around)
    low = [0] * len(around)
    below = [0] * len(around)  # shaded cells in each cell's subtree
    root = (shaded & -shaded).bit_length() - 1
    order[root] = low[root] = 0
    counter = 1
    separating: list[int] = []
    stack = [(root, -1, iter(around[root]))]
    while stack:
        cell, parent, rest = stack[-1]
        for other in rest:
            if other >= size or flags[other] != "1":
                continue
            seen = order[other]
            if seen < 0:
                order[other] = low[other] = counter
                counter += 1
                stack.append((other, cell, iter(around[other])))
                break
            if seen < low[cell] and other != parent:
                low[cell] = seen
        else:
            stack.pop()
            count = below[cell]
            if cell < marked and marks[cell] == "1":
                count += 1
                below[cell] = count
            if parent < 0:
                continue
            below[parent] += count
            reach = low[cell]
            if reach < low[parent]:
                low[parent] = reach
            if reach >= order[parent] and 0 < count < total:
                separating.append(parent)
    if below[root] != total:
        return []  # the shaded cells lie in two parts already
    return sorted({cell for cell in separating if not (cell < marked and marks[cell] == "1")})


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
    left = state.touch_seen & ~touch & tables.all_cells
    state.touch_seen = touch
    if not left:
        return False
    untouched = tables.all_cells & ~touch
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
            raise Contradiction(
                f"no tetromino of {tables.region_words(region)} could touch another "
                "region's shading"
            )
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
    arcs = tables.arcs
    look = dirty
    for region in indices(dirty):
        for other, _, _ in arcs[region]:
            look |= 1 << other
    possible = tables.all_cells & ~state.unshaded
    # the cells with a shaded neighbour across a region border
    joined = tables.across_border(state.shaded)
    region_of = tables.region_of
    region_mask = tables.region_mask
    covering = tables.covering
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
            raise Contradiction(
                f"no other region could touch the tetromino of {tables.region_words(region)}"
            )
        other = region_of[(halo & -halo).bit_length() - 1]
        if halo & ~region_mask[other]:
            continue  # two or more regions could touch it
        keep = 0
        for cell in indices(halo):
            keep |= covering[cell]
        before = domains[other]
        if not before & keep:
            raise Contradiction(
                f"no tetromino of {tables.region_words(other)} could touch the tetromino of "
                f"{tables.region_words(region)}, and no other region can"
            )
        if not state.narrow(other, keep):
            continue
        changed = True
        if log is not None:
            log.append(
                Deduction(
                    "only-neighbour",
                    tuple(members(region_mask[other])),
                    f"the tetromino of {tables.region_words(region)} must touch another "
                    f"region's, and only {tables.region_words(other)} has cells beside it "
                    f"that can be shaded: {tables.region_words(other)} cannot hold "
                    f"{tables.placements_words(other, before & ~domains[other])}",
                    because=tuple(members(must or mask)),
                )
            )
    state.touched = touched
    return changed


def shade_separating_cells(state: LitsState, log: Log) -> bool:
    """Shade each cell without which the shaded cells could not be one mass."""
    tables = state.tables
    possible = tables.all_cells & ~state.unshaded
    cells = separating_cells(possible, state.shaded, tables)
    for cell in cells:
        state.shade(cell)
        if log is not None:
            log.append(
                Deduction(
                    "separating-cell",
                    (cell,),
                    f"{tables.grid.label(cell)} must be shaded: without it the shaded cells "
                    "could not join up into one mass",
                    because=tuple(members(state.shaded & ~(1 << cell))),
                    value=1,
                )
            )
    return bool(cells)


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
    pieces, parts = cut_pieces(possible, tables)
    for cell in sorted(pieces):
        if shaded >> cell & 1:
            continue
        region = tables.region_of[cell]
        without = state.domains[region] & ~tables.covering[cell]
        reach = 0  # where the region can still go without the cell
        cells_of = tables.cells_of[region]
        while without:
            bit = without & -without
            without ^= bit
            reach |= cells_of[bit.bit_length() - 1]
        if any(
            not shaded & ~part and reach & part and all(mask & part for mask in masks)
            for part in _without(1 << cell, pieces[cell], parts)
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


def _without(bit: Mask, cut_off: list[Mask], parts: list[Mask]) -> list[Mask]:
    """The connected parts of the set once the cell ``bit`` is gone: the
    pieces it cuts off, what is left of its own part, and the other parts."""
    found = list(cut_off)
    for part in parts:
        if part & bit:
            left = part & ~bit
            for piece in cut_off:
                left &= ~piece
            if left:
                found.append(left)
        else:
            found.append(part)
    return found
