"""Cells the one shaded mass cannot do without.

``shade_cut_cells`` (the ``probe`` rung's ``cut-cell`` rule) asks the
one-mass question of :mod:`.mass` with one more cell left unshaded, for
each cell that would split its component, and shades the cells the mass
cannot do without. ``shade_separating_cells`` (``separating-cell``, off the
ladder: the hybrid SAT engine runs it) is its cheap half: a cell without
which the shaded cells fall apart is shaded.
"""

from __future__ import annotations

from ...engine import Deduction, Log, Rule, State
from ...grid import Mask, indices, members
from .state import LitsState, as_lits
from .tables import Tables


def cut_cell(state: State, log: Log) -> bool:
    """A cell without which the shaded cells could not form one mass is shaded."""
    state = as_lits(state)
    if not state.dirty_cut:
        return False
    state.dirty_cut = False
    return shade_cut_cells(state, log)


def separating_cell(state: State, log: Log) -> bool:
    """A cell without which the shaded cells would fall apart is shaded (the
    cheap half of ``cut-cell``; not on the ladder: the hybrid SAT engine runs it)."""
    state = as_lits(state)
    if not state.dirty_split:
        return False
    state.dirty_split = False
    return shade_separating_cells(state, log)


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


CUT_CELL = Rule("cut-cell", cut_cell, "a cell the one mass cannot do without is shaded")
SEPARATING_CELL = Rule(
    "separating-cell",
    separating_cell,
    "a cell without which the shaded cells fall apart is shaded (cut-cell's cheap half)",
)
