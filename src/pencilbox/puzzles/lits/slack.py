"""Grow regions around a packing, then walk unshaded cells to remove slack.

Regions start as the packing's tetrominoes, one each; the unshaded cells
are then shared out, and never does a shaded cell change region, so the
packing stays a solution of every partition made here.

**Flooding** (:func:`flood`). Each step takes, over every unassigned cell
beside a region, the pair (cell, region) that adds the fewest tetromino
placements to the region (placements inside the region that use the cell;
ties at random), and assigns the cell. ``raw`` flooding, kept to be
measured against, gives each cell a uniformly random neighbouring region
instead.

**Slack** (:func:`region_slack`). The local slack of a region is the number
of *other* tetrominoes it could hold while every other region keeps its
packed tetromino: inside the region, not completing a 2×2 with the other
shading, not touching a congruent tetromino of another region, and leaving
the whole shading one mass. Each one is a second solution of the puzzle,
differing in that region only, so slack zero everywhere is necessary for
uniqueness (not sufficient: two regions may move together).

**Descent** (:func:`descend`). A move hands an unshaded cell to a
neighbouring region; the region it leaves must stay connected (it keeps its
tetromino, so it keeps at least four cells). Only the two regions involved
change slack. Each step makes the move that lowers the total slack most;
when none lowers it, a cell is peeled off a region with slack (the least
harmful such move), since a smaller region has fewer places to slide to. A
short tabu list stops a peeled cell from walking straight back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...grid import Mask, members
from .packing import Geometry, Packing

FLOODS = ("least", "raw")
STEP_BUDGET = 300
"""Descent steps before a board is given up."""
PATIENCE = 40
"""Steps without a new lowest total after which the descent gives up."""
TABU = 6
"""Steps during which a cell may not return to the region it just left."""


@dataclass
class Regions:
    """A partition growing around a packing: ``owner[cell]`` is a region number
    (the index of its tetromino) or -1, ``masks[region]`` its cells."""

    geo: Geometry
    packing: Packing
    owner: list[int]
    masks: list[Mask]
    # slack memoised by (region, region mask): the shading never changes
    slack_cache: dict[tuple[int, Mask], int] = field(default_factory=dict)

    @classmethod
    def of(cls, geo: Geometry, packing: Packing) -> Regions:
        owner = [-1] * geo.size
        masks = []
        for region, (cells, _) in enumerate(packing.pieces):
            for cell in members(cells):
                owner[cell] = region
            masks.append(cells)
        return cls(geo, packing, owner, masks)

    @property
    def labels(self) -> list[int]:
        return list(self.owner)

    def move(self, cell: int, into: int) -> None:
        """Give ``cell`` to region ``into`` (from its owner, if any)."""
        bit = 1 << cell
        old = self.owner[cell]
        if old >= 0:
            self.masks[old] &= ~bit
        self.masks[into] |= bit
        self.owner[cell] = into


def placements_inside(geo: Geometry, region: Mask) -> list[int]:
    """The placements (indices into ``geo``) lying wholly inside ``region``."""
    every = geo.cells
    return [
        index
        for cell in members(region)
        for index in geo.starts[cell]  # each placement once: from its lowest cell
        if not every[index] & ~region
    ]


def gain(geo: Geometry, region: Mask, cell: int) -> int:
    """How many placements ``cell`` adds to ``region``."""
    grown = region | 1 << cell
    return sum(1 for index in geo.through[cell] if not geo.cells[index] & ~grown)


def flood(rng: random.Random, regions: Regions, how: str = "least") -> None:
    """Assign every unshaded cell to a region (see the module docstring)."""
    if how not in FLOODS:
        raise ValueError(f"unknown flooding {how!r}; choose from {', '.join(FLOODS)}")
    geo, owner = regions.geo, regions.owner
    while True:
        best: list[tuple[int, int]] = []
        fewest = 1 << 30
        for cell in range(geo.size):
            if owner[cell] >= 0:
                continue
            beside = sorted({owner[o] for o in members(geo.neighbours[cell]) if owner[o] >= 0})
            for region in beside:
                added = 0 if how == "raw" else gain(geo, regions.masks[region], cell)
                if added < fewest:
                    best, fewest = [(cell, region)], added
                elif added == fewest:
                    best.append((cell, region))
        if not best:
            return
        cell, region = rng.choice(best)
        regions.move(cell, region)


def region_slack(regions: Regions, region: int, mask: Mask | None = None) -> int:
    """Local slack of ``region`` (with cells ``mask``, default its current cells)."""
    mask = regions.masks[region] if mask is None else mask
    key = (region, mask)
    cache = regions.slack_cache
    found = cache.get(key)
    if found is None:
        found = _count_slack(regions, region, mask)
        cache[key] = found
    return found


def _count_slack(regions: Regions, region: int, mask: Mask) -> int:
    return len(rivals(regions, region, mask))


def rivals(regions: Regions, region: int, mask: Mask | None = None) -> list[Mask]:
    """The other tetrominoes ``region`` (with cells ``mask``) could hold: its slack, spelled out."""
    geo = regions.geo
    pieces = regions.packing.pieces
    own = pieces[region][0]
    others = 0
    by_shape: dict[int, Mask] = {}
    for number, (cells, shape) in enumerate(pieces):
        if number != region:
            others |= cells
            by_shape[shape] = by_shape.get(shape, 0) | cells
    found = []
    inside = regions.masks[region] if mask is None else mask
    for index in placements_inside(geo, inside):
        cells = geo.cells[index]
        if (
            cells != own
            and not geo.halo[index] & by_shape.get(geo.shape[index], 0)
            and not any(need & others == need for need in geo.squares[index])
            and geo.connected(others | cells)
        ):
            found.append(cells)
    return found


def total_slack(regions: Regions) -> int:
    return sum(region_slack(regions, r) for r in range(len(regions.masks)))


def _moves(regions: Regions) -> list[tuple[int, int, int, int]]:
    """Every legal move as (delta of total slack, cell, from region, to region)."""
    geo, owner, masks = regions.geo, regions.owner, regions.masks
    shaded = regions.packing.shaded
    found = []
    for cell in members(geo.all_cells & ~shaded):
        old = owner[cell]
        bit = 1 << cell
        left = masks[old] & ~bit
        beside = {owner[o] for o in members(geo.neighbours[cell])} - {old}
        if not beside or not geo.connected(left):
            continue
        before_old = region_slack(regions, old)
        after_old = region_slack(regions, old, left)
        for into in sorted(beside):
            delta = (
                after_old
                - before_old
                + region_slack(regions, into, masks[into] | bit)
                - region_slack(regions, into)
            )
            found.append((delta, cell, old, into))
    return found


def descend(
    rng: random.Random, regions: Regions, budget: int = STEP_BUDGET
) -> tuple[int, list[int]]:
    """Walk cells between regions to drive total slack to zero.

    Returns (steps taken, total slack after each step, starting with the
    total before the first). Stops at zero, after ``budget`` steps, or after
    :data:`PATIENCE` steps that found no new lowest total.
    """
    history = [total_slack(regions)]
    tabu: dict[tuple[int, int], int] = {}  # (cell, region) -> step it is free again
    steps = 0
    record, record_step = history[0], 0
    while history[-1] > 0 and steps < budget:
        moves = [m for m in _moves(regions) if tabu.get((m[1], m[3]), -1) <= steps]
        if not moves:
            break
        lowest = min(m[0] for m in moves)
        if lowest >= 0:
            # No move improves: peel off a slacky region a cell one of its rival
            # tetrominoes needs (every rival holds an unshaded cell of the region).
            # When none of those can leave yet (they sit deep inside), peel any cell
            # of a slacky region, opening the way for them.
            needed = _rival_cells(regions)
            peel = [m for m in moves if needed >> m[1] & 1] or [
                m for m in moves if region_slack(regions, m[2])
            ]
            if peel:
                moves = peel
                lowest = min(m[0] for m in moves)
        best = [m for m in moves if m[0] == lowest]
        delta, cell, old, into = rng.choice(best)
        regions.move(cell, into)
        tabu[(cell, old)] = steps + TABU
        steps += 1
        history.append(history[-1] + delta)
        if history[-1] < record:
            record, record_step = history[-1], steps
        elif steps - record_step > PATIENCE:
            break  # wandering on a plateau: a fresh board is cheaper
    return steps, history


def _rival_cells(regions: Regions) -> Mask:
    """The unshaded cells some rival tetromino of their own region covers."""
    found = 0
    for region, mask in enumerate(regions.masks):
        if region_slack(regions, region):
            for cells in rivals(regions, region):
                found |= cells & mask
    return found & ~regions.packing.shaded
