"""Whole-region placements, the ``placements`` rung's rule.

An open region of size ``k`` that needs few more cells is grown in every
way it can be: each connected set of ``k`` cells holding it, all of which
may take ``k``, and touching no settled ``k`` outside (that cell would join
it). Then what all placements share is the region's (cells written ``k``),
a cell beside every placement is not ``k`` (a border), and a cell beside
the region that no placement takes is not ``k`` either (were it ``k``, it
would join). When every open region of ``k`` was grown, a cell that no
placement takes and no new region of ``k`` has room for loses ``k``.

Growing is capped (:data:`MOST_NEEDED` cells, :data:`MOST_PLACEMENTS`
placements): a region past the cap is skipped, which only weakens the rule.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine import Contradiction, Log, Rule, State
from ...grid import indices, mask_of, members
from .rules import fresh_room
from .settled import as_state, drop, put, region_words
from .state import FillominoState, Region, Why, plane, settled_regions

MOST_NEEDED = 8
"""An open region needing more cells than this is not grown."""

MOST_PLACEMENTS = 400
"""Growing a region stops (and the region is skipped) past this many placements."""


class TooMany(Exception):
    """A region has more placements than the cap."""


class Ways(NamedTuple):
    """What a region's placements say: the cells every one takes, the cells
    some one takes, and the cells beside every one (all outside the region)."""

    shared: frozenset[int]
    union: frozenset[int]
    beside: frozenset[int]
    union_mask: int


MEMO_SIZE = 50_000
"""Most regions' ways kept per board (the cache is cleared past it)."""


def placements(state: State, log: Log) -> bool:
    """Grow each open region in every way; keep what the ways agree on."""
    state = as_state(state)
    tables = state.tables
    domains = state.domains
    regions, _ = settled_regions(state)
    changed = False
    covered: dict[int, int] = {}  # per size: the cells some placement takes (a bitset)
    skipped: set[int] = set()  # sizes with a region not grown
    for region in regions:
        if region.complete:
            continue
        size, bit = region.size, region.bit
        ways = region_ways(state, region)
        if ways is None:
            skipped.add(size)
            continue
        name = region_words(tables, region) if log is not None else ""
        for cell in sorted(ways.shared):
            why = f"every way {name} can grow takes it"
            changed |= put(state, cell, size, log, "placements", why, region.cells)
        covered[size] = covered.get(size, 0) | ways.union_mask
        left_out = {cell for cell in region.exits if cell not in ways.union}
        for cell in sorted(ways.beside | left_out):
            if domains[cell] & bit and domains[cell] & (domains[cell] - 1):
                if cell in left_out:
                    why = f"it is beside {name}, and no way that region can grow takes it"
                else:
                    why = f"each way {name} can grow borders it"
                changed |= drop(state, cell, bit, log, "placements", why, region.cells)
    if changed:  # "no placement takes it" needs every region as it is now
        return True
    for size, union in sorted(covered.items()):
        if size in skipped:
            continue
        maybe, settled = plane(state, size)
        loose = maybe & ~settled & ~union
        if loose:
            loose &= ~fresh_room(state, size)
        if not loose:
            continue
        bit = 1 << (size - 1)
        why = f"no region of {size} can grow to take it and a new one has no room there"
        for cell in indices(loose):
            changed |= drop(state, cell, bit, log, "placements", why)
        return True  # a cell settled: the regions are read again on the next call
    return changed


def region_ways(state: FillominoState, region: Region) -> Ways | None:
    """What the open region's placements say, None if it is not grown (too
    many cells needed, or too many ways). Raises Contradiction if it has none.

    The placements depend only on the cells within reach (those that may
    take the size, no further than the cells still needed) and the settled
    cells of the size among them or beside them, so the answer is kept
    under that key.
    """
    size, bit = region.size, region.bit
    budget = size - len(region.cells)
    if budget > MOST_NEEDED:
        return None
    domains, near = state.domains, state.tables.near
    distance = dict.fromkeys(region.cells, 0)
    todo = list(region.cells)
    for cell in todo:  # breadth first: the list grows as it is read
        step = distance[cell] + 1
        if step > budget:
            continue
        for other in near[cell]:
            if other not in distance and domains[other] & bit:
                distance[other] = step
                todo.append(other)
    # Settled cells of the size within reach or beside it: a placement must take
    # each one it touches, so two states that differ in them differ in placements
    # even when the same cells are within reach.
    walls = frozenset(
        other for cell in distance for other in (cell, *near[cell]) if domains[other] == bit
    )
    memo = state.tables.memo
    reach = frozenset(distance)
    key = ("ways", size, region.cells, reach, walls)
    if key not in memo:
        if len(memo) > MEMO_SIZE:
            memo.clear()
        # What _ways reads is exactly the key: the region, the cells it may use
        # (those within reach) and the settled cells of its size it must not
        # touch from outside.
        memo[key] = _ways(near, size, region.cells, todo, walls)
    found = memo[key]
    if found is False:
        words = f"{region_words(state.tables, region)} cannot grow to {size} cells"
        raise Contradiction(Why(words, region.cells))
    assert found is None or isinstance(found, Ways)
    return found


