"""An independent LITS counter that walks the cells in reading order.

The second yardstick for the rungs (the first, ``brute_regions.py``, walks
regions). It shares no code with ``shapes.py``, ``tables.py``,
``rules.py``, ``mass.py``, the engine, ``grid.py`` or the other counter: it
reads ``rows``, ``cols`` and ``regions`` of the parsed board and decides
each cell shaded or not, checking the rules directly as it goes:

* a region never gets a fifth shaded cell, and never keeps too few
  undecided cells to reach four;
* a cell that completes a shaded 2×2 (it is the square's last cell in
  reading order) is refused;
* when a region's fourth cell is shaded, the four must be connected, and
  their shape -- told apart by the multiset of squared distances between
  the cells, which is different for each of the five tetrominoes and does
  not change under rotation or reflection -- must differ from every
  finished tetromino of another region that it touches (and vice versa
  for regions finished later);
* after each row, every group of shaded cells must reach the last row
  decided (its only way to grow), unless it already holds every shaded
  cell the board will have; at the end there must be one group.
"""

from __future__ import annotations

from .model import Lits

Rows = list[list[int]]


def _distances(cells: list[int], cols: int) -> tuple[int, ...]:
    """Sorted squared distances between every pair of cells: a congruence invariant."""
    points = [divmod(cell, cols) for cell in cells]
    return tuple(
        sorted(
            (points[i][0] - points[j][0]) ** 2 + (points[i][1] - points[j][1]) ** 2
            for i in range(len(points))
            for j in range(i + 1, len(points))
        )
    )


def _edge_neighbours(rows: int, cols: int, cell: int) -> list[int]:
    r, c = divmod(cell, cols)
    found = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            found.append((r + dr) * cols + c + dc)
    return found


def count(puzzle: Lits, limit: int) -> tuple[int, list[Rows]]:
    """Count solutions of ``puzzle``, stopping once ``limit`` are found.

    Returns ``(count, solutions)`` with ``count == len(solutions) <= limit``;
    a count below ``limit`` is exact. Solutions are rows of 1 (shaded) / 0.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    rows, cols = puzzle.rows, puzzle.cols
    total = rows * cols
    region_of = puzzle.regions
    around = [_edge_neighbours(rows, cols, cell) for cell in range(total)]
    size: dict[int, int] = {}
    for region in region_of:
        size[region] = size.get(region, 0) + 1
    goal = 4 * len(size)

    value = [0] * total
    shaded_in = dict.fromkeys(size, 0)
    decided_in = dict.fromkeys(size, 0)
    cells_in: dict[int, list[int]] = {region: [] for region in size}  # shaded, in order
    shape_of: dict[int, tuple[int, ...]] = {}
    solutions: list[Rows] = []

    def finished_shape_ok(region: int) -> bool:
        four = cells_in[region]
        inside = set(four)
        seen = {four[0]}
        todo = [four[0]]
        while todo:
            for other in around[todo.pop()]:
                if other in inside and other not in seen:
                    seen.add(other)
                    todo.append(other)
        if len(seen) != 4:
            return False
        shape = _distances(four, cols)
        for cell in four:
            for other in around[cell]:
                theirs = region_of[other]
                if theirs != region and value[other] == 1 and shape_of.get(theirs) == shape:
                    return False
        shape_of[region] = shape
        return True

    def groups_can_grow(last_row: int) -> bool:
        """Every shaded group in rows 0..last_row reaches last_row (or is everything)."""
        shaded = {cell for cell in range((last_row + 1) * cols) if value[cell] == 1}
        seen: set[int] = set()
        for start in shaded:
            if start in seen:
                continue
            group = {start}
            todo = [start]
            while todo:
                for other in around[todo.pop()]:
                    if other in shaded and other not in group:
                        group.add(other)
                        todo.append(other)
            seen |= group
            if len(group) == goal:
                continue
            if last_row == rows - 1 or not any(cell // cols == last_row for cell in group):
                return False
        return True

    def decide(cell: int) -> bool:
        """Decide ``cell`` onwards; True once the limit is reached."""
        if cell == total:
            solutions.append([value[r * cols : (r + 1) * cols] for r in range(rows)])
            return len(solutions) >= limit
        region = region_of[cell]
        r, c = divmod(cell, cols)
        left_after = size[region] - decided_in[region] - 1
        for shade in (1, 0):
            have = shaded_in[region] + shade
            if have > 4 or have + left_after < 4:
                continue
            if (
                shade
                and r > 0
                and c > 0
                and value[cell - 1] == value[cell - cols] == value[cell - cols - 1] == 1
            ):
                continue
            value[cell] = shade
            shaded_in[region] = have
            decided_in[region] += 1
            if shade:
                cells_in[region].append(cell)
            ok = not (shade and have == 4) or finished_shape_ok(region)
            if ok and c == cols - 1:
                ok = groups_can_grow(r)
            if ok and decide(cell + 1):
                return True
            if shade:
                cells_in[region].pop()
                shape_of.pop(region, None)
            decided_in[region] -= 1
            shaded_in[region] -= shade
            value[cell] = 0
        return False

    decide(0)
    return len(solutions), solutions
