"""The one-mass propagator: LITS's only rule about the whole board.

A cell is *possibly shaded* while some remaining placement covers it. The
shaded cells of a solution are connected and all possibly shaded, so they
lie inside one connected component of the possibly-shaded cells. That
component must offer every region a placement (every region shades four
cells) and must hold every cell already known to be shaded. A placement is
connected, so it lies inside exactly one component; placements in a
component that fails either test are stranded and go. When no component
passes, the position has no solution.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine import Contradiction, Deduction, Log
from ...grid import Mask, members

if TYPE_CHECKING:
    from .rules import LitsState
    from .tables import Domain, Tables

LostFn = Callable[["Tables", int, "Domain", str, "int | None"], Deduction]


def flood(seed: Mask, inside: Mask, tables: Tables) -> Mask:
    """The cells of ``inside`` connected to ``seed`` (bit-parallel breadth-first)."""
    cols = tables.grid.cols
    left_ok = tables.not_last_col  # a cell may pass to its right neighbour
    right_ok = tables.not_first_col  # ... or receive from its left neighbour
    region = seed & inside
    while True:
        grown = (
            region
            | (region << 1 & right_ok)
            | (region >> 1 & left_ok)
            | region << cols
            | region >> cols
        ) & inside
        if grown == region:
            return region
        region = grown


def components(inside: Mask, tables: Tables) -> list[Mask]:
    """The connected components of a cell set, each as a bitset."""
    found = []
    rest = inside
    while rest:
        part = flood(rest & -rest, inside, tables)
        found.append(part)
        rest &= ~part
    return found


def keep_one_mass(state: LitsState, log: Log, lost: LostFn) -> bool:
    """Prune placements outside every component that could hold the mass."""
    tables = state.tables
    domains = state.domains
    cans = [state.must_and_can(region)[1] for region in range(tables.region_count)]
    possible = 0
    for can in cans:
        possible |= can
    parts = components(possible, tables)
    if len(parts) == 1:
        return False  # every placement lies in it, and so does every shaded cell
    good = 0
    for part in parts:
        if state.shaded & ~part:
            continue
        if all(can & part for can in cans):
            good |= part
    if not good:
        raise Contradiction("no connected part of the board can hold the whole shaded mass")
    changed = False
    cells_of = tables.cells_of
    for region, can in enumerate(cans):
        if not can & ~good:
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
                deduction = lost(tables, region, gone, "one-mass", None)
                log.append(
                    Deduction(
                        deduction.rule,
                        deduction.cells,
                        f"{deduction.reason}: it would be cut off from the one shaded mass "
                        f"(the part of the board it lies in {_why_not(state, cans, good)})",
                        because=tuple(members(possible & ~good)),
                    )
                )
    return changed


def _why_not(state: LitsState, cans: list[Mask], good: Mask) -> str:
    """Words for why the parts outside ``good`` cannot hold the mass."""
    tables = state.tables
    if state.shaded & good == state.shaded and state.shaded:
        return "misses a shaded cell or offers some region no tetromino"
    return "offers some region no tetromino"
