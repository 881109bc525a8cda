"""Everything about a LITS board that solving reads and never changes.

Computed once per puzzle and shared by every copy of a solving state:
each region's placements, which placements cover each cell, and -- the
table that turns the touching-shapes rule into bitset arithmetic -- for
every pair of adjacent regions and every placement of the first, the set
of placements of the second that can stand beside it.

Two placements of adjacent regions clash when they touch and have the same
shape, or when together they fill a 2×2 square (which needs them to touch
too). They never overlap: they belong to different regions.

The table's rows are filled on first need (:meth:`Tables.fill`): solving
reads the rows of the placements still alive, and the hybrid SAT engine
reads under half of them on the real boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ...grid import Grid, Mask, indices, mask_of, members, outline
from .model import Lits
from .shapes import SHAPES, Placement, anchors, edge_masks

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
    # placement cells and shape ids per region, as plain tuples for the hot loops
    cells_of: tuple[tuple[Mask, ...], ...]
    shapes_of: tuple[tuple[int, ...], ...]
    # the same placements' four cells, listed
    cells_listed: tuple[tuple[tuple[int, int, int, int], ...], ...]
    full: tuple[Domain, ...]
    # per cell: the placements of its region that cover it
    covering: tuple[Domain, ...]
    # per region: (neighbour region, per own placement: compatible neighbour
    # placements, own placements touching that neighbour nowhere). The rows
    # are filled on demand: read a row only after ``fill`` has covered it.
    arcs: tuple[tuple[tuple[int, list[Domain], Domain], ...], ...]
    # bit-parallel geometry for flood fills and 2x2 windows
    all_cells: Mask
    not_first_col: Mask
    not_last_col: Mask
    square_anchors: Mask
    # the cells whose right-hand / lower neighbour lies in another region
    # (holes are in no region: no border edge has a hole at either end)
    border_east: Mask
    border_south: Mask
    # the cells in no region (never shaded), and the cells in one
    holes: Mask
    inside: Mask
    # support sets of arcs, memoised by (region, arc index, domain)
    support_cache: dict[tuple[int, int, Domain], Domain] = field(default_factory=dict)
    # (cells every placement covers, cells some placement covers), by (region, domain)
    spread_cache: dict[tuple[int, Domain], tuple[Mask, Mask]] = field(default_factory=dict)
    # a region recently seen open (a hint for a fast "is anything open?")
    open_hint: int = 0
    # connected components of possibly-shaded cell sets
    parts_cache: dict[Mask, tuple[Mask, ...]] = field(default_factory=dict)
    # per region: the placements whose arc rows are final (see ``fill``)
    filled: list[Domain] = field(default_factory=list)
    # what ``fill`` reads: per cell, (arc position in its region's arcs, the
    # neighbour's placements covering a cell beside it, that neighbour's
    # placements by shape); per region, (arc position, own placements
    # covering their part of a 2x2, the neighbour's covering the rest)
    beside_cell: list[list[tuple[int, Domain, list[Domain]]]] = field(default_factory=list)
    closings: list[list[tuple[int, Domain, Domain]]] = field(default_factory=list)

    @classmethod
    def of(cls, puzzle: Lits) -> Tables:
        board = _board(puzzle.rows, puzzle.cols)
        grid = board.grid
        region_of = puzzle.regions
        region_cells = puzzle.region_cells
        holes = mask_of(puzzle.holes)
        inside = board.all_cells & ~holes
        # each hole a label of its own, so that no edge joins two holes into a
        # "region" a placement could be anchored in
        together = (
            [region if region >= 0 else -1 - cell for cell, region in enumerate(region_of)]
            if holes
            else region_of
        )
        east, south = edge_masks(grid, together)
        found, covering = _placements(puzzle, grid, east, south)
        # per region: its placements' masks, shape ids and listed cells
        columns = [tuple(zip(*region, strict=True)) or ((), (), ()) for region in found]
        tables = cls(
            puzzle=puzzle,
            grid=grid,
            region_of=region_of,
            region_mask=tuple(mask_of(cells) for cells in region_cells),
            region_cells=region_cells,
            cells_of=tuple(masks for masks, _, _ in columns),
            shapes_of=tuple(shapes for _, shapes, _ in columns),
            cells_listed=tuple(listed for _, _, listed in columns),
            full=tuple((1 << len(region)) - 1 for region in found),
            covering=covering,
            arcs=(),
            all_cells=board.all_cells,
            not_first_col=board.not_first_col,
            not_last_col=board.not_last_col,
            square_anchors=board.square_anchors,
            border_east=board.not_last_col & ~east & inside & inside >> 1,
            border_south=board.all_cells >> grid.cols & ~south & inside & inside >> grid.cols,
            holes=holes,
            inside=inside,
        )
        _arcs(tables, east, south)
        return tables

    def fill(self, region: int, wanted: Domain) -> None:
        """Make the arc rows of ``region``'s placements in ``wanted`` final.

        Rows are worked out on first need, placement by placement: the
        rung engine and the hybrid SAT encoder read the rows of the
        placements still alive, often under half of them, while building
        every row up front was the largest part of building the tables.
        A row starts as "compatible with everything" and loses, for each
        cell of the placement and each neighbour cell across a region
        border, the neighbour's placements covering that cell with the same
        shape; then the placements that would close a 2x2 with it.
        """
        todo = wanted & ~self.filled[region]
        if not todo:
            return
        self.filled[region] |= todo
        arcs = self.arcs[region]
        rows = [row for _, row, _ in arcs]
        cells_listed = self.cells_listed[region]
        shapes_of = self.shapes_of[region]
        beside_cell = self.beside_cell
        rest = todo
        while rest:
            low = rest & -rest
            rest ^= low
            index = low.bit_length() - 1
            shape = shapes_of[index]
            for cell in cells_listed[index]:
                for arc, cover, by_shape in beside_cell[cell]:
                    bad = cover & by_shape[shape]  # touching and the same shape
                    if bad:
                        rows[arc][index] &= ~bad
        for arc, holding, closing in self.closings[region]:
            hit = holding & todo
            row = rows[arc]
            while hit:
                low = hit & -hit
                row[low.bit_length() - 1] &= ~closing
                hit ^= low

    def outline(self, cells: Mask) -> Mask:
        """The cells outside ``cells`` sharing an edge with them."""
        return outline(cells, self.grid.cols, self.not_first_col, self.not_last_col, self.all_cells)

    def across_border(self, cells: Mask) -> Mask:
        """The cells with an edge neighbour in ``cells`` that lies in another region."""
        east, south, cols = self.border_east, self.border_south, self.grid.cols
        return (
            east & cells >> 1
            | (east & cells) << 1
            | south & cells >> cols
            | (south & cells) << cols
        )

    @cached_property
    def placements(self) -> tuple[tuple[Placement, ...], ...]:
        """Each region's placements (cells and shape), for words and tests:
        solving reads ``cells_of`` and the tables, so this is built on first use."""
        return tuple(
            tuple(map(Placement, cells, shapes))
            for cells, shapes in zip(self.cells_of, self.shapes_of, strict=True)
        )

    @property
    def region_count(self) -> int:
        return len(self.cells_of)

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


@dataclass(frozen=True)
class _Board:
    """What depends on the board's size alone, shared by every board of that size."""

    grid: Grid
    all_cells: Mask
    not_first_col: Mask
    not_last_col: Mask
    square_anchors: Mask


