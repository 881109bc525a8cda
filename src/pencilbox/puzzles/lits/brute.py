"""An independent LITS counter that walks the regions, choosing a tetromino for each.

The counter behind the face's ``brute_count``: one of two yardsticks the
rungs are measured against (the other, ``brute_cells.py``, walks cells).
It shares no code with ``shapes.py``, ``tables.py``, the state, the rules,
the engine, ``grid.py`` or the other counter: it reads the parsed board's ``rows``, ``cols`` and
``regions`` and works everything out again from the rule text.

* A region's candidates are the 4-cell combinations of its cells that are
  connected and hold no 2×2 square (``itertools.combinations``, not a
  growth algorithm).
* A hole (region number -1) is in no region: it is never shaded, never
  joins two regions, and a shaded group cannot grow through it.
* Regions are taken in breadth-first order over region adjacency, so each
  region after the first touches one already chosen.
* A candidate is refused when it touches an already chosen tetromino of the
  same shape (shapes compared by rotating and reflecting complex numbers),
  or when it completes a shaded 2×2.
* Once a region is chosen its other cells are unshaded. A group of shaded
  cells none of whose neighbours lie in an unchosen region can never grow,
  so unless it is every shaded cell of a finished board, the branch dies.
  At the end the shaded cells must form one group.
"""

from __future__ import annotations

from itertools import combinations

from .model import Lits

Rows = list[list[int]]


def _neighbours(rows: int, cols: int) -> list[list[int]]:
    table = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        around = []
        if r > 0:
            around.append(cell - cols)
        if r + 1 < rows:
            around.append(cell + cols)
        if c > 0:
            around.append(cell - 1)
        if c + 1 < cols:
            around.append(cell + 1)
        table.append(around)
    return table


