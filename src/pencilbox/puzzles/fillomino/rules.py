"""Fillomino's rules for the rungs a person climbs (joining two equal
numbers, placements and probing have modules of their own: :mod:`.join`,
:mod:`.placements`, :mod:`.probe`).

``closed``
    a region as large as its number is complete: no neighbour takes its
    size (the border around it). A region larger than its number, or one
    too small with no exit left, is a contradiction, so this rule alone
    rejects every broken finished grid and each rung with search counts
    exactly.
``only-exit`` and ``too-big``
    an open region with one exit left extends there; a cell beside two or
    more regions of one size cannot take that size if joining them all
    would be too large (two equal numbers side by side split, too).
``reach``
    a cell can take size ``k`` only if an open region of ``k`` reaches it
    within the cells it still needs (a path of cells that may be ``k``), or
    a new region of ``k`` fits around it: a connected room of at least ``k``
    unsettled cells that may be ``k`` and touch no region of ``k``. A size
    no number on the board holds needs only room: the open area around the
    cell must be that large. An open region whose reach holds too few cells
    is a contradiction.

Each rule narrows through :func:`.settled.drop`, which logs per cell.
"""

from __future__ import annotations

from ...engine import Contradiction, Log, Rule, State
from ...grid import indices, mask_of
from .model import Fillomino
from .settled import as_state, drop, put, region_words
from .state import FillominoState, Region, Why, plane, settled_regions
from .tables import Tables

# -- closed ----------------------------------------------------------------------------


def closed(state: State, log: Log) -> bool:
    """A complete region's exits lose its size; an overfull region, or an open
    one with no exit, is a contradiction."""
    state = as_state(state)
    tables = state.tables
    regions, _ = settled_regions(state)
    changed = False
    for region in regions:
        size, cells = region.size, region.cells
        if len(cells) > size:
            words = f"{region_words(tables, region)} has {len(cells)} cells, more than {size}"
            raise Contradiction(Why(words, cells))
        if len(cells) == size:
            if region.exits:  # (an exit holds the size: the words are needed)
                why = f"{region_words(tables, region)} is complete"
                for cell in region.exits:
                    changed |= drop(state, cell, region.bit, log, "closed", why, cells)
        elif not region.exits:
            named = region_words(tables, region)
            words = f"{named} has {len(cells)} of its {size} cells and no way out"
            raise Contradiction(Why(words, cells))
    return changed


def room(state: State, log: Log) -> bool:
    """An open region whose size cannot fit in the cells it can reach (through
    cells that may take its size) is a contradiction: a check, which narrows
    nothing, so that search rejects a walled-in region at once."""
    state = as_state(state)
    domains, near = state.domains, state.tables.near
    regions, _ = settled_regions(state)
    _enough_cells(state, regions)
    for region in regions:
        size = region.size
        if len(region.cells) + len(region.exits) >= size:
            continue  # complete, or its exits alone give it room
        bit = region.bit
        seen = set(region.cells)
        todo = list(region.exits)
        seen.update(todo)
        while todo and len(seen) < size:
            for other in near[todo.pop()]:
                if other not in seen and domains[other] & bit:
                    seen.add(other)
                    todo.append(other)
        if len(seen) < size:
            words = f"{region_words(state.tables, region)} has room for only {len(seen)} cells"
            raise Contradiction(Why(words, region.cells))
    return False