@lru_cache(maxsize=32)
def _board(rows: int, cols: int) -> _Board:
    grid = Grid(rows, cols)
    all_cells = (1 << rows * cols) - 1
    first_col = mask_of(r * cols for r in range(rows))
    last_col = mask_of(r * cols + cols - 1 for r in range(rows))
    anchors = mask_of(r * cols + c for r in range(rows - 1) for c in range(cols - 1))
    return _Board(grid, all_cells, all_cells & ~first_col, all_cells & ~last_col, anchors)


_Found = tuple[Mask, int, tuple[int, int, int, int]]
"""A placement while the tables are built: cells, shape id, the cells listed."""


def _placements(
    puzzle: Lits, grid: Grid, east: Mask, south: Mask
) -> tuple[list[list[_Found]], tuple[Domain, ...]]:
    """Every region's placements (ordered by cell bitset, as :func:`placements`
    orders them) and, per cell, the placements of its region covering it.

    All regions are matched at once: an orientation fits where all its
    edges join cells of one region (:func:`anchors`), so each placement is
    found from its anchor bit instead of grown region by region.
    """
    region_of = puzzle.regions
    found: list[list[_Found]] = [[] for _ in puzzle.region_cells]
    for orientation, can in anchors(grid, east, south):
        _, second, third, fourth = orientation.offsets(grid.cols)  # the first is 0
        pattern = 1 | 1 << second | 1 << third | 1 << fourth
        shape = orientation.shape
        for anchor in indices(can):
            found[region_of[anchor]].append(
                (
                    pattern << anchor,
                    shape,
                    (anchor, anchor + second, anchor + third, anchor + fourth),
                )
            )
    covering = [0] * len(region_of)
    for region in found:
        region.sort()
        bit = 1
        for _, _, (first, second, third, fourth) in region:
            covering[first] |= bit
            covering[second] |= bit
            covering[third] |= bit
            covering[fourth] |= bit
            bit <<= 1
    return found, tuple(covering)


Closings = list[list[tuple[int, Domain, Domain]]]
"""Per region: (neighbour, own placements covering the region's part of a
square, the neighbour's placements covering the rest): each of the first
set clashes with each of the second."""


