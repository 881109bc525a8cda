"""Random valid Fillomino answers: partitions where no two regions of one size touch.

A partition is grown region by region. Each region starts at a free cell with
the fewest free neighbours (starting where free space is tightest walls in
fewer stray cells), draws a target size from a *mix* (weights per size), and
takes random free neighbouring cells until it has its size or is walled in.
A region finished at a size one of its finished neighbours already has
grows on by a cell while it can; one that cannot joins that neighbour.
A last pass merges any two touching regions of one size that remain (a
merge can make a size a neighbour has, so it repeats; the number of regions
falls with every merge, so it ends).

The mix decides what the puzzles look like: published puzzles are mostly
small regions (about a quarter 1s, a fifth 2s) with a few of 7 to 12 cells,
and the default mix is drawn to come out close to that after walls and
merges (the realised sizes are measured in ``stats.json``).

Everything random comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ...grid import Rows
from .model import neighbours

MIXES: dict[str, Mapping[int, float]] = {
    "small": {1: 4, 2: 4, 3: 3, 4: 3, 5: 2, 6: 1},
    "mixed": {1: 4, 2: 4, 3: 4, 4: 4, 5: 3, 6: 3, 7: 2, 8: 2, 9: 1, 10: 1},
    "large": {2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3, 9: 2, 10: 2, 12: 1, 14: 1},
}
"""Weights of a region's target size, by name (see the module docstring)."""
DEFAULT_MIX = "mixed"


@dataclass(frozen=True)
class Partition:
    """A valid answer: ``labels[cell]`` numbers its region (0.. in reading order of
    first cells), and two touching regions never have one size."""

    rows: int
    cols: int
    labels: tuple[int, ...]
    merges: int
    """Regions joined to a neighbour of their size (at growth and in the last pass)."""

    @cached_property
    def regions(self) -> tuple[tuple[int, ...], ...]:
        cells: list[list[int]] = [[] for _ in range(max(self.labels) + 1)]
        for cell, label in enumerate(self.labels):
            cells[label].append(cell)
        return tuple(tuple(found) for found in cells)

    @cached_property
    def sizes(self) -> tuple[int, ...]:
        """Each cell's region size: the answer, flat."""
        return tuple(len(self.regions[label]) for label in self.labels)

    @property
    def solution(self) -> Rows:
        """The answer as rows."""
        cols = self.cols
        return [list(self.sizes[r * cols : (r + 1) * cols]) for r in range(self.rows)]


def grow(
    rng: random.Random, rows: int, cols: int, mix: Mapping[int, float] | str = DEFAULT_MIX
) -> Partition:
    """One random valid partition of a ``rows`` × ``cols`` board (see the module docstring)."""
    weights = MIXES[mix] if isinstance(mix, str) else mix
    sizes = sorted(weights)
    near = [neighbours(rows, cols, cell) for cell in range(rows * cols)]
    owner = [-1] * (rows * cols)
    regions: list[list[int]] = []
    merges = 0
    free_near = [len(around) for around in near]
    free = set(range(rows * cols))

    def take(cell: int, label: int) -> None:
        owner[cell] = label
        free.discard(cell)
        for other in near[cell]:
            free_near[other] -= 1

    while free:
        fewest = min(free_near[cell] for cell in free)
        seed = rng.choice(sorted(cell for cell in free if free_near[cell] == fewest))
        label = len(regions)
        region = [seed]
        regions.append(region)
        take(seed, label)
        target = rng.choices(sizes, weights=[weights[s] for s in sizes])[0]
        while True:
            clash = _clashing(region, owner, near, regions)
            if len(region) >= target and clash is None:
                break
            frontier = _frontier(region, owner, near)
            if not frontier:
                break
            cell = rng.choice(frontier)
            region.append(cell)
            take(cell, label)
        if clash is not None:  # walled in at a neighbour's size: one region of both
            _merge(regions, owner, clash, label)
            merges += 1
    merges += _repair(regions, owner, near)
    return Partition(rows, cols, _reading_order(owner), merges)


def _frontier(region: list[int], owner: list[int], near: list[tuple[int, ...]]) -> list[int]:
    """The free cells beside ``region``, sorted (so a draw depends only on the rng)."""
    return sorted({o for cell in region for o in near[cell] if owner[o] == -1})


def _clashing(
    region: list[int], owner: list[int], near: list[tuple[int, ...]], regions: list[list[int]]
) -> int | None:
    """A neighbouring region of ``region``'s size, if any (the lowest label)."""
    mine = owner[region[0]]
    beside = sorted({owner[o] for cell in region for o in near[cell]} - {mine, -1})
    return next((label for label in beside if len(regions[label]) == len(region)), None)


def _merge(regions: list[list[int]], owner: list[int], keep: int, gone: int) -> None:
    for cell in regions[gone]:
        owner[cell] = keep
    regions[keep].extend(regions[gone])
    regions[gone] = []


def _repair(regions: list[list[int]], owner: list[int], near: list[tuple[int, ...]]) -> int:
    """Merge touching regions of one size until none are left; the merges made."""
    merges = 0
    while True:
        clash = next(
            (
                (owner[cell], owner[other])
                for cell in range(len(owner))
                for other in near[cell]
                if owner[other] != owner[cell]
                and len(regions[owner[other]]) == len(regions[owner[cell]])
            ),
            None,
        )
        if clash is None:
            return merges
        _merge(regions, owner, *clash)
        merges += 1


def _reading_order(owner: list[int]) -> tuple[int, ...]:
    renumber: dict[int, int] = {}
    return tuple(renumber.setdefault(label, len(renumber)) for label in owner)
