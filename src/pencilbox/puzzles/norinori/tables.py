"""Per-board tables every copy of a Norinori state shares.

A region's variable is which two of its cells it shades: its domain is a
bitset over the region's *pairs* (every two of its cells, in a fixed
order), so that the engine's search and the rules speak of the same
values. ``covering[cell]`` is the set of pairs of the cell's region that
shade it; ``near[cell]`` its edge neighbours.

Arc consistency between neighbouring regions uses ``compatible``: which
pairs of region Q may stand beside pair p of region R, judged on those two
regions alone (no cell of the two with two shaded neighbours among their
four shaded cells; none without a possible partner once the rest of both
regions is unshaded). It is worked out for a pair of regions on first use
and kept, since it depends on the board alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ...grid import Mask, indices, members
from .model import Norinori, neighbours

Domain = int
"""A bitset over a region's pairs."""


@dataclass
class Tables:
    puzzle: Norinori
    region_of: tuple[int, ...]
    region_mask: tuple[Mask, ...]
    near: tuple[tuple[int, ...], ...]
    near_mask: tuple[Mask, ...]
    pair_mask: tuple[tuple[Mask, ...], ...]
    covering: tuple[Domain, ...]
    full: tuple[Domain, ...]
    touch_regions: tuple[int, ...]
    """Per cell, the set of regions of the cell and of its neighbours: the
    regions whose placements a change at the cell may affect."""
    compat_cache: dict[tuple[int, int, int], Domain] = field(default_factory=dict)
    spread_cache: dict[tuple[int, Domain], tuple[Mask, Mask]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle: Norinori) -> Tables:
        """The tables of ``puzzle``. Built with plain loops over ints: the
        hybrid SAT engine builds them for every board it counts, and on
        boards that SAT alone proves in a few milliseconds they were as
        dear as the count. What only the ``placements`` rung reads
        (``pairs``, ``ring``, ``beside``) is worked out on first use."""
        rows, cols = puzzle.rows, puzzle.cols
        regions = puzzle.regions
        near = tuple(neighbours(rows, cols, cell) for cell in range(rows * cols))
        near_mask = []
        touch_regions = []
        for cell, found in enumerate(near):
            mask = 0
            touch = 1 << regions[cell]
            for other in found:
                mask |= 1 << other
                touch |= 1 << regions[other]
            near_mask.append(mask)
            touch_regions.append(touch)
        region_mask = []
        pair_mask = []
        covering = [0] * (rows * cols)
        for cells in puzzle.region_cells:
            bits = [1 << cell for cell in cells]
            region_mask.append(sum(bits))
            masks = []
            # pairs (i, j), i < j, in order: cell i's pairs with the later
            # cells are a run of bits from ``start``, one per later cell
            start = 0
            for i, bit in enumerate(bits):
                later = cells[i + 1 :]
                covering[cells[i]] |= ((1 << len(later)) - 1) << start
                masks += [bit | other for other in bits[i + 1 :]]
                for cell in later:
                    covering[cell] |= 1 << start
                    start += 1
            pair_mask.append(tuple(masks))
        return cls(
            puzzle=puzzle,
            region_of=regions,
            region_mask=tuple(region_mask),
            near=near,
            near_mask=tuple(near_mask),
            pair_mask=tuple(pair_mask),
            covering=tuple(covering),
            full=tuple((1 << len(masks)) - 1 for masks in pair_mask),
            touch_regions=tuple(touch_regions),
        )

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
        return len(self.pair_mask)

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