def _closings(tables: Tables, east: Mask, south: Mask) -> Closings:
    """The 2×2 squares that two regions could fill together, as clashes.

    A square whose cells belong to exactly two regions is filled when one
    placement of each covers that region's part of it: the placements of
    a region covering its part are the intersection of its cells'
    ``covering`` sets, and each of those clashes with each of the other
    side's. (One region alone can't fill a square: no O. Three or more
    owners: the no-2×2 rule's job.)

    The squares are sorted by how their two owners split them, bit-parallel
    from the same-region edge masks ``east``/``south``, so each two-owner
    square is visited once with its two parts known. A split along a
    diagonal never happens: regions are connected, and a region joining
    two opposite corners round the outside would enclose one of the other
    two corners, cutting the second region in two.
    """
    cols = tables.grid.cols
    region_of = tables.region_of
    covering = tables.covering
    found: Closings = [[] for _ in tables.full]
    # per square by its top-left cell: is each of its four sides inside one region?
    top, bottom = east, east >> cols
    left, right = south, south >> 1
    squares = tables.square_anchors
    # (squares, step to the first part's cells, step to the second part's cells)
    splits: list[tuple[Mask, tuple[int, ...], tuple[int, ...]]] = [
        (squares & left & right & ~top & ~bottom, (0, cols), (1, cols + 1)),
        (squares & top & bottom & ~left & ~right, (0, 1), (cols, cols + 1)),
        (squares & bottom & right & ~top & ~left, (0,), (1, cols, cols + 1)),
        (squares & bottom & left & ~top & ~right, (1,), (0, cols, cols + 1)),
        (squares & top & right & ~left & ~bottom, (cols,), (0, 1, cols + 1)),
        (squares & top & left & ~bottom & ~right, (cols + 1,), (0, 1, cols)),
    ]
    for chosen, first_steps, second_steps in splits:
        for corner in indices(chosen):
            holding_first = holding_second = -1
            for step in first_steps:
                holding_first &= covering[corner + step]
            for step in second_steps:
                holding_second &= covering[corner + step]
            if not (holding_first and holding_second):
                continue
            first = region_of[corner + first_steps[0]]
            second = region_of[corner + second_steps[0]]
            found[first].append((second, holding_first, holding_second))
            found[second].append((first, holding_second, holding_first))
    return found


def _arcs(tables: Tables, east: Mask, south: Mask) -> None:
    """For each region and each adjacent region, the compatibility table's
    frame: rows that allow everything, made final by :meth:`Tables.fill`.

    A neighbour's placement is incompatible with one of ours when it covers
    a cell touching ours and has the same shape, or when it covers every
    cell of a 2×2 square that ours leaves open and ours covers the rest.
    Both are computed with the ``covering`` sets, never pair by pair.
    Beside a neighbour it never touches, a placement is compatible with
    everything: each arc records ``free``, our placements that touch the
    neighbour nowhere, which support all of its placements at once.
    """
    cols = tables.grid.cols
    covering = tables.covering
    region_of = tables.region_of
    full = tables.full
    shape_sets = []
    for shapes in tables.shapes_of:
        by_shape = [0] * len(SHAPES)
        for index, shape in enumerate(shapes):
            by_shape[shape] |= 1 << index
        shape_sets.append(by_shape)
    # per region: other region -> own placements touching it
    touched: list[dict[int, Domain]] = [{} for _ in full]
    borders: list[tuple[int, int]] = []
    for step, border in ((1, tables.border_east), (cols, tables.border_south)):
        for cell in indices(border):
            other = cell + step
            borders.append((cell, other))
            mine, theirs = region_of[cell], region_of[other]
            toward = touched[mine]
            toward[theirs] = toward.get(theirs, 0) | covering[cell]
            toward = touched[theirs]
            toward[mine] = toward.get(mine, 0) | covering[other]
    arcs = []
    position: list[dict[int, int]] = []
    for region, own in enumerate(full):
        neighbours = sorted(touched[region])
        position.append({other: arc for arc, other in enumerate(neighbours)})
        reach = touched[region]
        count = len(tables.cells_of[region])
        arcs.append(
            tuple((other, [full[other]] * count, own & ~reach[other]) for other in neighbours)
        )
    beside_cell: list[list[tuple[int, Domain, list[Domain]]]] = [[] for _ in region_of]
    for cell, other in borders:
        mine, theirs = region_of[cell], region_of[other]
        beside_cell[cell].append((position[mine][theirs], covering[other], shape_sets[theirs]))
        beside_cell[other].append((position[theirs][mine], covering[cell], shape_sets[mine]))
    tables.arcs = tuple(arcs)
    tables.beside_cell = beside_cell
    tables.closings = [
        [(position[region][other], holding, closing) for other, holding, closing in listed]
        for region, listed in enumerate(_closings(tables, east, south))
    ]
    tables.filled = [0] * len(full)
