"""Everything about a LITS board that solving reads and never changes.

Computed once per puzzle and shared by every copy of a solving state:
each region's placements, which placements cover each cell, and -- the
table that turns the touching-shapes rule into bitset arithmetic -- for
every pair of adjacent regions and every placement of the first, the set
of placements of the second that can stand beside it.

Two placements of adjacent regions clash when they touch and have the same
shape, or when together they fill a 2×2 square (which needs them to touch
too). They never overlap: they belong to different regions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...grid import Grid, Mask, mask_of, members
from .model import Lits
from .shapes import SHAPES, Placement, placements

RegionSet = int
"""A bitset over region numbers."""
Domain = int
"""A bitset over one region's placement indices."""


@dataclass
class Tables:
    """Per-board solving data (see the module docstring)."""

    puzzle: Lits
    grid: Grid
    region_of: tuple[int, ...]
    region_mask: tuple[Mask, ...]
    region_cells: tuple[tuple[int, ...], ...]
    placements: tuple[tuple[Placement, ...], ...]
    # placement cells per region, as a plain tuple for the hot loops
    cells_of: tuple[tuple[Mask, ...], ...]
    full: tuple[Domain, ...]
    # per cell: the placements of its region that cover it
    covering: tuple[Domain, ...]
    # per region: (neighbour region, per own placement: compatible neighbour
    # placements, own placements touching that neighbour nowhere)
    arcs: tuple[tuple[tuple[int, tuple[Domain, ...], Domain], ...], ...]
    # bit-parallel geometry for flood fills and 2x2 windows
    all_cells: Mask
    not_first_col: Mask
    not_last_col: Mask
    square_anchors: Mask
    # support sets of arcs, memoised by (region, arc index, domain)
    support_cache: dict[tuple[int, int, Domain], Domain] = field(default_factory=dict)
    # (cells every placement covers, cells some placement covers), by (region, domain)
    spread_cache: dict[tuple[int, Domain], tuple[Mask, Mask]] = field(default_factory=dict)
    # a region recently seen open (a hint for a fast "is anything open?")
    open_hint: int = 0
    # connected components of possibly-shaded cell sets
    parts_cache: dict[Mask, tuple[Mask, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle: Lits) -> Tables:
        grid = Grid(puzzle.rows, puzzle.cols)
        region_cells = puzzle.region_cells
        region_mask = tuple(mask_of(cells) for cells in region_cells)
        shapes_seen: dict[tuple[int, int], int] = {}
        found = tuple(placements(grid, cells, shapes_seen) for cells in region_cells)
        cells_of = tuple(tuple(p.cells for p in region) for region in found)
        covering = [0] * len(puzzle.regions)
        for region in found:
            for index, placement in enumerate(region):
                for cell in members(placement.cells):
                    covering[cell] |= 1 << index
        cols, rows = puzzle.cols, puzzle.rows
        all_cells = (1 << rows * cols) - 1
        first_col = mask_of(r * cols for r in range(rows))
        last_col = mask_of(r * cols + cols - 1 for r in range(rows))
        anchors = mask_of(r * cols + c for r in range(rows - 1) for c in range(cols - 1))
        tables = cls(
            puzzle=puzzle,
            grid=grid,
            region_of=puzzle.regions,
            region_mask=region_mask,
            region_cells=region_cells,
            placements=found,
            cells_of=cells_of,
            full=tuple((1 << len(region)) - 1 for region in found),
            covering=tuple(covering),
            arcs=(),
            all_cells=all_cells,
            not_first_col=all_cells & ~first_col,
            not_last_col=all_cells & ~last_col,
            square_anchors=anchors,
        )
        tables.arcs = _arcs(tables)
        return tables

    @property
    def region_count(self) -> int:
        return len(self.placements)

    def placement_words(self, region: int, index: int) -> str:
        """``the L on r1c1 r1c2 r2c1 r3c1``."""
        placement = self.placements[region][index]
        return f"the {placement.letter} on {self.grid.labels(members(placement.cells))}"

    def placements_words(self, region: int, chosen: Domain) -> str:
        """``the L on ...; the T on ...`` for the placements in ``chosen``."""
        return "; ".join(self.placement_words(region, index) for index in members(chosen))

    def region_words(self, region: int) -> str:
        """``region 3 (at r1c4)``: 1-based, located by its first cell."""
        first = self.puzzle.region_cells[region][0]
        return f"region {region + 1} (at {self.grid.label(first)})"


def _shared_squares(tables: Tables) -> dict[tuple[int, int], list[tuple[Mask, Domain]]]:
    """The 2×2 squares that two regions could fill together.

    For each ordered pair of regions whose cells make up a whole square:
    the square's cells in the first region, and the placements of the second
    that cover all of the square's cells in the second. A placement of the
    first that covers its part closes the square with exactly those.
    """
    grid = tables.grid
    cols = grid.cols
    region_of = tables.region_of
    shared: dict[tuple[int, int], list[tuple[Mask, Domain]]] = {}
    for r in range(grid.rows - 1):
        for c in range(cols - 1):
            top = r * cols + c
            cells = (top, top + 1, top + cols, top + cols + 1)
            owners = {region_of[cell] for cell in cells}
            if len(owners) != 2:
                continue  # one region can't (no O), three or more: the no-2x2 rule's job
            for mine in owners:
                (theirs,) = owners - {mine}
                part = mask_of(cell for cell in cells if region_of[cell] == mine)
                closing = tables.full[theirs]
                for cell in cells:
                    if region_of[cell] == theirs:
                        closing &= tables.covering[cell]
                shared.setdefault((mine, theirs), []).append((part, closing))
    return shared


def _arcs(tables: Tables) -> tuple[tuple[tuple[int, tuple[Domain, ...], Domain], ...], ...]:
    """For each region and each adjacent region, the compatibility table.

    A neighbour's placement is incompatible with one of ours when it covers
    a cell touching ours and has the same shape, or when it covers every
    cell of a 2×2 square that ours leaves open and ours covers the rest.
    Both are computed with the ``covering`` sets, never pair by pair, and
    only for the neighbours a placement actually touches: beside the others
    it is compatible with everything. Each arc also records ``free``, our
    placements that touch the neighbour nowhere, which support all of its
    placements at once.
    """
    grid = tables.grid
    cols = grid.cols
    orthogonal = grid.orthogonal_masks
    covering = tables.covering
    region_of = tables.region_of
    shared = _shared_squares(tables)
    shape_sets = []
    for listed in tables.placements:
        by_shape = [0] * len(SHAPES)
        for index, placement in enumerate(listed):
            by_shape[placement.shape] |= 1 << index
        shape_sets.append(by_shape)
    arcs = []
    for region, region_placements in enumerate(tables.placements):
        own = tables.region_mask[region]
        outline = 0
        for cell in members(own):
            outline |= orthogonal[cell]
        outline &= ~own
        neighbours = sorted({region_of[cell] for cell in members(outline)})
        compatible = {other: [tables.full[other]] * len(region_placements) for other in neighbours}
        free: dict[int, Domain] = dict.fromkeys(neighbours, tables.full[region])
        for index, placement in enumerate(region_placements):
            cells = placement.cells
            halo = (
                (
                    (cells << 1 & tables.not_first_col)
                    | (cells >> 1 & tables.not_last_col)
                    | cells << cols
                    | cells >> cols
                )
                & tables.all_cells
                & ~own
            )
            touching: dict[int, Domain] = {}
            for cell in members(halo):
                other = region_of[cell]
                touching[other] = touching.get(other, 0) | covering[cell]
            for other, beside in touching.items():
                free[other] &= ~(1 << index)
                bad = beside & shape_sets[other][placement.shape]
                for part, closing in shared.get((region, other), ()):
                    if cells & part == part:
                        bad |= closing
                compatible[other][index] &= ~bad
        arcs.append(tuple((other, tuple(compatible[other]), free[other]) for other in neighbours))
    return tuple(arcs)
