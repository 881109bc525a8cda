"""Per-board tables every copy of a Norinori state shares.

A region's variable is which two of its cells it shades: its domain is a
bitset over the region's *pairs* (every two of its cells, in a fixed
order), so that the engine's search and the rules speak of the same
values. ``covering[cell]`` is the set of pairs of the cell's region that
shade it; ``near_mask[cell]`` its edge neighbours.

Arc consistency between neighbouring regions uses ``compatible``: which
pairs of region Q may stand beside pair p of region R, judged on those two
regions alone (no cell of the two with two shaded neighbours among their
four shaded cells; none without a possible partner once the rest of both
regions is unshaded). It is worked out for a pair of regions on first use
and kept, since it depends on the board alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ...grid import Mask, indices, members
from .model import Norinori, neighbours

Domain = int
"""A bitset over a region's pairs."""


@dataclass(frozen=True)
class Grid:
    """The shape of a ``rows`` x ``cols`` board, the same for every board of that
    size: each cell's neighbours as a mask, and the masks that let a rule move
    a whole set of cells one step at once (:mod:`.sweep`): a set shifted by
    ``cols`` bits is the cells below (or above) its members, one bit the cells
    beside them once the column that would wrap to the next row is cut."""

    rows: int
    cols: int
    near: tuple[tuple[int, ...], ...]  # above, below, left, right: those on the board
    near_mask: tuple[Mask, ...]
    board: Mask  # every cell
    not_first: Mask  # every cell but those of the first column
    not_last: Mask  # every cell but those of the last column
    # per cell, the dominoes with a cell beside it: across, each at its left
    # cell, and down, each at its top cell (what :mod:`.halo` crowds out)
    touch_across: tuple[Mask, ...]
    touch_down: tuple[Mask, ...]

    def beside(self, cells: Mask) -> Mask:
        """The cells that share an edge with some cell of ``cells``."""
        cols = self.cols
        return (
            (cells << cols) & self.board
            | cells >> cols
            | (cells << 1) & self.not_first
            | (cells >> 1) & self.not_last
        )

    def twice(self, cells: Mask) -> Mask:
        """The cells that share an edge with two or more cells of ``cells``."""
        cols = self.cols
        above, below = (cells << cols) & self.board, cells >> cols
        left, right = (cells << 1) & self.not_first, (cells >> 1) & self.not_last
        return above & below | left & right | (above | below) & (left | right)


@lru_cache(maxsize=64)
def grid(rows: int, cols: int) -> Grid:
    """The :class:`Grid` of a board size, made once per size (a batch of boards
    mostly shares a few sizes)."""
    board = (1 << rows * cols) - 1
    first = sum(1 << row * cols for row in range(rows))
    last = first << cols - 1
    near: list[tuple[int, ...]] = []
    near_mask: list[Mask] = []
    for cell in range(rows * cols):
        around = neighbours(rows, cols, cell)
        near.append(around)
        mask = 0
        for other in around:
            mask |= 1 << other
        near_mask.append(mask)
    not_last, has_below = board & ~last, board >> cols
    touch_across = tuple((around | around >> 1) & not_last for around in near_mask)
    touch_down = tuple((around | around >> cols) & has_below for around in near_mask)
    return Grid(
        rows,
        cols,
        tuple(near),
        tuple(near_mask),
        board,
        board & ~first,
        not_last,
        touch_across,
        touch_down,
    )


@lru_cache(maxsize=128)
def _pair_runs(size: int) -> tuple[tuple[Domain, ...], Domain]:
    """For a region of ``size`` cells: per cell (in the region's order) the
    pairs that shade it, and the set of all its pairs. Pairs (i, j), i < j,
    are numbered in order, so cell i's pairs with later cells are a run of
    bits from where its row of pairs starts."""
    covering = [0] * size
    start = 0
    for i in range(size):
        later = size - 1 - i
        covering[i] |= ((1 << later) - 1) << start
        for j in range(i + 1, size):
            covering[j] |= 1 << start + j - i - 1
        start += later
    return tuple(covering), (1 << start) - 1


