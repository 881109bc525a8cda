"""Grow random block partitions of a rows × cols board for Suguru.

A partition is grown region by region: pick a free seed cell, draw a target
size, and add free edge-neighbours ("the frontier") until the target is met or
the region is walled in. Two growth styles are compared in
``docs/suguru-notes.md``:

``loose``
    the next cell is drawn uniformly from the frontier, and regions walled in
    early stay as they are. Regions come out snaky.
``compact``
    the next cell is drawn with weight ``COMPACT_PULL ** (sides - 1)``, where
    ``sides`` counts the region cells it touches, so regions grow into round
    blobs; afterwards every scrap (a region of 1–2 cells that stopped short
    of its target) is folded into the smallest neighbouring block with room.
    A scrap stays when every neighbour is too full to take it.

Seeds are taken, by default, at a free cell with the fewest free neighbours
(``seeding="cornered"``), which walls in fewer holes; ``seeding="random"``
takes any free cell, for the comparison.

Why the target sizes matter: every block holds a 1 and two 1s never touch,
so a board can hold at most ``ceil(rows/2) * ceil(cols/2)`` blocks (the most
cells no two of which touch; :func:`block_bound`). The same goes for the 2s
of the blocks of two or more cells, and so on. On an 8×8 board that is 16
blocks for 64 cells, a mean block size of at least 4: uniform 1..5 targets
(mean 3) give far too many blocks, so the default targets are mostly 5s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

STYLES = ("loose", "compact")
SEEDINGS = ("cornered", "random")
MAX_SIZE = 5

DEFAULT_TARGETS: Mapping[int, float] = {3: 0.05, 4: 0.10, 5: 0.85}
"""Default weights of a region's target size (mean 4.8): few, large blocks.