def _ways(
    near: tuple[tuple[int, ...], ...],
    size: int,
    start: tuple[int, ...],
    reach: list[int],
    walls: frozenset[int],
) -> Ways | None | bool:
    """The placements of the region ``start`` of ``size``, grown in ``reach``
    (its cells first) avoiding ``walls`` from outside, summed up; False if
    there are none, None past the cap.

    Grown in a numbering of their own (the cells within reach, then those
    beside them), so the bitsets are a few machine words, not the board's.
    """
    local = {cell: index for index, cell in enumerate(reach)}
    inside = len(local)
    for cell in reach:
        for other in near[cell]:
            if other not in local:
                local[other] = len(local)
    cells = list(local)
    # A cell within reach beside a wall beyond reach is never taken: the wall
    # cannot be in the placement (it is too far), and it would join.
    shut = 0
    for cell in reach:
        if any(other in walls and local[other] >= inside for other in near[cell]):
            shut |= 1 << local[cell]
    allowed = ((1 << inside) - 1) & ~shut
    inner_walls = sum(1 << local[cell] for cell in walls if local[cell] < inside)
    near_mask = [sum(1 << local[other] for other in near[cell] if other in local) for cell in reach]
    begin = (1 << len(start)) - 1  # the region's cells are the first within reach
    if begin & shut:
        return False
    try:
        found = grow(near_mask, size, len(start), begin, allowed, inner_walls)
    except TooMany:
        return None
    if not found:
        return False
    shared, union, beside = -1, 0, -1
    for placed, ring in found:
        shared &= placed
        union |= placed
        beside &= ring & ~placed

    def board(mask: int) -> list[int]:
        return [cells[index] for index in members(mask)]

    union_cells = board(union & ~begin)
    return Ways(
        frozenset(board(shared & ~begin)),
        frozenset(union_cells),
        frozenset(board(beside)),
        mask_of(union_cells),
    )


def grow(
    near_mask: list[int], size: int, count: int, start: int, allowed: int, walls: int
) -> list[tuple[int, int]]:
    """Every placement of an open region (see the module's docstring), each as
    two cell bitsets: its cells and the cells beside them (with themselves).

    ``start`` holds the region's ``count`` cells, ``allowed`` the cells a
    placement may take, ``walls`` the settled cells of the size among them
    that a placement touching one must take; ``near_mask[cell]`` is the
    cell's neighbours (a placement's cells are all allowed, so only theirs
    are needed). Raises TooMany past :data:`MOST_PLACEMENTS`.

    The sets are grown as Redelmeier's polyomino counter grows them: a cell
    tried and left is never added again in that branch, so each set comes once.
    """
    found: list[tuple[int, int]] = []

    def extend(cells: int, count: int, ring: int, frontier: int, banned: int) -> None:
        if count == size:
            # No settled cell of the size beside the set outside it: it would join.
            if not ring & walls & ~cells:
                found.append((cells, ring))
                if len(found) > MOST_PLACEMENTS:
                    raise TooMany
            return
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            cell = low.bit_length() - 1
            grown = cells | low
            fresh = near_mask[cell] & allowed & ~(grown | banned | frontier)
            extend(grown, count + 1, ring | near_mask[cell], frontier | fresh, banned)
            banned |= low

    ring = start
    for cell in members(start):
        ring |= near_mask[cell]
    extend(start, count, ring, ring & allowed & ~start, 0)
    return found


PLACEMENTS = Rule(
    "placements",
    placements,
    "an open region grown every way it can: what all ways share, and what none takes",
)
