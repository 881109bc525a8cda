"""Fillomino's solving state: one variable per cell, its domain the sizes left.

Cell ``r * cols + c`` is variable ``r * cols + c``, and its domain has bit
``k - 1`` set while the cell may lie in a region of ``k`` cells (the face's
``candidate_marks``: a player's pencil marks are the same bits). There are
no other variables: ``state.domains`` is exactly ``rows * cols`` long, so the
SAT encoder's hybrid reads the cells' size bitsets from it as they are. A
cell with one bit left is *settled* to that size.

Why no edge variables: two neighbours of equal size are in one region (two
regions of one size never touch), so the sizes alone fix the partition and
a fully settled state is exactly one answer. A border between two cells is
"their sizes differ" and a join "they are equal"; beside a settled cell a
border is an elimination in the other cell's domain, which is what the
rules say ("r2c3 cannot be 4: the 4 at r2c2 is complete"). Keeping only the
cells also keeps the hint machinery's cells-are-variables view (a
supposition is a size in a cell, told as "r2c3 is 4").

Reading a state: :func:`solution_rows` (a solved state's grid),
:func:`settled_cells` (each settled cell's size) and :func:`position_state`
(the state of a player's numbers).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress, count
from operator import ne
from typing import NamedTuple, Self

from ...engine import Contradiction, State
from ...errors import PuzzleError
from ...grid import Rows
from .model import Fillomino
from .tables import Tables, tables_for


class FillominoState(State):
    """Domains, plus bookkeeping that never changes what is true: where the
    probe's round-robin goes on from, the settled regions last read off the
    domains (``read``: the ``version`` they were read at, what
    :func:`settled_regions` found, and the domains it read them from), and
    per size the cells that may take it (``planes``, for one version).

    ``version`` counts the changes to the domains: every narrowing goes
    through :meth:`narrow`, :meth:`fix` or :meth:`touch` (the rules'
    ``drop`` and the edge marks call it), so a rule that finds the version
    unchanged since the regions were read reuses them. Most rule calls
    narrow nothing, and reading the regions was most of their cost. When
    the version moved, the regions are read again only around the cells
    whose domains differ from those they were read from (a copy's domains
    too: the comparison is with the domains themselves, not the version).
    """

    __slots__ = ("probe_from", "version", "read", "planes")
    tables: Tables

    def __init__(
        self,
        domains: list[int],
        tables: Tables,
        probe_from: int = 0,
        version: int = 0,
        read: Read | None = None,
    ) -> None:
        super().__init__(domains, tables)
        self.probe_from = probe_from
        self.version = version
        self.read = read
        self.planes: tuple[int, dict[int, tuple[int, int]]] | None = None

    def copy(self) -> Self:
        return type(self)(
            self.domains.copy(), self.tables, self.probe_from, self.version, self.read
        )

    def touch(self) -> None:
        """Note that the domains changed (the regions must be read again)."""
        self.version += 1

    def narrow(self, var: int, keep: int) -> bool:
        if not super().narrow(var, keep):
            return False
        self.version += 1
        return True

    def fix(self, var: int, value_bit: int) -> None:
        super().fix(var, value_bit)
        self.version += 1

    def choose(self) -> int | None:
        """Branch where a region must grow: an exit of the open settled region
        with the fewest exits (the exit with the fewest sizes left), else the
        cell with the fewest sizes; but first a cell in a pocket that fits
        at most one of its sizes (:func:`_pocket_cell`).

        Growing open regions first finds a region walled in, or too large,
        within a few levels, where a cell far from everything would start a
        region no rule can judge yet.
        """
        try:
            regions, owner = settled_regions(self)
        except Contradiction:
            return super().choose()
        pocket = _pocket_cell(self, regions, owner)
        if pocket is not None:
            return pocket
        domains = self.domains
        best: tuple[int, int] | None = None
        chosen = None
        for region in regions:
            if region.complete or not region.exits:
                continue
            for cell in region.exits:
                rank = (len(region.exits), domains[cell].bit_count())
                if best is None or rank < best:
                    best, chosen = rank, cell
        return chosen if chosen is not None else super().choose()


def _pocket_cell(state: FillominoState, regions: list[Region], owner: list[int]) -> int | None:
    """An unsettled cell with sizes its pocket cannot hold and at most one that
    it can, if there is one: searched first, since its children die at once
    (or one lives), where the rungs below reach keep such sizes.

    A cell's region lies in its pocket (the connected unsettled cells around
    it) and the settled regions beside the pocket, so a size above the
    pocket's cell count fits only if a region of that size is beside it.
    """
    domains, near = state.domains, state.tables.near
    seen = [False] * len(domains)
    for start, domain in enumerate(domains):
        if seen[start] or not domain & (domain - 1):
            continue
        seen[start] = True
        pocket, todo, beside = [start], [start], 0
        while todo:
            for other in near[todo.pop()]:
                dom = domains[other]
                if not dom & (dom - 1):
                    if owner[other] >= 0:
                        beside |= regions[owner[other]].bit
                elif not seen[other]:
                    seen[other] = True
                    pocket.append(other)
                    todo.append(other)
        fits = beside | ((1 << len(pocket)) - 1)
        for cell in pocket:
            domain = domains[cell]
            if domain & ~fits and (domain & fits).bit_count() <= 1:
                return cell
    return None


def as_fillomino(state: State) -> FillominoState:
    assert isinstance(state, FillominoState)
    return state


def size_of(domain: int) -> int:
    """The size a settled domain holds (0 when it is empty or holds several)."""
    return domain.bit_length() if domain and not domain & (domain - 1) else 0


def new_state(puzzle: Fillomino) -> FillominoState:
    """The untouched board: each cell's sizes by the sound bound (:mod:`.tables`)."""
    tables = tables_for(puzzle)
    return FillominoState(list(tables.full), tables)


