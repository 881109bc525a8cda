"""Two equal numbers joined when their distance forces it: the ``join`` rung's rule.

Two open regions of one size ``k``, not yet one region, are either one
region in the answer or kept apart: then each grows to ``k`` cells taking
no cell of the other nor beside it (equal sizes that touch are one region).
Kept apart, a region of ``k`` lies within its *room apart*: the cells it
reaches within the cells it still needs, through cells that may take ``k``
and are neither the other region's nor beside it. The two cannot both be
completed apart when

* one's room apart holds fewer than ``k`` cells ("the 3 at r1c1 cannot grow
  to 3 cells without touching the 3 at r1c3"), or
* one's room apart holds exactly ``k`` (kept apart, that is the region) and
  the other's room apart, now also away from those cells, holds fewer.

Then they are one region of ``k`` cells, and it needs a way between them:
with ``b`` cells left to add (``k`` less the two regions' cells), a way of at
most ``b`` cells. The rule deduces

* a contradiction when even joined they exceed ``k`` (too many cells, or no
  way between them short enough);
* a cell on every such way takes ``k``;
* a cell the joined region cannot hold loses ``k`` when it is beside either
  region (it would join them), or when no other region of ``k`` reaches it
  and a new one has no room there (the ``reach`` rule, with the joined
  region's smaller reach).

Which cells the joined region can hold: take the two regions as one point
each, and count distances in steps between cells that may take ``k``. The
joined region has ``b + 2`` points, so a tree spanning it has ``b + 1``
steps; the paths in a tree between three of its points (the two regions and
a cell) sum to at most twice its steps. So a cell ``x`` lies in it only if
``d(A, x) + d(B, x) + d(A, B) <= 2 (b + 1)``.

Every search here is a few breadth-first sweeps over cell bitsets, each
at most ``k`` steps deep: no region is grown cell set by cell set.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine import Contradiction, Log, Rule, State
from ...grid import indices, mask_of
from .rules import fresh_room
from .settled import as_state, drop, put, region_words
from .state import FillominoState, Region, Why, plane, settled_regions
from .tables import Tables


class Pair(NamedTuple):
    """Two open regions of one size that cannot both be completed apart, and why."""

    first: Region
    second: Region
    first_mask: int
    second_mask: int
    words: str
    """``the 3 at r1c1 and the 3 at r1c3 cannot both be completed apart (...)``"""


def join(state: State, log: Log) -> bool:
    """Find two open regions of one size that cannot both be completed apart,
    and deduce what their being one region forces (see the module's docstring).

    Returns after the first pair that narrowed something: the regions are
    read again, by the rules below first.
    """
    state = as_state(state)
    tables = state.tables
    regions, _ = settled_regions(state)
    by_size: dict[int, list[Region]] = {}
    for region in regions:
        if not region.complete:
            by_size.setdefault(region.size, []).append(region)
    for size, open_regions in sorted(by_size.items()):
        if len(open_regions) < 2:
            continue
        maybe, _ = plane(state, size)
        masks = [mask_of(region.cells) for region in open_regions]
        reaches = [
            grown(tables, mask, maybe, size - len(region.cells))
            for region, mask in zip(open_regions, masks, strict=True)
        ]
        for one in range(len(open_regions)):
            near_one = tables.spread(reaches[one])
            for two in range(one + 1, len(open_regions)):
                if not near_one & reaches[two]:
                    continue  # kept apart, neither can be in the other's way
                pair = forced_pair(state, open_regions, masks, maybe, one, two)
                if pair is None:
                    continue
                others = 0
                for index, reach in enumerate(reaches):
                    if index not in (one, two):
                        others |= reach
                if joined(state, pair, maybe, reaches[one] | reaches[two], others, log):
                    return True
    return False


def forced_pair(
    state: FillominoState,
    regions: list[Region],
    masks: list[int],
    maybe: int,
    one: int,
    two: int,
) -> Pair | None:
    """The two regions as a :class:`Pair` if they cannot both be completed
    apart (either one first), else None."""
    tables = state.tables
    for first, second in ((one, two), (two, one)):
        region, other = regions[first], regions[second]
        size = region.size
        keep_off = maybe & ~tables.spread(masks[second])
        room = grown(tables, masks[first], keep_off, size - len(region.cells))
        if room.bit_count() < size:
            detail = (
                f"{region_words(tables, region)} cannot grow to {size} cells "
                f"without touching {region_words(tables, other)}"
            )
        elif room.bit_count() == size:
            # kept apart, the first region is its room; the second must keep off it
            keep_off = maybe & ~tables.spread(room)
            rest = grown(tables, masks[second], keep_off, size - len(other.cells))
            if rest.bit_count() >= size:
                continue
            detail = (
                f"kept apart, {region_words(tables, region)} must be "
                f"{tables.labels(indices(room))}, and {region_words(tables, other)} "
                f"could not grow to {size} cells"
            )
        else:
            continue
        words = f"{pair_words(tables, region, other)} cannot both be completed apart ({detail})"
        return Pair(region, other, masks[first], masks[second], words)
    return None


def pair_words(tables: Tables, one: Region, two: Region) -> str:
    """``the 3s at r1c1 and r1c3``; regions of several cells each named in full."""
    if len(one.cells) == len(two.cells) == 1:
        return f"the {one.size}s at {tables.label(one.cells[0])} and {tables.label(two.cells[0])}"
    return f"{region_words(tables, one)} and {region_words(tables, two)}"


def joined(
    state: FillominoState, pair: Pair, maybe: int, reached: int, others: int, log: Log
) -> bool:
    """What the pair's being one region forces: a contradiction, cells on
    every way between them, and cells it cannot hold. True if any narrowed.

    ``reached`` is what the two regions reach on their own; ``others`` what
    the other open regions of the size reach.
    """
    tables = state.tables
    first, second = pair.first, pair.second
    size, bit = first.size, first.bit
    both = pair.first_mask | pair.second_mask
    because = (*first.cells, *second.cells)
    steps = size - len(first.cells) - len(second.cells) + 1  # the most steps between them
    if steps < 1:
        words = (
            f"{pair.words}, so they are one region, but together they have "
            f"{len(first.cells) + len(second.cells)} cells, more than {size}"
        )
        raise Contradiction(Why(words, because))
    from_first = rings(tables, pair.first_mask, pair.second_mask, maybe, steps)
    from_second = rings(tables, pair.second_mask, pair.first_mask, maybe, steps)
    apart = next((d for d, ring in enumerate(from_first) if ring & pair.second_mask), 0)
    if not apart:
        words = (
            f"{pair.words}, so they are one region, but joining them takes more than {size} cells"
        )
        raise Contradiction(Why(words, because))
    holds, way = joined_room(from_first, from_second, apart, steps)
    _, settled = plane(state, size)
    holds &= ~both
    way &= ~both & ~settled
    changed = False
    for cell in indices(way):
        if not linked(tables, pair.first_mask, pair.second_mask, maybe & ~(1 << cell), steps):
            why = f"{pair.words}, so they are one region through {tables.label(cell)}"
            changed |= put(state, cell, size, log, "join", why, because)
    if changed:
        return True
    loose = maybe & ~settled & ~holds
    beside = loose & tables.spread(both)
    for cell in indices(beside):
        why = (
            f"{pair.words}, so they are one region, which cannot take "
            f"{tables.label(cell)} and stay within {size} cells"
        )
        changed |= drop(state, cell, bit, log, "join", why, because)
    far = loose & reached & ~beside & ~others
    if far:
        far &= ~fresh_room(state, size)
    for cell in indices(far):
        why = (
            f"{pair.words}, so they are one region, which cannot reach {tables.label(cell)} "
            f"within {size} cells; no other {size} reaches it and a new region of {size} "
            f"has no room there"
        )
        changed |= drop(state, cell, bit, log, "join", why, because)
    return changed


def joined_room(
    from_first: list[int], from_second: list[int], apart: int, steps: int
) -> tuple[int, int]:
    """The cells the joined region may hold, and those on a way between the two
    short enough (bitsets), from each one's rings of cells by distance.

    A cell at distances ``d1`` and ``d2`` from the two, which are ``apart``
    steps from each other, fits only if ``d1 + d2 + apart`` is at most twice
    the region's ``steps``: a tree spanning the region walks each step at most
    twice on the three paths between them.
    """
    holds = way = 0
    for d_first in range(1, steps + 1):
        for d_second in range(1, steps + 1):
            if d_first + d_second + apart > 2 * steps:
                break
            common = from_first[d_first] & from_second[d_second]
            holds |= common
            if d_first + d_second <= steps:
                way |= common
    return holds, way


def grown(tables: Tables, start: int, inside: int, steps: int) -> int:
    """``start`` and the cells of ``inside`` within ``steps`` steps of it (bitsets)."""
    reached = start
    for _ in range(steps):
        more = tables.spread(reached) & inside | start
        if more == reached:
            break
        reached = more
    return reached


def rings(tables: Tables, start: int, other: int, inside: int, steps: int) -> list[int]:
    """The cells of ``inside`` first reached from ``start`` at each number of
    steps up to ``steps`` (index 0: ``start``), the region ``other`` taken as
    one point: reached whole once any of its cells is."""
    found = [start]
    seen = frontier = start
    for _ in range(steps):
        frontier = tables.spread(frontier) & inside & ~seen
        if frontier & other:
            frontier |= other & ~seen
        seen |= frontier
        found.append(frontier)
    return found


def linked(tables: Tables, start: int, other: int, inside: int, steps: int) -> bool:
    """Whether a path of at most ``steps`` steps through ``inside`` leads from
    ``start`` to ``other``."""
    reached = start
    for _ in range(steps):
        grown_by_one = tables.spread(reached) & inside | start
        if grown_by_one & other:
            return True
        if grown_by_one == reached:
            return False
        reached = grown_by_one
    return False


JOIN = Rule(
    "join",
    join,
    "two open regions of one size that cannot both be completed apart are one region",
)
