"""What the rules read off a state: the settled regions, and how they speak.

A *settled region* is a connected group of settled cells of one size (two
neighbours settled alike are in one region, since regions of one size never
touch). It is *complete* when it has as many cells as its size, *open*
while it has fewer; its *exits* are the unsettled neighbours that may still
take its size. Rules narrow through :func:`drop`, which logs one step per
cell in a person's words: "r2c3 can only be 4: ..." when the cell is left
with one size (a writing step), "r2c3 cannot be 4: ..." otherwise.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine import Contradiction, Deduction, Log, State
from .state import FillominoState
from .tables import Tables


class Why(NamedTuple):
    """A rule's reason for a contradiction: its words and the cells they are about."""

    words: str
    cells: tuple[int, ...]


class Region(NamedTuple):
    """A settled region: its size, its cells (the first in reading order first)
    and its exits (unsettled neighbours whose domain still holds the size)."""

    size: int
    cells: tuple[int, ...]
    exits: tuple[int, ...]

    @property
    def bit(self) -> int:
        return 1 << (self.size - 1)

    @property
    def complete(self) -> bool:
        return len(self.cells) == self.size


def settled_regions(state: FillominoState) -> tuple[list[Region], list[int]]:
    """The settled regions, and per cell the index of its region (-1: unsettled).

    Raises Contradiction for a cell left with no size. Kept on the state
    until its domains change (see :class:`.state.FillominoState`).
    """
    if state.read is not None and state.read[0] == state.version:
        return state.read[1]  # type: ignore[return-value]
    found_regions = _read_regions(state)
    state.read = (state.version, found_regions)
    return found_regions


def _read_regions(state: FillominoState) -> tuple[list[Region], list[int]]:
    domains = state.domains
    near = state.tables.near
    owner = [-1] * len(domains)
    found: list[Region] = []
    for start, domain in enumerate(domains):
        if owner[start] >= 0 or domain & (domain - 1):
            continue
        if not domain:
            tables = state.tables
            raise Contradiction(Why(f"{tables.label(start)} has no size left", (start,)))
        index = len(found)
        owner[start] = index
        cells, todo, exits = [start], [start], set()
        while todo:
            for other in near[todo.pop()]:
                dom = domains[other]
                if dom == domain:
                    if owner[other] < 0:
                        owner[other] = index
                        cells.append(other)
                        todo.append(other)
                elif dom & domain and dom & (dom - 1):
                    exits.add(other)
        cells.sort()
        found.append(Region(domain.bit_length(), tuple(cells), tuple(sorted(exits))))
    return found, owner


def region_words(tables: Tables, region: Region) -> str:
    """``the 4 at r1c1, r1c2`` (a long region named by its first cells)."""
    shown = region.cells[:4]
    more = " ..." if len(region.cells) > len(shown) else ""
    return f"the {region.size} at {tables.labels(shown)}{more}"


def sizes_words(mask: int) -> str:
    """Sizes as a person reads them: ``4``, ``2 or 5``, ``2, 4 or 7-12``."""
    runs: list[str] = []
    value = 0
    while mask:
        skip = (mask & -mask).bit_length() - 1
        mask >>= skip
        value += skip
        run = (~mask & (mask + 1)).bit_length() - 1  # the ones at the bottom
        first, last = value + 1, value + run
        runs.append(
            str(first) if run == 1 else f"{first}-{last}" if run > 2 else f"{first}, {last}"
        )
        mask >>= run
        value += run
    if len(runs) == 1:
        return runs[0]
    return f"{', '.join(runs[:-1])} or {runs[-1]}"


def drop(
    state: FillominoState,
    cell: int,
    sizes: int,
    log: Log,
    rule: str,
    why: str,
    because: tuple[int, ...] = (),
) -> bool:
    """Take ``sizes`` (a bitset) out of ``cell``'s domain; True if any went.

    Logs the step (see the module's docstring); a cell left with nothing
    raises Contradiction with the reason.
    """
    domains = state.domains
    old = domains[cell]
    new = old & ~sizes
    if new == old:
        return False
    tables = state.tables
    if not new:
        words = f"{tables.label(cell)} has no size left ({why})"
        raise Contradiction(Why(words, (cell, *because)))
    domains[cell] = new
    state.touch()
    if log is not None:
        log.append(step(tables, rule, cell, old, new, why, because))
    return True


def put(
    state: FillominoState,
    cell: int,
    size: int,
    log: Log,
    rule: str,
    why: str,
    because: tuple[int, ...] = (),
) -> bool:
    """Settle ``cell`` to ``size``: :func:`drop` of every other size."""
    return drop(state, cell, ~(1 << (size - 1)), log, rule, why, because)


def step(
    tables: Tables, rule: str, cell: int, old: int, new: int, why: str, because: tuple[int, ...]
) -> Deduction:
    label = tables.label(cell)
    if new & (new - 1):
        words = f"{label} cannot be {sizes_words(old & ~new)}: {why}"
        return Deduction(rule, (cell,), words, because)
    size = new.bit_length()
    words = f"{label} can only be {size}: {why}"
    return Deduction(rule, (cell,), words, because, writes=True, value=size)


def as_state(state: State) -> FillominoState:
    assert isinstance(state, FillominoState)
    return state