@dataclass
class Tables:
    puzzle: Norinori
    region_of: tuple[int, ...]
    region_mask: tuple[Mask, ...]
    near_mask: tuple[Mask, ...]
    grid: Grid
    compat_cache: dict[tuple[int, int, int], Domain] = field(default_factory=dict)
    spread_cache: dict[tuple[int, Domain], tuple[Mask, Mask]] = field(default_factory=dict)
    # the marks (shaded, unshaded) :mod:`.halo` last left at its fixpoint, so that
    # propagation's next round, which finds them unchanged, costs nothing; and the
    # dominoes that crowd out a region with these cells left, kept as they recur
    halo_fixpoint: tuple[Mask, Mask] | None = None
    crowds: dict[Mask, tuple[Mask, Mask]] = field(default_factory=dict)
    # the marks :func:`.halo.fitting` last read and the dominoes it found
    fitting_last: tuple[tuple[Mask, Mask], tuple[Mask, Mask]] | None = None

    @classmethod
    def of(cls, puzzle: Norinori) -> Tables:
        """The tables of ``puzzle``. The hybrid SAT engine builds them for
        every board it counts, where SAT alone takes a millisecond or two, so
        they hold only what its rules read, on masks (the regions' cells);
        the rest (the regions' pairs, which the state's domains and every
        rung read, the regions near a cell, what only the ``placements``
        rung reads) is worked out on first use. The board's shape comes from
        :func:`grid`, shared by every board of the same size."""
        shape = grid(puzzle.rows, puzzle.cols)
        region_mask = []
        for cells in puzzle.region_cells:
            mask = 0
            for cell in cells:
                mask |= 1 << cell
            region_mask.append(mask)
        return cls(
            puzzle=puzzle,
            region_of=puzzle.regions,
            region_mask=tuple(region_mask),
            near_mask=shape.near_mask,
            grid=shape,
        )

    @cached_property
    def covering(self) -> tuple[Domain, ...]:
        """Per cell, the pairs of its region that shade it (numbered as
        :func:`_pair_runs` numbers a region's pairs, shared by every region of
        the same size)."""
        covering = [0] * self.cells
        for cells in self.puzzle.region_cells:
            for cell, pairs in zip(cells, _pair_runs(len(cells))[0], strict=True):
                covering[cell] = pairs
        return tuple(covering)

    @cached_property
    def full(self) -> tuple[Domain, ...]:
        """Per region, the set of all its pairs: its untouched domain."""
        return tuple(_pair_runs(len(cells))[1] for cells in self.puzzle.region_cells)

    @cached_property
    def pair_mask(self) -> tuple[tuple[Mask, ...], ...]:
        """Per region, each of its pairs as a mask of its two cells, in the
        order of the domain's bits."""
        found = []
        for cells in self.puzzle.region_cells:
            bits = [1 << cell for cell in cells]
            found.append(
                tuple(bit | other for i, bit in enumerate(bits) for other in bits[i + 1 :])
            )
        return tuple(found)

    @cached_property
    def inner_dominoes(self) -> tuple[Mask, Mask]:
        """The dominoes that lie inside one region: across, each as its left
        cell, and down, each as its top cell (:mod:`.halo`)."""
        shape = self.grid
        across = down = 0
        for inside in self.region_mask:
            across |= inside & inside >> 1 & shape.not_last
            down |= inside & inside >> shape.cols
        return across, down

    @cached_property
    def touch_regions(self) -> tuple[int, ...]:
        """Per cell, the set of regions of the cell and of its neighbours: the
        regions whose placements a change at the cell may affect."""
        regions = self.region_of
        found = []
        for cell, around in enumerate(self.near_mask):
            touch = 1 << regions[cell]
            for other in members(around):
                touch |= 1 << regions[other]
            found.append(touch)
        return tuple(found)

    @cached_property
    def pairs(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per region, its pairs of cells, in the order of the domain's bits."""
        return tuple(
            tuple((a, b) for i, a in enumerate(cells) for b in cells[i + 1 :])
            for cells in self.puzzle.region_cells
        )

    @cached_property
    def ring(self) -> tuple[Mask, ...]:
        """Per region, the cells outside it that share an edge with it."""
        ring = []
        for region, cells in enumerate(self.puzzle.region_cells):
            around = 0
            for cell in cells:
                around |= self.near_mask[cell]
            ring.append(around & ~self.region_mask[region])
        return tuple(ring)

    @cached_property
    def beside(self) -> tuple[tuple[int, ...], ...]:
        """Per region, the regions sharing an edge with it."""
        regions = self.puzzle.regions
        return tuple(
            tuple(sorted({regions[cell] for cell in indices(around)})) for around in self.ring
        )

    @property
    def region_count(self) -> int:
        return len(self.region_mask)

    @cached_property
    def cells(self) -> int:
        return self.puzzle.rows * self.puzzle.cols

    def label(self, cell: int) -> str:
        row, col = divmod(cell, self.puzzle.cols)
        return f"r{row + 1}c{col + 1}"

    def region_words(self, region: int) -> str:
        """A region as a person names it: by its first cell."""
        return f"the region at {self.label(self.puzzle.region_cells[region][0])}"

    def pair_words(self, region: int, index: int) -> str:
        a, b = self.pairs[region][index]
        return f"{self.label(a)} and {self.label(b)}"

    def supports(self, region: int, index: int, other: int) -> Domain:
        """The pairs of ``other`` that may stand beside pair ``index`` of ``region``.

        Worked out on first use for each pair and kept: the domains the rule
        asks about are mostly narrow by then, so few of the pairs of a big
        region are ever asked for."""
        key = (region, index, other)
        found = self.compat_cache.get(key)
        if found is None:
            own = self.pair_mask[region][index]
            both = self.region_mask[region] | self.region_mask[other]
            found = 0
            for theirs, mask in enumerate(self.pair_mask[other]):
                if fits(self.near_mask, own | mask, both & ~(own | mask)):
                    found |= 1 << theirs
            self.compat_cache[key] = found
        return found


def fits(near_mask: tuple[Mask, ...], shaded: Mask, unshaded: Mask) -> bool:
    """Whether the ``shaded`` cells can each still have exactly one shaded
    neighbour: none has two or more among ``shaded``, and each without one
    has a neighbour outside ``unshaded`` to pair with."""
    for cell in members(shaded):
        around = near_mask[cell]
        touching = around & shaded
        if touching & (touching - 1):
            return False
        if not touching and not around & ~unshaded:
            return False
    return True
