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

from ...engine import Contradiction, Deduction, Log, State
from .state import FillominoState, Region, Why
from .tables import Tables


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
