"""An independent LITS counter that walks the cells in reading order.

The second yardstick for the rungs (the first, ``brute.py``, walks
regions). It shares no code with ``shapes.py``, ``tables.py``, the state,
the rules, the engine, ``grid.py`` or the other counter: it
reads ``rows``, ``cols`` and ``regions`` of the parsed board and decides
each cell shaded or not, checking the rules directly as it goes:

* a hole (region number -1) is always left unshaded;
* a region never gets a fifth shaded cell, and never keeps too few
  undecided cells to reach four;
* a cell that completes a shaded 2×2 (it is the square's last cell in
  reading order) is refused, and so is a shaded cell more than three steps
  (rows plus columns) from another shaded cell of its region: four
  connected cells never span more;
* when a region's fourth cell is shaded, the four must be connected, and
  their shape -- told apart by the multiset of squared distances between
  the cells, which is different for each of the five tetrominoes and does
  not change under rotation or reflection -- must differ from every
  finished tetromino of another region that it touches (and vice versa
  for regions finished later);
* after each row, every group of shaded cells must reach the last row
  decided (its only way to grow), unless it already holds every shaded
  cell the board will have; after the last row there must be one group.
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
    search = _Search(puzzle, limit)
    search.decide(0)
    return len(search.solutions), search.solutions


class _Search:
    """The walk over the cells in reading order, each decided shaded or not."""

    def __init__(self, puzzle: Lits, limit: int) -> None:
        self.rows, self.cols = rows, cols = puzzle.rows, puzzle.cols
        self.limit = limit
        self.total = total = rows * cols
        self.region_of = region_of = puzzle.regions
        self.around = [_edge_neighbours(rows, cols, cell) for cell in range(total)]
        self.size: dict[int, int] = {}
        for region in region_of:
            if region >= 0:  # a hole is in no region
                self.size[region] = self.size.get(region, 0) + 1
        self.goal = 4 * len(self.size)

        self.value = [0] * total
        self.shaded_in = dict.fromkeys(self.size, 0)
        self.decided_in = dict.fromkeys(self.size, 0)
        self.cells_in: dict[int, list[int]] = {
            region: [] for region in self.size
        }  # shaded, in order
        self.shape_of: dict[int, tuple[int, ...]] = {}
        self.solutions: list[Rows] = []
        self.shape_memo: dict[tuple[int, ...], tuple[int, ...] | None] = {}

        self.left_edge = sum(1 << (r * cols) for r in range(rows))
        self.right_edge = self.left_edge << (cols - 1)
        self.row_bits = [((1 << cols) - 1) << (r * cols) for r in range(rows)]
        self.shaded_bits = 0  # the shaded cells decided so far, as a bitset

    def shape_if_connected(self, four: tuple[int, ...]) -> tuple[int, ...] | None:
        """The distance invariant of four connected cells, or None (memoised)."""
        shape_memo, around = self.shape_memo, self.around
        if four not in shape_memo:
            inside = set(four)
            seen = {four[0]}
            todo = [four[0]]
            while todo:
                for other in around[todo.pop()]:
                    if other in inside and other not in seen:
                        seen.add(other)
                        todo.append(other)
            shape_memo[four] = _distances(list(four), self.cols) if len(seen) == 4 else None
        return shape_memo[four]

    def finished_shape_ok(self, region: int) -> bool:
        four = tuple(self.cells_in[region])
        shape = self.shape_if_connected(four)
        if shape is None:
            return False
        region_of, value, shape_of = self.region_of, self.value, self.shape_of
        for cell in four:
            for other in self.around[cell]:
                theirs = region_of[other]
                if theirs != region and value[other] == 1 and shape_of.get(theirs) == shape:
                    return False
        shape_of[region] = shape
        return True

    def spread(self, group: int) -> int:
        """The shaded cells connected to ``group`` (one step in every direction per pass)."""
        not_left, not_right = ~self.left_edge, ~self.right_edge
        cols, shaded_bits = self.cols, self.shaded_bits
        while True:
            grown = (
                group
                | (group << 1 & not_left)
                | (group >> 1 & not_right)
                | group << cols
                | group >> cols
            ) & shaded_bits
            if grown == group:
                return group
            group = grown

    def groups_can_grow(self, last_row: int) -> bool:
        """Every shaded group in rows 0..last_row reaches last_row (or is everything).

        By induction every group reached the row before, so only a group
        that holds a shaded cell of that row with an unshaded cell below it
        can have stopped: flood from those cells alone. The last row needs
        all shaded cells in one group.
        """
        shaded_bits = self.shaded_bits
        if last_row == self.rows - 1:
            return self.spread(shaded_bits & -shaded_bits) == shaded_bits
        if last_row == 0:
            return True
        ends = shaded_bits & self.row_bits[last_row - 1] & ~(shaded_bits >> self.cols)
        while ends:
            group = self.spread(ends & -ends)
            if group.bit_count() != self.goal and not group & self.row_bits[last_row]:
                return False
            ends &= ~group
        return True

    def decide(self, cell: int) -> bool:
        """Decide ``cell`` onwards; True once the limit is reached."""
        rows, cols, value = self.rows, self.cols, self.value
        if cell == self.total:
            self.solutions.append([value[r * cols : (r + 1) * cols] for r in range(rows)])
            return len(self.solutions) >= self.limit
        shaded_in, decided_in, cells_in = self.shaded_in, self.decided_in, self.cells_in
        region = self.region_of[cell]
        if region < 0:  # a hole: never shaded, value stays 0
            ok = cell % cols != cols - 1 or self.groups_can_grow(cell // cols)
            return ok and self.decide(cell + 1)
        r, c = divmod(cell, cols)
        left_after = self.size[region] - decided_in[region] - 1
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
            if shade and any(abs(r - o // cols) + abs(c - o % cols) > 3 for o in cells_in[region]):
                continue  # four connected cells are never more than three steps apart
            value[cell] = shade
            shaded_in[region] = have
            decided_in[region] += 1
            if shade:
                cells_in[region].append(cell)
                self.shaded_bits |= 1 << cell
            ok = not (shade and have == 4) or self.finished_shape_ok(region)
            if ok and c == cols - 1:
                ok = self.groups_can_grow(r)
            if ok and self.decide(cell + 1):
                return True
            if shade:
                cells_in[region].pop()
                self.shape_of.pop(region, None)
                self.shaded_bits &= ~(1 << cell)
            decided_in[region] -= 1
            shaded_in[region] -= shade
            value[cell] = 0
        return False