def _enough_cells(state: FillominoState, regions: list[Region]) -> None:
    """The open regions together need no more cells than are unsettled.

    Open regions of one size may meet and make one region, so per size the
    need is counted as if they all met in as few regions as hold them: ``m``
    regions of ``k`` holding ``s`` settled cells (``m`` the least with
    ``m * k >= s``) still need ``m * k - s`` cells. Without this a search
    with only the rungs below reach (which bound no size) starts regions of
    large sizes the board no longer has room for and only finds out cell by
    cell.
    """
    settled = 0
    held: dict[int, int] = {}
    for region in regions:
        settled += len(region.cells)
        if len(region.cells) < region.size:
            held[region.size] = held.get(region.size, 0) + len(region.cells)
    need = sum(-(-cells // size) * size - cells for size, cells in held.items())
    free = len(state.domains) - settled
    if need > free:
        words = f"the open regions need {need} more cells, and only {free} are left"
        cells = tuple(c for r in regions if len(r.cells) < r.size for c in r.cells)
        raise Contradiction(Why(words, cells))


# -- way out -------------------------------------------------------------------------


def only_exit(state: State, log: Log) -> bool:
    """An open region with one exit left extends through it."""
    state = as_state(state)
    tables = state.tables
    regions, _ = settled_regions(state)
    changed = False
    for region in regions:
        if len(region.exits) == 1 and not region.complete:
            (cell,) = region.exits
            why = f"it is the only way out of {region_words(tables, region)}"
            changed |= put(state, cell, region.size, log, "only-exit", why, region.cells)
    return changed


def too_big(state: State, log: Log) -> bool:
    """An unsettled cell cannot take size ``k`` when the regions of ``k`` beside
    it and the cell itself add up to more than ``k``."""
    state = as_state(state)
    tables = state.tables
    domains = state.domains
    regions, owner = settled_regions(state)
    changed = False
    seen: set[int] = set()
    for region in regions:
        for cell in region.exits:
            if cell in seen:
                continue
            seen.add(cell)
            by_size: dict[int, set[int]] = {}
            for other in tables.near[cell]:
                if owner[other] >= 0:
                    by_size.setdefault(regions[owner[other]].size, set()).add(owner[other])
            for size, joined in by_size.items():
                total = 1 + sum(len(regions[i].cells) for i in joined)
                if total <= size or not domains[cell] & (1 << (size - 1)):
                    continue
                because = tuple(c for i in sorted(joined) for c in regions[i].cells)
                named = " and ".join(region_words(tables, regions[i]) for i in sorted(joined))
                why = f"with {named} it would make {total} cells"
                changed |= drop(state, cell, 1 << (size - 1), log, "too-big", why, because)
    return changed


# -- reach ---------------------------------------------------------------------------


def reach(state: State, log: Log) -> bool:
    """Sizes no region can bring to a cell go (see the module's docstring).

    "No region reaches it" needs every settled region, so the regions are
    read again after each size that settled a cell.
    """
    state = as_state(state)
    regions, _ = settled_regions(state)
    named = 0
    for region in regions:
        named |= region.bit
    changed = _room_for_new_sizes(state, named, log)
    sizes = sorted({region.size for region in regions})
    for size in sizes:
        if changed:
            regions, _ = settled_regions(state)
        maybe, settled = plane(state, size)
        loose = maybe & ~settled  # the unsettled cells that may take the size
        if not loose:
            continue
        reached = 0
        for region in regions:
            if region.size == size and not region.complete:
                reached |= within_reach(state, region, maybe)
        loose &= ~reached
        if not loose:
            continue
        loose &= ~fresh_room(state, size)
        if not loose:
            continue
        why = f"no {size} on the board reaches it and a new region of {size} has no room there"
        bit = 1 << (size - 1)
        for cell in indices(loose):
            changed |= drop(state, cell, bit, log, "reach", why)
    return changed


def _room_for_new_sizes(state: State, named: int, log: Log) -> bool:
    """A size no settled cell holds makes a region of unsettled cells alone:
    at most as large as the connected open area around the cell."""
    state = as_state(state)
    domains = state.domains
    changed = False
    for area in open_areas(state.tables, domains):
        keep = named | ((1 << len(area)) - 1)
        why = None
        for cell in area:
            if domains[cell] & ~keep:
                if why is None:
                    why = (
                        f"a region of a size no number on the board holds has no more "
                        f"room than the {len(area)} open cells around it"
                    )
                changed |= drop(state, cell, ~keep, log, "reach", why)
    return changed


def open_areas(tables: Tables, domains: list[int]) -> list[list[int]]:
    """The connected groups of unsettled cells."""
    near = tables.near
    seen = [False] * len(domains)
    found = []
    for start, domain in enumerate(domains):
        if seen[start] or not domain & (domain - 1):
            continue
        seen[start] = True
        group, todo = [start], [start]
        while todo:
            for other in near[todo.pop()]:
                if not seen[other] and domains[other] & (domains[other] - 1):
                    seen[other] = True
                    group.append(other)
                    todo.append(other)
        found.append(group)
    return found


def within_reach(state: FillominoState, region: Region, maybe: int) -> int:
    """The unsettled cells an open region can reach (a bitset): a path from it
    of cells that may take its size (``maybe``), no longer than the cells it
    still needs.

    Raises Contradiction when the region and every cell within that distance
    are fewer than its size.
    """
    tables = state.tables
    budget = region.size - len(region.cells)
    start = mask_of(region.cells)
    reached = start
    for _ in range(budget):
        grown = tables.spread(reached) & maybe
        if grown == reached:
            break
        reached = grown
    if reached.bit_count() < region.size:
        words = (
            f"{region_words(tables, region)} needs {budget} more cells and "
            f"finds only {reached.bit_count() - len(region.cells)} within reach"
        )
        raise Contradiction(Why(words, region.cells))
    return reached & ~start


def fresh_room(state: FillominoState, size: int) -> int:
    """The unsettled cells that may hold a new region of ``size`` (a bitset): in
    a connected room of at least ``size`` unsettled cells that may take it
    and touch no settled cell of that size."""
    tables = state.tables
    maybe, settled = plane(state, size)
    usable = maybe & ~tables.spread(settled)
    room = 0
    rest = usable
    while rest:
        group = tables.flood(rest & -rest, usable)
        rest &= ~group
        if group.bit_count() >= size:
            room |= group
    return room


# -- the rules, and a contradiction's words ---------------------------------------------

CLOSED = Rule("closed", closed, "a complete region's neighbours cannot take its size")
ROOM = Rule("room", room, "an open region needs room for its size", check=True)
ONLY_EXIT = Rule("only-exit", only_exit, "an open region with one way out extends there")
TOO_BIG = Rule("too-big", too_big, "a cell joining regions of its size into too many cells cannot")
REACH = Rule("reach", reach, "a size needs a region that reaches the cell, or room for a new one")


def contradiction_words(
    puzzle: Fillomino, state: State, reason: object
) -> tuple[str, tuple[int, ...]]:
    """Words and cells for a Contradiction: a rule's :class:`~.settled.Why`, or
    a cell (its variable) left with no size."""
    if isinstance(reason, Why):
        return reason.words, reason.cells
    if isinstance(reason, int) and 0 <= reason < puzzle.cells:
        row, col = divmod(reason, puzzle.cols)
        return f"r{row + 1}c{col + 1} has no size left", (reason,)
    if isinstance(reason, str):
        return reason, ()
    return "the rules reach a contradiction", ()