Smaller blocks still appear, as regions walled in short of their target.
"""

UNIFORM_TARGETS: Mapping[int, float] = {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
"""Uniform 1..5: the naive choice; almost always too many blocks to fill."""

COMPACT_PULL = 4.0
"""Compact growth weighs a frontier cell by this to the power (sides touched - 1)."""

SCRAP = 2
"""Regions of at most this many cells that stopped short of their target are scraps."""


@dataclass(frozen=True)
class Partition:
    """A board cut into blocks: ``blocks[cell]`` numbered 0..n-1 in reading order."""

    rows: int
    cols: int
    blocks: tuple[int, ...]
    style: str
    seeding: str
    scraps_folded: int  # scraps merged into a neighbour (compact only)
    scraps_left: int  # scraps no neighbour had room for

    @cached_property
    def block_cells(self) -> tuple[tuple[int, ...], ...]:
        cells: list[list[int]] = [[] for _ in range(max(self.blocks) + 1)]
        for cell, block in enumerate(self.blocks):
            cells[block].append(cell)
        return tuple(tuple(c) for c in cells)

    @property
    def block_count(self) -> int:
        return len(self.block_cells)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(cells) for cells in self.block_cells)


def block_bound(rows: int, cols: int) -> int:
    """The most blocks a fillable board can have: one mutually non-touching 1 each."""
    return -(-rows // 2) * -(-cols // 2)


def too_many_blocks(partition: Partition) -> bool:
    """True when the partition has more blocks than any filling allows."""
    return partition.block_count > block_bound(partition.rows, partition.cols)


def _edge_neighbours(rows: int, cols: int) -> list[tuple[int, ...]]:
    table = []
    for cell in range(rows * cols):
        row, col = divmod(cell, cols)
        around = []
        if row > 0:
            around.append(cell - cols)
        if col > 0:
            around.append(cell - 1)
        if col < cols - 1:
            around.append(cell + 1)
        if row < rows - 1:
            around.append(cell + cols)
        table.append(tuple(around))
    return table


def _draw_target(rng: random.Random, targets: Mapping[int, float], max_size: int) -> int:
    sizes = [s for s in targets if 1 <= s <= max_size]
    if not sizes:
        raise ValueError(f"no target size between 1 and {max_size}")
    return rng.choices(sizes, weights=[targets[s] for s in sizes])[0]


def grow(
    rng: random.Random,
    rows: int,
    cols: int,
    style: str = "compact",
    *,
    max_size: int = MAX_SIZE,
    targets: Mapping[int, float] = DEFAULT_TARGETS,
    seeding: str = "cornered",
) -> Partition:
    """Grow one random partition of a ``rows`` × ``cols`` board (see module doc).

    Every block is edge-connected and has at most ``max_size`` cells.
    """
    if style not in STYLES:
        raise ValueError(f"unknown partition style {style!r}; choose from {', '.join(STYLES)}")
    if seeding not in SEEDINGS:
        raise ValueError(f"unknown seeding {seeding!r}; choose from {', '.join(SEEDINGS)}")
    if rows < 1 or cols < 1:
        raise ValueError(f"board must be at least 1x1, got {rows}x{cols}")
    if max_size < 1:
        raise ValueError("max_size must be at least 1")
    near = _edge_neighbours(rows, cols)
    owner = [-1] * (rows * cols)
    free = _FreeCells(near, seeding)
    regions: list[list[int]] = []
    wanted: list[int] = []
    while True:
        seed = free.seed(rng)
        if seed is None:
            break
        number = len(regions)
        region = [seed]
        owner[seed] = number
        free.take(seed)
        target = _draw_target(rng, targets, max_size)
        while len(region) < target:
            frontier = _frontier(region, owner, near)
            if not frontier:
                break
            cell = _pick(rng, frontier, style)
            owner[cell] = number
            free.take(cell)
            region.append(cell)
        regions.append(region)
        wanted.append(target)
    folded = left = 0
    if style == "compact":
        folded, left = _fold_scraps(rng, regions, wanted, owner, near, max_size)
    else:
        left = sum(
            1 for r, t in zip(regions, wanted, strict=True) if len(r) <= SCRAP and len(r) < t
        )
    return Partition(rows, cols, _reading_order(owner), style, seeding, folded, left)


class _FreeCells:
    """The free cells, bucketed by how many free edge-neighbours each has, so
    that drawing a seed looks only at the fewest-free bucket.

    ``seed`` draws from exactly the list a scan of the whole board in reading
    order would build (the bucket, sorted), so a seed gives the same
    partition as that scan did; the scan made ``grow`` quadratic in the
    cells (84% of a 20x20 partition's time, most of Suguru 20x20 generation).

    ``cornered``: a free cell with the fewest free edge-neighbours (random
    among ties): starting where free space is tightest walls in fewer holes.
    ``random``: any free cell (every cell is kept in bucket 0).
    """

    def __init__(self, near: list[tuple[int, ...]], seeding: str) -> None:
        self.near = near
        self.counted = seeding != "random"
        self.free_near = [len(around) if self.counted else 0 for around in near]
        self.buckets: list[set[int]] = [set() for _ in range(5)]
        for cell, count in enumerate(self.free_near):
            self.buckets[count].add(cell)
        self.taken = [False] * len(near)

    def take(self, cell: int) -> None:
        """``cell`` joins a region: it leaves its bucket, its free neighbours move down one."""
        self.taken[cell] = True
        self.buckets[self.free_near[cell]].discard(cell)
        if not self.counted:
            return
        for other in self.near[cell]:
            if not self.taken[other]:
                count = self.free_near[other]
                self.buckets[count].discard(other)
                self.buckets[count - 1].add(other)
                self.free_near[other] = count - 1

    def seed(self, rng: random.Random) -> int | None:
        """The next seed cell, or None when the board is full."""
        for bucket in self.buckets:
            if bucket:
                return rng.choice(sorted(bucket))
        return None


def _frontier(region: list[int], owner: list[int], near: list[tuple[int, ...]]) -> dict[int, int]:
    """Free cells touching the region, with how many region cells each touches."""
    sides: dict[int, int] = {}
    for cell in region:
        for other in near[cell]:
            if owner[other] == -1:
                sides[other] = sides.get(other, 0) + 1
    return sides


def _pick(rng: random.Random, frontier: dict[int, int], style: str) -> int:
    # Sorted so that the draw depends only on the rng, not on dict order.
    cells = sorted(frontier)
    if style == "loose":
        return rng.choice(cells)
    weights = [COMPACT_PULL ** (frontier[c] - 1) for c in cells]
    return rng.choices(cells, weights=weights)[0]


def _fold_scraps(
    rng: random.Random,
    regions: list[list[int]],
    wanted: list[int],
    owner: list[int],
    near: list[tuple[int, ...]],
    max_size: int,
) -> tuple[int, int]:
    """Merge each scrap into its smallest neighbouring block with room.

    Smallest first keeps merged blocks within ``max_size`` as often as
    possible. Returns (scraps folded, scraps left because no neighbour fit).
    """
    folded = left = 0
    scraps = [n for n, r in enumerate(regions) if len(r) <= SCRAP and len(r) < wanted[n]]
    for number in scraps:
        region = regions[number]
        if not region:
            continue  # already absorbed
        beside = {owner[o] for c in region for o in near[c]} - {number}
        room = [b for b in beside if len(regions[b]) + len(region) <= max_size]
        if not room:
            left += 1
            continue
        smallest = min(len(regions[b]) for b in room)
        into = rng.choice(sorted(b for b in room if len(regions[b]) == smallest))
        for cell in region:
            owner[cell] = into
        regions[into].extend(region)
        regions[number] = []
        folded += 1
    return folded, left


def _reading_order(owner: list[int]) -> tuple[int, ...]:
    renumber: dict[int, int] = {}
    return tuple(renumber.setdefault(o, len(renumber)) for o in owner)