def _shape_key(cells: tuple[int, ...], cols: int) -> tuple[complex, ...]:
    """The least of the eight images of the cells under rotation and reflection,
    each image shifted to the origin; the points are complex numbers."""
    points = [complex(cell % cols, cell // cols) for cell in cells]
    best: tuple[complex, ...] | None = None
    for mirror in (False, True):
        image = [p.conjugate() if mirror else p for p in points]
        for _ in range(4):
            image = [p * 1j for p in image]
            low_x = min(p.real for p in image)
            low_y = min(p.imag for p in image)
            key = tuple(sorted((p - complex(low_x, low_y) for p in image), key=_xy))
            if best is None or [_xy(p) for p in key] < [_xy(p) for p in best]:
                best = key
    assert best is not None
    return best


def _xy(point: complex) -> tuple[float, float]:
    return (point.real, point.imag)


def _connected(cells: tuple[int, ...], around: list[list[int]]) -> bool:
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for other in around[todo.pop()]:
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


def _has_square(cells: set[int], cols: int) -> bool:
    return any(
        {cell + 1, cell + cols, cell + cols + 1} <= cells and cell % cols + 1 < cols
        for cell in cells
    )


def _candidates(cells: list[int], cols: int, around: list[list[int]]) -> list[tuple[int, ...]]:
    return [
        four
        for four in combinations(cells, 4)
        if _connected(four, around) and not _has_square(set(four), cols)
    ]


def count(puzzle: Lits, limit: int) -> tuple[int, list[Rows]]:
    """Count solutions of ``puzzle``, stopping once ``limit`` are found.

    Returns ``(count, solutions)`` with ``count == len(solutions) <= limit``;
    a count below ``limit`` is exact. Solutions are rows of 1 (shaded) / 0.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    search = _Search(puzzle, limit)
    search.choose(0)
    return len(search.solutions), search.solutions


def _region_order(label: tuple[int, ...], around: list[list[int]], regions: list[int]) -> list[int]:
    """The regions in breadth-first order over region adjacency, from the
    lowest-numbered one (each piece of the board in turn)."""
    touching: dict[int, set[int]] = {region: set() for region in regions}
    for cell, region in enumerate(label):
        if region < 0:
            continue  # a hole
        for other in around[cell]:
            if label[other] != region and label[other] >= 0:
                touching[region].add(label[other])
    order: list[int] = []
    for start in sorted(regions):
        if start in order:
            continue
        order.append(start)
        index = len(order) - 1
        while index < len(order):
            for other in sorted(touching[order[index]]):
                if other not in order:
                    order.append(other)
            index += 1
    return order


class _Search:
    """The depth-first walk over the regions, choosing a tetromino for each."""

    def __init__(self, puzzle: Lits, limit: int) -> None:
        self.rows, self.cols = rows, cols = puzzle.rows, puzzle.cols
        self.limit = limit
        self.around = around = _neighbours(rows, cols)
        self.label = label = puzzle.regions
        self.members: dict[int, list[int]] = {}
        for cell, region in enumerate(label):
            if region >= 0:  # a hole is in no region
                self.members.setdefault(region, []).append(cell)
        self.order = _region_order(label, around, list(self.members))
        self.options = {
            region: [(four, _shape_key(four, cols)) for four in _candidates(cells, cols, around)]
            for region, cells in self.members.items()
        }
        self.shaded: set[int] = set()
        self.chosen: dict[int, tuple[tuple[int, ...], tuple[complex, ...]]] = {}
        self.solutions: list[Rows] = []
        self.total = 4 * len(self.members)

    def group_of(self, start: int) -> set[int]:
        around, shaded = self.around, self.shaded
        group = {start}
        todo = [start]
        while todo:
            for other in around[todo.pop()]:
                if other in shaded and other not in group:
                    group.add(other)
                    todo.append(other)
        return group

    def stuck_group(self, region: int) -> bool:
        """A shaded group next to ``region`` (just decided) that can no longer grow."""
        members, chosen, around, label = self.members, self.chosen, self.around, self.label
        if len(chosen) == len(members):
            return False
        near = {o for cell in members[region] for o in around[cell]} | set(members[region])
        looked: set[int] = set()
        for cell in near:
            if cell in self.shaded and cell not in looked:
                group = self.group_of(cell)
                looked |= group
                if not any(
                    label[o] >= 0 and label[o] not in chosen
                    for member in group
                    for o in around[member]
                ):
                    return True
        return False

    def choose(self, step: int) -> bool:
        """Choose regions from ``order[step]`` on; True once the limit is reached."""
        shaded, chosen, around, label = self.shaded, self.chosen, self.around, self.label
        if step == len(self.order):
            if len(self.group_of(min(shaded))) != self.total:
                return False
            rows, cols = self.rows, self.cols
            self.solutions.append(
                [[1 if r * cols + c in shaded else 0 for c in range(cols)] for r in range(rows)]
            )
            return len(self.solutions) >= self.limit
        region = self.order[step]
        for four, key in self.options[region]:
            if any(
                o in shaded and chosen[label[o]][1] == key for cell in four for o in around[cell]
            ):
                continue  # touches a chosen tetromino of the same shape
            shaded.update(four)
            chosen[region] = (four, key)
            if (
                not self.square_near(four)
                and not self.stuck_group(region)
                and self.choose(step + 1)
            ):
                return True
            del chosen[region]
            shaded.difference_update(four)
        return False

    def square_near(self, four: tuple[int, ...]) -> bool:
        """True when a 2×2 square holding one of ``four`` is fully shaded."""
        rows, cols, shaded = self.rows, self.cols, self.shaded
        for cell in four:
            r, c = divmod(cell, cols)
            for top_r in (r - 1, r):
                for top_c in (c - 1, c):
                    if 0 <= top_r < rows - 1 and 0 <= top_c < cols - 1:
                        top = top_r * cols + top_c
                        if {top, top + 1, top + cols, top + cols + 1} <= shaded:
                            return True
        return False
