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
from ...grid import members
from .rules import fresh_room
from .settled import as_state, drop, put, region_words
from .state import FillominoState, Region, Why, settled_regions

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


MEMO_SIZE = 50_000
"""Most regions' ways kept per board (the cache is cleared past it)."""


def placements(state: State, log: Log) -> bool:
    """Grow each open region in every way; keep what the ways agree on."""
    state = as_state(state)
    tables = state.tables
    domains = state.domains
    regions, owner = settled_regions(state)
    changed = False
    covered: dict[int, set[int]] = {}  # per size: the cells some placement takes
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
        covered.setdefault(size, set()).update(ways.union)
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
        bit = 1 << (size - 1)
        room = fresh_room(state, size, owner, regions)
        why = f"no region of {size} can grow to take it and a new one has no room there"
        for cell, domain in enumerate(domains):
            if domain & bit and domain & (domain - 1) and cell not in union and cell not in room:
                changed |= drop(state, cell, bit, log, "placements", why)
        if changed:  # a cell settled: the regions are read again on the next call
            return True
    return changed


def region_ways(state: FillominoState, region: Region) -> Ways | None:
    """What the open region's placements say, None if it is not grown (too
    many cells needed, or too many ways). Raises Contradiction if it has none.

    The placements depend only on the cells within reach (those that may
    take the size, no further than the cells still needed) and the settled
    cells of the size beside them, so the answer is kept under that key.
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
        other
        for cell in distance
        for other in (cell, *near[cell])
        if domains[other] == bit
    )
    memo = state.tables.memo
    key = ("ways", size, region.cells, frozenset(distance), walls)
    if key not in memo:
        if len(memo) > MEMO_SIZE:
            memo.clear()
        memo[key] = _ways(state, region)
    found = memo[key]
    if found is False:
        words = f"{region_words(state.tables, region)} cannot grow to {size} cells"
        raise Contradiction(Why(words, region.cells))
    assert found is None or isinstance(found, Ways)
    return found


def _ways(state: FillominoState, region: Region) -> Ways | None | bool:
    try:
        found = grow(state, region)
    except TooMany:
        return None
    if not found:
        return False
    start = sum(1 << cell for cell in region.cells)
    shared, union, beside = -1, 0, -1
    for cells, ring in found:
        shared &= cells
        union |= cells
        beside &= ring & ~cells
    return Ways(
        frozenset(members(shared & ~start)),
        frozenset(members(union & ~start)),
        frozenset(members(beside)),
    )


def grow(state: FillominoState, region: Region) -> list[tuple[int, int]]:
    """Every placement of an open region (see the module's docstring), each as
    two cell bitsets: its cells and the cells beside them (with themselves).
    Raises TooMany past :data:`MOST_PLACEMENTS`.

    The sets are grown as Redelmeier's polyomino counter grows them: a cell
    tried and left is never added again in that branch, so each set comes once.
    """
    domains = state.domains
    tables = state.tables
    near_mask = tables.near_mask
    bit, size = region.bit, region.size
    allowed = 0
    walls = 0
    for cell, domain in enumerate(domains):
        if domain & bit:
            allowed |= 1 << cell
            if domain == bit:
                walls |= 1 << cell
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

    start = 0
    ring = 0
    for cell in region.cells:
        start |= 1 << cell
        ring |= near_mask[cell]
    extend(start, len(region.cells), ring | start, ring & allowed & ~start, 0)
    return found


PLACEMENTS = Rule(
    "placements",
    placements,
    "an open region grown every way it can: what all ways share, and what none takes",
)
