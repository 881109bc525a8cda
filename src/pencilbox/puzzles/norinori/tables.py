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
    pairs: tuple[tuple[tuple[int, int], ...], ...]
    pair_mask: tuple[tuple[Mask, ...], ...]
    covering: tuple[Domain, ...]
    full: tuple[Domain, ...]
    ring: tuple[Mask, ...]
    """Per region, the cells outside it that share an edge with it."""
    beside: tuple[tuple[int, ...], ...]
    """Per region, the regions sharing an edge with it."""
    touch_regions: tuple[int, ...]
    """Per cell, the set of regions of the cell and of its neighbours: the
    regions whose placements a change at the cell may affect."""
    compat_cache: dict[tuple[int, int, int], Domain] = field(default_factory=dict)
    spread_cache: dict[tuple[int, Domain], tuple[Mask, Mask]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle: Norinori) -> Tables:
        rows, cols = puzzle.rows, puzzle.cols
        near = tuple(neighbours(rows, cols, cell) for cell in range(rows * cols))
        near_mask = tuple(sum(1 << n for n in found) for found in near)
        region_mask = tuple(sum(1 << c for c in cells) for cells in puzzle.region_cells)
        pairs = tuple(
            tuple((a, b) for i, a in enumerate(cells) for b in cells[i + 1 :])
            for cells in puzzle.region_cells
        )
        covering = [0] * (rows * cols)
        for region_pairs in pairs:
            for index, (a, b) in enumerate(region_pairs):
                covering[a] |= 1 << index
                covering[b] |= 1 << index
        ring = []
        for region, cells in enumerate(puzzle.region_cells):
            around = 0
            for cell in cells:
                around |= near_mask[cell]
            ring.append(around & ~region_mask[region])
        beside = tuple(
            tuple(sorted({puzzle.regions[cell] for cell in indices(around)})) for around in ring
        )
        touch_regions = tuple(
            sum({1 << puzzle.regions[n] for n in (cell, *near[cell])})
            for cell in range(rows * cols)
        )
        return cls(
            puzzle=puzzle,
            region_of=puzzle.regions,
            region_mask=region_mask,
            near=near,
            near_mask=near_mask,
            pairs=pairs,
            pair_mask=tuple(tuple((1 << a) | (1 << b) for a, b in found) for found in pairs),
            covering=tuple(covering),
            full=tuple((1 << len(found)) - 1 for found in pairs),
            ring=tuple(ring),
            beside=beside,
            touch_regions=touch_regions,
        )

    @property
    def region_count(self) -> int:
        return len(self.pairs)

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
