"""Dominoes that cross a region border: regions seeded across two dominoes.

Grown one region around each domino, every domino of the intended answer
would lie inside its region. The rules allow a domino to cross a border,
and published puzzles have many that do (on the 24 janko boards in
``tests/data/norinori``, 716 of 1,201 dominoes). So before the flood two
nearby dominoes may trade partners: with dominoes ``x1 y1`` and ``x2 y2``,
one region is seeded with ``x1``, ``x2`` and a short path of free unshaded
cells between them, another with ``y1``, ``y2`` and a path of their own.
Each region still holds two shaded cells and every domino stays where it
was, so the answer holds, and both dominoes cross the border between the
two regions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .boards import near_table

SHARE = 0.6
"""The chance that a domino not yet paired tries to trade partners with a neighbour ..."""

TRADES = 40
"""... but no more than this many tries a board on average. A traded region is
a thin chain (its two shaded cells linked by a path of one or two cells); a
rival that shades a cell of that path cannot be walked away by moving the
cell, so the walk undoes that trade (:func:`.walk.walk_step`), and every
trade costs walk steps. Measured on 10 seeds a size (4 at 30x30): with no
bound, 30x30 took a median of 37 s and 35 passes; with this bound, 3.5 s
and 5 passes, while 10x10 and 20x20 are unchanged or nearly (``crossing``
in ``stats.json`` says how many dominoes cross)."""

REACH = 2
"""Free cells a seeded path may pass through between two shaded cells."""


def seeds(
    rng: random.Random, rows: int, cols: int, placed: Sequence[tuple[int, int]]
) -> list[list[int]]:
    """The flood's region seeds: each a list of cells holding two shaded
    cells; a domino that traded partners is in two seeds, any other is a
    seed of its own."""
    near = near_table(rows, cols)
    taken = {cell for pair in placed for cell in pair}  # in a seed, or shaded
    order = list(range(len(placed)))
    rng.shuffle(order)
    paired: set[int] = set()
    found: list[list[int]] = []
    chance = min(SHARE, TRADES / max(1, len(placed)))
    for first in order:
        if first in paired or rng.random() >= chance:
            continue
        others = [i for i in range(len(placed)) if i not in paired and i != first]
        rng.shuffle(others)
        for second in others:
            traded = _trade(near, taken, placed[first], placed[second])
            if traded is not None:
                found += traded
                taken.update(cell for seed in traded for cell in seed)
                paired |= {first, second}
                break
    found += [list(placed[i]) for i in range(len(placed)) if i not in paired]
    return found


def _trade(
    near: tuple[tuple[int, ...], ...],
    taken: set[int],
    one: tuple[int, int],
    two: tuple[int, int],
) -> list[list[int]] | None:
    """Two seeds pairing each cell of ``one`` with a cell of ``two`` through
    free cells, or None when no such paths are short enough."""
    for x1, y1 in (one, one[::-1]):
        for x2, y2 in (two, two[::-1]):
            first = _path(near, taken, x1, x2)
            if first is None:
                continue
            second = _path(near, taken | set(first), y1, y2)
            if second is not None:
                return [[x1, *first, x2], [y1, *second, y2]]
    return None


def _path(
    near: tuple[tuple[int, ...], ...], taken: set[int], start: int, goal: int
) -> list[int] | None:
    """The free cells of a shortest path from ``start`` to ``goal`` through at
    most :data:`REACH` free cells (not ``taken``), or None."""
    frontier: list[list[int]] = [[]]
    for _ in range(REACH):
        grown = []
        for path in frontier:
            last = path[-1] if path else start
            for cell in near[last]:
                if cell == goal and path:
                    return path
                if cell not in taken and cell not in path:
                    grown.append([*path, cell])
        frontier = grown
    for path in frontier:
        if goal in near[path[-1]]:
            return path
    return None


def crossing(regions: Sequence[int], answer: Sequence[Sequence[int]]) -> tuple[int, int]:
    """How many of ``answer``'s dominoes cross a region border, and how many it has."""
    cols = len(answer[0])
    shaded = {r * cols + c for r, row in enumerate(answer) for c, value in enumerate(row) if value}
    pairs = [
        (cell, other)
        for cell in shaded
        for other in (cell + 1 if cell % cols < cols - 1 else -1, cell + cols)
        if other in shaded
    ]
    return sum(regions[a] != regions[b] for a, b in pairs), len(pairs)