def position_state(puzzle: Fillomino, grid: Rows) -> FillominoState:
    """The state of a player's numbers: a numbered cell holds its number alone.

    A number is taken as written even where the bound had ruled it out, and
    a number written over a given leaves the cell with nothing: the rules
    then find the contradiction (a hint reports it as a mistake).
    """
    if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
        raise PuzzleError(f"position is not {puzzle.rows}x{puzzle.cols}")
    state = new_state(puzzle)
    cells = puzzle.cells
    for cell, value in enumerate(v for row in grid for v in row):
        if not value:
            continue
        given = puzzle.givens[cell]
        fits = 0 < value <= cells and (not given or given == value)
        state.domains[cell] = 1 << (value - 1) if fits else 0
    return state


def solution_rows(puzzle: Fillomino, state: State) -> Rows:
    """The grid of a solved state: each cell's size."""
    sizes = [size_of(domain) for domain in state.domains[: puzzle.cells]]
    cols = puzzle.cols
    return [sizes[r * cols : (r + 1) * cols] for r in range(puzzle.rows)]


def settled_cells(puzzle: Fillomino, state: State) -> dict[int, int]:
    """Each cell with one size left, mapped to that size."""
    found = {}
    for cell, domain in enumerate(state.domains[: puzzle.cells]):
        size = size_of(domain)
        if size:
            found[cell] = size
    return found


# -- the settled regions: what the rules (and choose) read off a state --------


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


class Read(NamedTuple):
    """The settled regions as read at one ``version``, from ``domains`` (a copy)."""

    version: int
    regions: list[Region]
    owner: list[int]
    domains: list[int]


def settled_regions(state: FillominoState) -> tuple[list[Region], list[int]]:
    """The settled regions in the order of their first cells, and per cell the
    index of its region (-1: unsettled).

    Raises Contradiction for a cell left with no size. Kept on the state
    until its domains change, then read again around what changed (see
    :class:`FillominoState`).
    """
    read = state.read
    if read is not None and read.version == state.version:
        return read.regions, read.owner
    domains = state.domains
    if read is None:
        regions, owner = _read_regions(state, range(len(domains)), [-1] * len(domains), [])
    else:
        changed = list(compress(count(), map(ne, read.domains, domains)))
        regions, owner = _reread(state, read, changed)
    state.read = Read(state.version, regions, owner, domains.copy())
    return regions, owner


def plane(state: FillominoState, size: int) -> tuple[int, int]:
    """Two cell bitsets: the cells whose domain holds ``size``, and those of
    them settled to it. Kept on the state for one version."""
    planes = state.planes
    if planes is None or planes[0] != state.version:
        planes = state.planes = (state.version, {})
    found = planes[1].get(size)
    if found is None:
        bit = 1 << (size - 1)
        domains = state.domains
        powers = state.tables.powers
        maybe = sum(compress(powers, map(bit.__and__, domains)))
        settled = sum(compress(powers, map(bit.__eq__, domains)))
        found = planes[1][size] = (maybe, settled)
    return found


def _reread(
    state: FillominoState, read: Read, changed: list[int]
) -> tuple[list[Region], list[int]]:
    """The regions again, given the last read and the cells changed since:
    a region is read again when one of its cells or a cell beside it changed
    (its cells, size or exits may differ); every other one is kept."""
    domains = state.domains
    if len(changed) * 4 > len(domains):  # much changed: read the whole board
        return _read_regions(state, range(len(domains)), [-1] * len(domains), [])
    near = state.tables.near
    old_owner = read.owner
    stale: set[int] = set()
    seeds: list[int] = []
    for cell in changed:
        if old_owner[cell] >= 0:
            stale.add(old_owner[cell])
        for other in near[cell]:
            if old_owner[other] >= 0:
                stale.add(old_owner[other])
        seeds.append(cell)
    if not stale and not seeds:
        return read.regions, read.owner
    kept: list[Region] = []
    renumber = [-1] * (len(read.regions) + 1)  # the last: -1 stays -1
    for index, region in enumerate(read.regions):
        if index in stale:
            seeds.extend(region.cells)
        else:
            renumber[index] = len(kept)
            kept.append(region)
    owner = list(map(renumber.__getitem__, old_owner))
    seeds.sort()
    regions, owner = _read_regions(state, seeds, owner, kept)
    if len(regions) > len(kept) and kept:
        # the order of a full read: by first cell (a rule's steps, and so a
        # hint's words, come out in the same order however the regions were read)
        order = sorted(range(len(regions)), key=lambda index: regions[index].cells[0])
        renumber = [0] * (len(regions) + 1)
        renumber[-1] = -1
        for new, index in enumerate(order):
            renumber[index] = new
        regions = [regions[index] for index in order]
        owner = list(map(renumber.__getitem__, owner))
    return regions, owner


def _read_regions(
    state: FillominoState, starts: Iterable[int], owner: list[int], found: list[Region]
) -> tuple[list[Region], list[int]]:
    """Read the regions of the settled cells among ``starts`` not yet owned,
    appending them to ``found`` and marking them in ``owner``."""
    domains = state.domains
    near = state.tables.near
    for start in starts:
        domain = domains[start]
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
